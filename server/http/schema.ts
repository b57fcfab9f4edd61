// JSON schemas at the edge: the envelope of docs/ API answers as schemas, helpers the routes use to write theirs,
// and how Fastify checks bodies against them. The schemas of declared resources are derived in
// server/crud/schema.ts.
//
// The edge checks a request once, against its whole schema: that it is an object, each property's JSON type,
// and every rule a value must meet (presence, lengths, ranges, choice lists, patterns). A refusal names each
// field with the translated message of the rule it broke (server/http/envelope.ts reads the failing keyword and
// its schema: `x-message` names the message of a pattern). An empty value ("", blanks, null) is "no value": it is
// judged only by whether the field is required (`x-required`), as the declarations' forms judge it
// (resources/validate.ts), so an optional field may be cleared.
import Ajv from 'ajv';
import type { FastifySchema } from 'fastify';

export type JsonSchema = Record<string, unknown>;

/** The failure envelope (API.md): every refusal and error answers it. */
export const API_ERROR: JsonSchema = {
  $id: 'ApiError',
  type: 'object',
  description: 'A refusal or an error: `code` repeats the HTTP status; `message` is in the caller\'s language (Accept-Language: zh, en, es, ja).',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string', description: 'what went wrong, in the caller\'s language' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'validation failures: field → message' },
    reason: { type: 'string', description: 'a word a client can act on (`stale`: reload the record, then edit again)' },
  },
};

const errorRef = { $ref: 'ApiError#' };

/** A success answer around `data`. */
export const answer = (data: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  required: ['code', 'data'],
  properties: { code: { type: 'integer', enum: [0] }, data },
});

/** An object whose other properties are kept: answers carry what hooks add (a refund, a one-time key). */
export const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: true,
});

export const str = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const int = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
export const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const nullable = (s: JsonSchema): JsonSchema => ({ ...s, type: [s.type as string, 'null'].flat(), ...(s.enum ? { enum: [...(s.enum as unknown[]), null] } : {}) });
export const time: JsonSchema = { type: 'string', format: 'date-time' };
/** Any JSON object, free of form. */
export const anyObject = (description?: string): JsonSchema => ({ type: 'object', additionalProperties: true, ...(description ? { description } : {}) });

export type Security = 'session' | 'device' | 'open';
const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  session: [{ bearer: [] }, { cookie: [] }],
  device: [{ deviceId: [], deviceKey: [] }],
  open: [],
};

export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  body?: JsonSchema;
  params?: JsonSchema;
  querystring?: JsonSchema;
  /** the answer's `data` (JSON routes), or the whole 200 response when `raw` */
  data?: JsonSchema;
  /** a 200 that is not the JSON envelope (a file, an event stream, a document) */
  raw?: { contentType: string; description: string; schema?: JsonSchema };
  security?: Security;
  operationId?: string;
  /** the body's media types, when not JSON */
  consumes?: string[];
}

/** A route's schema: what it takes, what it answers, and the envelope of every refusal. */
export function route(doc: RouteDoc): FastifySchema {
  const ok = doc.raw
    ? { description: doc.raw.description, content: { [doc.raw.contentType]: { schema: doc.raw.schema ?? { type: 'string' } } } }
    : { description: 'success', ...answer(doc.data ?? {}) };
  return {
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.operationId ? { operationId: doc.operationId } : {}),
    // a body that is not JSON (an upload's parts) is read by its handler: its schema documents it
    ...(doc.body ? { body: doc.consumes ? handlerChecked(doc.body) : doc.body } : {}),
    ...(doc.consumes ? { consumes: doc.consumes } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    security: SECURITY[doc.security ?? 'session'],
    response: { 200: ok, '4xx': { description: 'refused (API.md envelope, translated)', ...errorRef }, '5xx': { description: 'unavailable or a bug', ...errorRef } },
  } as FastifySchema;
}

/** The path parameters of a route path (`/user/profile/:id` → id), each a string. */
export function paramsOf(path: string): JsonSchema | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (path.endsWith('*')) names.push('*');
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
}


/**
 * Marks a hand-written body whose handler checks each field's type itself, with messages a robot's maker
 * already relies on (`unknown notification code: 202`): the edge then checks only that the body is an object.
 */
export const HANDLER_CHECKS = 'x-checked-by-handler';
export const handlerChecked = (body: JsonSchema): JsonSchema => ({ ...body, [HANDLER_CHECKS]: true });

/** Rules of a value an empty one ("", blanks, null) is exempt from: emptiness is judged by `x-required` alone. */
const VALUE_RULES = new Set(['minLength', 'maxLength', 'pattern', 'enum', 'format', 'minimum', 'maximum']);
const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** What the edge checks of a schema: all of it, or only that the body is an object (`handlerChecked`). */
function checkedPart(s: unknown): object {
  return s && typeof s === 'object' && (s as JsonSchema)[HANDLER_CHECKS] === true ? { type: 'object' } : (s as object);
}

// No coercion ("12" stays text, null stays null: the domain code reads them as sent), no defaults filled in,
// nothing removed, and every failure at once, so that the answer names each wrong field (`verbose`: the failing
// schema and value come with each failure, to word it). Formats are documentation: a rule that matters is a
// pattern (an email's is resources/validate.ts's EMAIL_PATTERN).
const ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true, strict: false, verbose: true, validateFormats: false });
/** `x-required: true`: the field, when sent, must hold a value — not null, blanks or an empty list. (The
 * standard `required` says only that the key is there.) */
ajv.addKeyword({ keyword: 'x-required', schemaType: 'boolean', errors: false, validate: (on: boolean, v: unknown) => !on || !(blank(v) || (Array.isArray(v) && v.length === 0)) });

export interface EdgeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: JsonSchema;
  data?: unknown;
}

/** Fastify's validator compiler for every route: checks the whole schema (see the top). */
export function edgeValidator({ schema }: { schema: unknown }) {
  const check = ajv.compile(checkedPart(schema));
  const validate = (data: unknown): boolean => {
    if (check(data)) return true;
    // an empty value broke no rule of a value: it is missing, or allowed to be (`x-required` says which)
    const errors = ((check.errors ?? []) as EdgeError[]).filter((e) => !(VALUE_RULES.has(e.keyword) && blank(e.data)));
    validate.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  validate.errors = null as EdgeError[] | null;
  return validate;
}

/** Answers are built from the declarations' readable columns (secrets never reach them) and sent as they are:
 * the answer schemas document them, but never filter or coerce them (Fastify's serializer would drop a field a
 * schema misses, silently). */
export function plainSerializer() {
  return (data: unknown) => JSON.stringify(data);
}
