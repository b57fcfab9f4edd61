// The answer shape of docs/api.md: { code: 0, data } or { code, message, errors? }, in the caller's language.
// Bad input of any shape ends here as a 4xx; only a real bug is a 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate, langFromHeader } from '../../i18n';
import type { Args } from '../../i18n/translate';
import type { Lang } from '../../resources/accounts';
import { ApiError, invalid } from './errors';
import type { FieldError, FieldErrors } from '../../resources/validate';
import type { EdgeError, JsonSchema } from './schema';
import { subLabel } from '../../resources/types';
import { findResource } from '../../resources';
import { databaseUnavailable } from './unavailable';

export function ok(data: unknown) {
  return { code: 0, data };
}

function fieldLabel(lang: Lang, resource: string | undefined, field: string): string {
  if (resource) {
    // a key of a declared JSON object (`pay_info.merchant_id`): "Payment settings · Merchant id"
    const [head, sub] = field.split('.', 2);
    if (sub !== undefined) {
      const key = subLabel(resource, head, sub);
      const label = translate(lang, key);
      if (label !== key) return `${fieldLabel(lang, resource, head)} · ${label}`;
    }
    const key = `resources.${resource}.fields.${field}`;
    const label = translate(lang, key);
    if (label !== key) return label;
  }
  return field;
}

/** Postgres errors that bad input can cause, mapped to what the caller did wrong. */
function fromPostgres(
  err: { code?: string; detail?: string; constraint?: string },
  req: FastifyRequest,
): ApiError | undefined {
  switch (err.code) {
    case '23505': {
      const m = /Key \((?:lower\()?"?([\w]+)"?\)?(?:, [^)]*)?\)=\((.*)\) already exists/.exec(err.detail ?? '');
      // A brand or store account sees only its tenant: the value may be taken by another tenant's record, so it
      // hears only that the value is not available — no value, no record (platform staff see every tenant).
      const type = (req as { user?: { account_type?: string } }).user?.account_type;
      if (type !== 'SUPER' && type !== 'PROVIDER')
        return new ApiError(409, 'vf.securityData.unavailable', { field: m?.[1] ?? '' });
      return new ApiError(409, 'vf.error.duplicate', { field: m?.[1] ?? '', value: m?.[2] ?? '' });
    }
    case '23503':
      return /is still referenced/.test(err.detail ?? '')
        ? new ApiError(409, 'vf.error.in_use')
        : new ApiError(400, 'vf.error.reference_missing');
    case '23514':
    case '23502':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
    case '2201X':
    case '2201W':
    case '54000':
    // text PostgreSQL cannot store (a NUL byte, a lone surrogate) in an id, a filter or a field
    case '22021':
    case '22P05':
      return new ApiError(400, 'vf.error.bad_request');
    case '40001':
    case '40P01':
      return new ApiError(409, 'vf.error.bad_request');
    default:
      return undefined;
  }
}

/** The message key of a JSON type a value should have had (resources/validate.ts says the same). */
function typeKey(type: unknown): string {
  const t = (Array.isArray(type) ? type : String(type ?? '').split(',')).find((x) => x !== 'null');
  if (t === 'string') return 'vf.validation.type_text';
  if (t === 'integer') return 'vf.validation.integer';
  if (t === 'number') return 'vf.apidocs.type_number';
  if (t === 'boolean') return 'vf.validation.type_boolean';
  if (t === 'array') return 'vf.validation.type_list';
  if (t === 'object') return 'vf.validation.type_json';
  return 'vf.apidocs.shape';
}

/** A value's own refusal (`x-refusal`, server/http/schema.ts `refusal`), whichever of its rules was broken; a missing
 * value's is its property's. */
function ownRefusal(e: EdgeError): FieldError | undefined {
  const props = (e.parentSchema?.properties ?? {}) as Record<string, JsonSchema | undefined>;
  const s = e.keyword === 'required' ? props[String(e.params.missingProperty)] : e.parentSchema;
  const key = s?.['x-refusal'];
  if (typeof key !== 'string') return undefined;
  const valueArg = e.keyword === 'required' ? undefined : s?.['x-value'];
  const sent = typeof valueArg === 'string' ? { [valueArg]: String(e.data ?? '').slice(0, 40) } : {};
  return { key, args: { ...(s?.['x-args'] as FieldError['args']), ...sent } };
}

/** A broken rule of the edge schema in the words of the declarations' own rules (resources/validate.ts: the same
 * keys, the same arguments), read from the failing keyword and the schema that states it. */
function ruleError(e: EdgeError): FieldError {
  const refused = ownRefusal(e);
  if (refused) return refused;
  const s = e.parentSchema ?? {};
  const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const own = typeof s['x-message'] === 'string' ? (s['x-message'] as string) : undefined;
  switch (e.keyword) {
    case 'required':
    case 'x-required':
      return { key: 'vf.validation.required' };
    case 'type':
      return { key: typeKey(e.params.type) };
    case 'minLength':
    case 'maxLength': {
      const [min, max] = [n('minLength'), n('maxLength')];
      if (min !== undefined && max !== undefined) return { key: 'vf.validation.length_between', args: { min, max } };
      return min !== undefined
        ? { key: 'vf.validation.min_length', args: { min } }
        : { key: 'vf.validation.max_length', args: { max: max ?? 0 } };
    }
    case 'minimum':
    case 'maximum': {
      const [min, max] = [n('minimum'), n('maximum')];
      if (min !== undefined && max !== undefined) return { key: 'vf.validation.value_between', args: { min, max } };
      return min !== undefined
        ? { key: 'vf.validation.min_value', args: { min } }
        : { key: 'vf.validation.max_value', args: { max: max ?? 0 } };
    }
    case 'enum': {
      const choices = ((s.enum as unknown[]) ?? []).filter((c) => c !== null).join(', ');
      // a choice's own message may name the value sent, as the argument `x-value` says
      const sent = typeof s['x-value'] === 'string' ? { [s['x-value'] as string]: String(e.data) } : {};
      return { key: own ?? 'vf.validation.choice', args: { choices, ...sent } };
    }
    case 'pattern':
    case 'format':
      return { key: own ?? 'vf.validation.pattern' };
    case 'x-datetime':
      return { key: 'vf.validation.datetime' };
    case 'x-ids':
      return { key: 'vf.validation.type_list' };
    case 'maxItems':
      return { key: 'vf.validation.max_items', args: { max: n('maxItems') ?? 0 } };
    case 'minItems':
      return { key: 'vf.validation.required' };
    default:
      return { key: 'vf.apidocs.shape' };
  }
}

/** Which failure a field reports when it broke several: a missing value first, then a wrong type, then its
 * pattern (a password's says its lengths too), then any other rule. */
const FIRST = ['required', 'x-required', 'type', 'pattern'];
const rank = (keyword: string) => (FIRST.includes(keyword) ? FIRST.indexOf(keyword) : FIRST.length);

/**
 * A body that failed its route's schema (server/http/schema.ts: types and rules) as a validation failure naming
 * each field, in the envelope and words of the declarations' own checks; a body that is no object at all, or a
 * wrong path or query, as the plain refusal it was before the schemas.
 */
function fromSchema(
  err: FastifyError & { validation?: EdgeError[]; validationContext?: string },
): ApiError | undefined {
  if (!err.validation) return undefined;
  if (err.validationContext !== 'body') return new ApiError(400, 'vf.error.bad_request');
  const errors: FieldErrors = {};
  const ranks: Record<string, number> = {};
  for (const e of [...err.validation].sort((a, b) => rank(a.keyword) - rank(b.keyword))) {
    const path = e.instancePath.split('/').slice(1);
    if (e.keyword === 'required') path.push(String(e.params.missingProperty));
    // an item of a list of values (a choice among `choices`): the list is the field, as resources/validate.ts says
    if (['enum', 'minLength', 'maxLength', 'pattern'].includes(e.keyword) && /^\d+$/.test(path.at(-1) ?? ''))
      path.pop();
    const field = path.join('.');
    if (!field) return new ApiError(400, 'vf.error.body');
    if (field in errors && ranks[field] <= rank(e.keyword)) continue;
    errors[field] = ruleError(e);
    ranks[field] = rank(e.keyword);
  }
  return Object.keys(errors).length ? invalid(errors) : new ApiError(400, 'vf.error.body');
}

function fromFastify(err: FastifyError): ApiError | undefined {
  const schema = fromSchema(err);
  if (schema) return schema;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'vf.error.too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'vf.error.unsupported_type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_VALIDATION':
      return new ApiError(400, 'vf.error.body');
  }
  if (err instanceof SyntaxError) return new ApiError(400, 'vf.error.body');
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, err.statusCode === 413 ? 'vf.error.too_large' : 'vf.error.bad_request');
  }
  return undefined;
}

export function requestLang(req: FastifyRequest): Lang {
  return langFromHeader(req.headers['accept-language']);
}

/** A stored value of a field in words: a choice's label ("Cleared", not `cleared`), yes/no for a flag; any other
 * value as it is. */
function valueLabel(lang: Lang, resource: string | undefined, field: string, value: string): string {
  if (!resource) return value;
  const def = findResource(resource);
  const f = def && Object.hasOwn(def.fields, field) ? def.fields[field] : undefined;
  if (f?.type === 'boolean' && (value === 'true' || value === 'false')) return translate(lang, `ra.boolean.${value}`);
  const key = `resources.${resource}.choices.${field}.${value}`;
  const label = translate(lang, key);
  return label === key ? value : label;
}

/** An argument that is itself a message key (an account type: `vf.account_type.DEALER`) is said in the caller's language. */
function argsIn(lang: Lang, resource: string | undefined, args: Args): Args {
  const out: Args = {};
  for (const [k, v] of Object.entries(args))
    out[k] = typeof v === 'string' && /^vf\.[\w.]+$/.test(v) ? translate(lang, v) : v;
  if (args.field) out.field = fieldLabel(lang, resource, String(args.field));
  if (args.field && args.value !== undefined)
    out.value = valueLabel(lang, resource, String(args.field), String(args.value));
  return out;
}

/** An error's message in `lang`, with field names as the resource labels them (and per-field messages joined). */
export function messageOf(
  lang: Lang,
  resource: string | undefined,
  e: ApiError,
): { message: string; errors?: Record<string, string> } {
  let message = translate(lang, e.key, e.args ? argsIn(lang, resource, e.args) : undefined);
  let errors: Record<string, string> | undefined;
  if (e.fieldErrors) {
    errors = Object.fromEntries(
      Object.entries(e.fieldErrors).map(([field, fe]) => [
        field,
        translate(lang, fe.key, { ...fe.args, field: fieldLabel(lang, resource, field) }),
      ]),
    );
    message = `${message}: ${Object.values(errors).join('; ')}`;
  }
  return { message, errors };
}

/** An error a caller's input caused (ours, PostgreSQL's or Fastify's) as an ApiError; undefined for a bug. */
export function knownError(err: unknown, req: FastifyRequest): ApiError | undefined {
  if (err instanceof ApiError) return err;
  return fromPostgres(err as { code?: string }, req) ?? fromFastify(err as FastifyError) ?? databaseUnavailable(err);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, e: ApiError) {
  const resource = (req.routeOptions.config as { resource?: string } | undefined)?.resource;
  const { message, errors } = messageOf(requestLang(req), resource, e);
  return reply
    .status(e.status)
    .send({ code: e.status, message, ...(errors ? { errors } : {}), ...(e.reason ? { reason: e.reason } : {}) });
}

export function installEnvelope(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    const known = knownError(err, req);
    if (known?.status === 503) reply.header('Retry-After', '2');
    if (known) return sendError(req, reply, known);
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, new ApiError(500, 'vf.error.server'));
  });
}
