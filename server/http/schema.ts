// JSON schemas at the edge: the envelope of docs/api.md as schemas, helpers the routes use to write theirs, and how
// Fastify checks bodies against them. The schemas of declared resources are derived in server/crud/schema.ts.
//
// The edge checks a request once, against its whole schema: that it is an object, each property's JSON type,
// and every rule a value must meet (presence, lengths, ranges, choice lists, patterns). A refusal names each
// field with the translated message of the rule it broke (server/http/envelope.ts reads the failing keyword and
// its schema: `x-message` names the message of a pattern or a choice, `x-refusal` one message for every rule of a
// value, `refusal()`). In a declared field an empty value ("", blanks, null)
// is "no value": it is judged only by whether the field is required (`x-required`), as the declarations' forms judge it
// (resources/validate.ts), so an optional field may be cleared. Declared text is trimmed and digits read as their
// number before the rules are judged (`x-trim`, `x-digits`), so the rules judge what the form judges; the engine
// then only tidies what passed (resources/validate.ts `tidyFields`).
import Ajv from 'ajv';
import { isObject, isTime } from '../../resources/validate';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Static, TBoolean, TInteger, TNumber, TObject, TOptional, TSchema, TString, TUnsafe } from 'typebox';

export type JsonSchema = Record<string, unknown>;

// The builders below make plain JSON schemas, as the edge checks and the OpenAPI document publishes them; their
// TYPES are TypeBox's, so that a handler's body is typed from the very schema that checked it (`EdgeTypes`). A
// schema written by hand as a literal is checked all the same, and types its handler's value as `unknown`.

/** A schema whose TypeBox type says what a value of it is. */
type Typed<T extends TSchema> = T & JsonSchema;
/** A schema its value's type can be read from: one the builders made (a literal's is `unknown`). */
type Readable = { '~kind': string } | { '~unsafe': unknown };
/** The type of a value a schema accepts. */
export type ValueOf<S> = S extends Readable ? Static<S & TSchema> : unknown;

/** Fastify's type provider for the builders' schemas: `req.body`, `req.query`, `req.params` typed from them. */
export interface EdgeTypes extends FastifyTypeProvider {
  validator: ValueOf<this['schema']>;
  serializer: unknown;
}
/** A Fastify instance whose handlers receive typed requests (`EdgeTypes`): what an `EdgePlugin` is handed, and
 * what a feature's route functions take. `app.withTypeProvider<EdgeTypes>()` makes one of a plain instance. */
export type EdgeInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  EdgeTypes
>;
/** A plugin whose handlers receive typed requests (`EdgeTypes`). */
export type EdgePlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  EdgeTypes
>;

/** The failure envelope (docs/api.md, Conventions): every refusal and error answers it. */
export const API_ERROR: JsonSchema = {
  $id: 'ApiError',
  type: 'object',
  description:
    "A refusal or an error: `code` repeats the HTTP status; `message` is in the caller's language (Accept-Language: zh, en, es, ja).",
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status' },
    message: { type: 'string', description: "what went wrong, in the caller's language" },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'validation failures: field → message',
    },
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

/** The properties of an object as TypeBox types them: the ones not `required` are optional. */
type PropertiesOf<P extends Record<string, JsonSchema>, R extends string> = {
  [K in keyof P]: K extends R ? P[K] & TSchema : TOptional<P[K] & TSchema>;
};

/** An object whose other properties are kept: answers carry what hooks add (a refund, a one-time key). */
export const obj = <P extends Record<string, JsonSchema>, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
) =>
  ({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: true,
  }) as unknown as Typed<TObject<PropertiesOf<P, R>>>;

export const str = (description?: string, extra: JsonSchema = {}) =>
  ({ type: 'string', ...(description ? { description } : {}), ...extra }) as Typed<TString>;
export const int = (description?: string, extra: JsonSchema = {}) =>
  ({ type: 'integer', ...(description ? { description } : {}), ...extra }) as Typed<TInteger>;
/** A number not necessarily whole (a ratio, a setting's seconds): integers are `int`. */
export const num = (description?: string, extra: JsonSchema = {}) =>
  ({ type: 'number', ...(description ? { description } : {}), ...extra }) as Typed<TNumber>;
export const bool = (description?: string) =>
  ({ type: 'boolean', ...(description ? { description } : {}) }) as Typed<TBoolean>;
/** A value of `s`, or null: a type list gains "null"; a schema of no type (any JSON value) already allows it; a
 * reference or a choice of shapes becomes one of them or null. */
export const nullable = <S extends JsonSchema>(s: S) =>
  (s.type !== undefined
    ? {
        ...s,
        type: [s.type as string, 'null'].flat(),
        ...(s.enum ? { enum: [...(s.enum as unknown[]), null] } : {}),
      }
    : s.$ref !== undefined || s.anyOf !== undefined
      ? { anyOf: [...((s.anyOf as JsonSchema[] | undefined) ?? [{ $ref: s.$ref }]), { type: 'null' }] }
      : s) as unknown as Typed<TUnsafe<ValueOf<S> | null>>;
export const time = { type: 'string', format: 'date-time' } as unknown as Typed<TString>;
/** Any JSON object, free of form. */
export const anyObject = (description?: string) =>
  ({ type: 'object', additionalProperties: true, ...(description ? { description } : {}) }) as unknown as Typed<
    TUnsafe<Record<string, unknown>>
  >;
/** One of a list of words (a choice list), typed as that list. */
export const choice = <const C extends readonly string[]>(choices: C, description?: string, extra: JsonSchema = {}) =>
  ({ type: 'string', enum: [...choices], ...(description ? { description } : {}), ...extra }) as unknown as Typed<
    TUnsafe<C[number]>
  >;
/** A list of values of one schema. */
export const list = <S extends JsonSchema>(items: S, extra: JsonSchema = {}) =>
  ({ type: 'array', items, ...extra }) as unknown as Typed<TUnsafe<Array<ValueOf<S>>>>;

export type Security = 'session' | 'device' | 'open';
const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  session: [{ bearer: [] }, { cookie: [] }],
  device: [{ deviceId: [], deviceKey: [] }],
  open: [],
};

export interface RouteDoc<B = JsonSchema, Q = JsonSchema, P = JsonSchema> {
  tags: string[];
  summary: string;
  description?: string;
  body?: B;
  params?: P;
  querystring?: Q;
  /** the answer's `data` (JSON routes), or the whole 200 response when `raw` */
  data?: JsonSchema;
  /** a 200 that is not the JSON envelope (a file, an event stream, a document) */
  raw?: { contentType: string; description: string; schema?: JsonSchema };
  security?: Security;
  operationId?: string;
  /** the body's media types, when not JSON */
  consumes?: string[];
}

/** A route's schema as Fastify reads it: what it takes (typed, for `EdgeTypes`) and the rest. */
export type RouteSchema<B, Q, P> = Omit<FastifySchema, 'body' | 'querystring' | 'params'> & {
  body: B;
  querystring: Q;
  params: P;
};

/** A route's schema: what it takes, what it answers, and the envelope of every refusal. */
export function route<
  B extends JsonSchema | undefined = undefined,
  Q extends JsonSchema | undefined = undefined,
  P extends JsonSchema | undefined = undefined,
>(doc: RouteDoc<B, Q, P>): RouteSchema<B, Q, P> {
  const ok = doc.raw
    ? {
        description: doc.raw.description,
        content: { [doc.raw.contentType]: { schema: doc.raw.schema ?? { type: 'string' } } },
      }
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
    response: {
      200: ok,
      '4xx': { description: 'refused (the failure envelope, translated)', ...errorRef },
      '5xx': { description: 'unavailable or a bug', ...errorRef },
    },
  } as unknown as RouteSchema<B, Q, P>;
}

/** The path parameters of a route path (`/user/profile/:id` → id), each a string. */
export function paramsOf(path: string): JsonSchema | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (path.endsWith('*')) names.push('*');
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
}

/**
 * A value's own refusal, whatever rule of it is broken (a robot's maker relies on these words): the message key,
 * its fixed arguments, and the argument that carries the value sent (server/http/envelope.ts).
 */
export const refusal = (key: string, args: Record<string, string | number> = {}, valueArg?: string): JsonSchema => ({
  'x-refusal': key,
  'x-args': args,
  ...(valueArg ? { 'x-value': valueArg } : {}),
});

/**
 * Marks a body its handler reads itself — an upload's multipart parts (`route`'s `consumes`), which the schema only
 * documents: the edge then checks only that the body is an object. A JSON body always has a real schema.
 */
export const HANDLER_CHECKS = 'x-checked-by-handler';
export const handlerChecked = (body: JsonSchema) =>
  ({ ...body, [HANDLER_CHECKS]: true }) as unknown as Typed<TUnsafe<Record<string, unknown>>>;

/** Rules of a value an empty one ("", blanks, null) is exempt from: emptiness is judged by `x-required` alone. */
const VALUE_RULES = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'format',
  'minimum',
  'maximum',
  'x-datetime',
]);

/** A whole number written as text (what a form's number input sends): `x-digits` reads it as the number. */
export const DIGITS = '^\\s*-?\\d{1,15}\\s*$';
const digits = new RegExp(DIGITS);

// Before its rules are judged, a body is tidied as its schema says, once, in place (Fastify's own validator does
// the same with coercion and defaults): `x-trim` text loses its outer blanks, so lengths and patterns judge the
// text that is kept; `x-digits` text of digits becomes its number, so ranges judge it. The handler receives both.
type Tidy = (v: unknown) => unknown;
function tidierOf(s: unknown): Tidy | undefined {
  if (!isObject(s)) return undefined;
  if (s['x-trim'] === true) return (v) => (typeof v === 'string' ? v.trim() : v);
  if (s['x-digits'] === true) return (v) => (typeof v === 'string' && digits.test(v) ? Number(v.trim()) : v);
  const props = Object.entries(isObject(s.properties) ? s.properties : {}).flatMap(([k, p]) => {
    const t = tidierOf(p);
    return t ? [[k, t] as const] : [];
  });
  if (props.length === 0) return undefined;
  return (v) => {
    if (isObject(v)) for (const [k, t] of props) if (Object.hasOwn(v, k)) v[k] = t(v[k]);
    return v;
  };
}
const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
/** Where an empty value is "no value": a declared field — an optional one may be cleared (`x-clearable`), a required
 * one's presence is judged by `x-required`. Any other schema means what JSON Schema says: `minLength: 1` refuses "". */
const emptyMeansNone = (s: JsonSchema | undefined) => !!s && (s['x-required'] === true || s['x-clearable'] === true);

/** What the edge checks of a schema: all of it, or only that the body is an object (`handlerChecked`). */
function checkedPart(s: unknown): object {
  return s && typeof s === 'object' && (s as JsonSchema)[HANDLER_CHECKS] === true ? { type: 'object' } : (s as object);
}

// No coercion ("12" stays text, null stays null: the domain code reads them as sent), no defaults filled in,
// nothing removed, and every failure at once, so that the answer names each wrong field (`verbose`: the failing
// schema and value come with each failure, to word it). Formats are documentation: a rule that matters is a
// pattern (an email's is resources/validate.ts's EMAIL_PATTERN).
const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: true,
  strict: false,
  verbose: true,
  validateFormats: false,
});
/** `x-required: true`: the field, when sent, must hold a value — not null, blanks or an empty list. (The
 * standard `required` says only that the key is there.) */
ajv.addKeyword({
  keyword: 'x-required',
  schemaType: 'boolean',
  errors: false,
  validate: (on: boolean, v: unknown) => !on || !(blank(v) || (Array.isArray(v) && v.length === 0)),
});

/** `x-datetime`: a time, as ISO-8601 text or epoch milliseconds (resources/validate.ts `isTime`). */
ajv.addKeyword({
  keyword: 'x-datetime',
  schemaType: 'boolean',
  errors: false,
  validate: (on: boolean, v: unknown) => !on || isTime(v),
});
/** `x-ids`: a list of ids — each a text of 1 to 200 characters. */
ajv.addKeyword({
  keyword: 'x-ids',
  schemaType: 'boolean',
  errors: false,
  validate: (on: boolean, v: unknown) =>
    !on || !Array.isArray(v) || v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 200),
});

/** `x-max-bytes`: a value at most this many bytes as JSON. */
ajv.addKeyword({
  keyword: 'x-max-bytes',
  schemaType: 'number',
  errors: false,
  validate: (max: number, v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '') <= max,
});

export interface EdgeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: JsonSchema;
  data?: unknown;
}

/**
 * Compiled checks by their schema's JSON. Ajv keys its own cache by the schema object, and each app builds its
 * routes' schemas afresh: a process that starts a second server (each test file starts its own, and a worker runs
 * file after file: docs/testing.md, "Files share a worker") compiled every schema again, ~0.5 CPU-s a start.
 * A schema is JSON, so equal text is an equal check.
 */
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Fastify's validator compiler for every route: checks the whole schema (see the top). */
export function edgeValidator({ schema }: { schema: unknown }) {
  const checked = checkedPart(schema);
  const key = JSON.stringify(checked);
  let check = compiled.get(key);
  if (!check) compiled.set(key, (check = ajv.compile(checked)));
  const tidy = tidierOf(checked);
  const validate = (data: unknown): boolean => {
    tidy?.(data);
    if (check(data)) return true;
    // an empty value broke no rule of a value: it is missing, or allowed to be (`x-required` says which)
    const errors = ((check.errors ?? []) as EdgeError[]).filter(
      (e) => !(VALUE_RULES.has(e.keyword) && blank(e.data) && emptyMeansNone(e.parentSchema)),
    );
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
