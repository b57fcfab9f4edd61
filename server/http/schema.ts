// JSON schemas at the edge: the envelope of docs/api.md as schemas, helpers the routes use to write theirs, and how
// Fastify checks bodies against them. The schemas of declared resources are derived in server/crud/schema.ts.
//
// The edge checks a body's SHAPE: that it is an object, and each property's JSON type (nested ones too). The
// rules a value must also meet (presence, lengths, ranges, choice lists, patterns) stay in the documents for
// readers, but are checked where they live — resources/validate.ts for declared fields (the function the
// browser's forms run too), the domain code for the rest — so each refusal keeps the translated message that
// names the rule. A shape failure is translated too (server/http/envelope.ts): never Fastify's English.
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifySchema } from 'fastify';

export type JsonSchema = Record<string, unknown>;

/** The failure envelope (docs/api.md, Conventions): every refusal and error answers it. */
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
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.consumes ? { consumes: doc.consumes } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    security: SECURITY[doc.security ?? 'session'],
    response: { 200: ok, '4xx': { description: 'refused (the failure envelope, translated)', ...errorRef }, '5xx': { description: 'unavailable or a bug', ...errorRef } },
  } as FastifySchema;
}

/** The path parameters of a route path (`/user/profile/:id` → id), each a string. */
export function paramsOf(path: string): JsonSchema | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (path.endsWith('*')) names.push('*');
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
}

/** The keywords of a value's rules, left to the code that checks them with their own messages (see the top). */
const RULES = new Set(['required', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum', 'const', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/**
 * Marks a hand-written body whose handler checks each field's type itself, with messages a robot's maker
 * already relies on (`unknown notification code: 202`): the edge then checks only that the body is an object.
 */
export const HANDLER_CHECKS = 'x-checked-by-handler';
export const handlerChecked = (body: JsonSchema): JsonSchema => ({ ...body, [HANDLER_CHECKS]: true });

/** The shape of a schema: the same schema without its value rules. */
export function shapeOf(s: unknown): unknown {
  if (s && typeof s === 'object' && (s as JsonSchema)[HANDLER_CHECKS] === true) return { type: 'object' };
  if (Array.isArray(s)) return s.map(shapeOf);
  if (!s || typeof s !== 'object') return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (RULES.has(k)) continue;
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object') out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, shapeOf(x)]));
    else if (k === 'type' || k === 'description' || k === 'examples') out[k] = v;
    else out[k] = shapeOf(v);
  }
  return out;
}

// No coercion ("12" stays text, null stays null: the domain code reads them as sent), no defaults filled in,
// nothing removed, and every failure at once, so that the answer names each wrong field.
const ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true, strict: false });

/** Fastify's validator compiler for every route: checks the shape of the schema (see the top). */
export function shapeValidator({ schema }: { schema: unknown }): ValidateFunction {
  return ajv.compile(shapeOf(schema) as object);
}

/** Answers are built from the declarations' readable columns (secrets never reach them) and sent as they are:
 * the answer schemas document them, but never filter or coerce them (Fastify's serializer would drop a field a
 * schema misses, silently). */
export function plainSerializer() {
  return (data: unknown) => JSON.stringify(data);
}
