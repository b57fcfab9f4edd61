// The API's published contract: an OpenAPI 3.1 document at /api/openapi.json, made by @fastify/swagger from
// the schemas every /api route declares (derived from resources/ for generated routes, hand-written for the
// rest), and readable docs at /api/docs (@fastify/swagger-ui). Both are public: they describe calls, never data.
// Registered before any route, so that every route registered after it is collected.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE, CSRF_HEADER } from '../../resources/session';
import { API_ERROR, edgeValidator, plainSerializer, route, type JsonSchema } from './schema';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  'The administration API of VendFleet, and the device gateway its robots call.',
  'Every JSON answer is `{ code: 0, data }` on success and `{ code, message, errors? }` on failure, `code` repeating',
  "the HTTP status; messages are in the caller's language (`Accept-Language`: zh, en, es, ja). Money is integer",
  'cents, times ISO-8601. The console signs in with `POST /api/auth/signin` and sends `Authorization: Bearer <token>`;',
  'robots send `X-Device-Id` and `X-Device-Key` on `/api/device-gateway/*`.',
].join(' ');

/** swagger-ui's Immutable.js maps and lists, as far as the docs' search reads them. */
interface Imm {
  get(key: string): unknown;
  set(key: string, value: unknown): Imm;
}
interface ImmList {
  map(f: (value: Imm, key: string) => Imm): ImmList;
  filter(f: (value: Imm) => boolean): ImmList;
  size: number;
}

/** The docs' search: the tags whose name or operations match the phrase (any part of an operation's path, method,
 * summary or id, any case), each with its matching operations only. Serialized into the docs page's script, so
 * plain functions with no names inside (the page has none of the bundler's helpers). */
function searchOperations(taggedOps: ImmList, phrase: string): ImmList {
  const q = String(phrase || '')
    .trim()
    .toLowerCase();
  if (!q) return taggedOps;
  return taggedOps
    .map(function (tagObj, tag) {
      if (String(tag).toLowerCase().indexOf(q) !== -1) return tagObj;
      return tagObj.set(
        'operations',
        (tagObj.get('operations') as ImmList).filter(function (op) {
          const o = op.get('operation') as Imm | undefined;
          return [op.get('path'), op.get('method'), o && o.get('summary'), o && o.get('operationId')].some(
            function (v) {
              return !!v && String(v).toLowerCase().indexOf(q) !== -1;
            },
          );
        }),
      );
    })
    .filter(function (tagObj) {
      return (tagObj.get('operations') as ImmList).size > 0;
    });
}

/** A tag is open while a search is typed (the search left only what matches), else as the reader left it. */
function openWhileSearching(
  original: (thing: unknown, def: unknown) => boolean,
  system: { layoutSelectors: { currentFilter(): unknown } },
) {
  return function (_state: unknown, thing: unknown, def: unknown) {
    const filter = system.layoutSelectors.currentFilter();
    if (Array.isArray(thing) && thing[0] === 'operations-tag' && typeof filter === 'string' && filter.trim())
      return true;
    return original(thing, def);
  };
}

/** The name a route's trailing wildcard (`/api/files/*`) has in the document: OpenAPI names every parameter. */
export const WILDCARD_PARAM = 'path';

/**
 * A route as the document shows it. A declared resource's calls carry the operationId their declaration gives
 * (`device_list`, `order_refund`: server/crud/schema.ts); any other call's is its path under /api, in words
 * (`command_send`, `device_gateway_heartbeat`), with its method when the path has several (`user_profile_get`),
 * so it changes only when the path does. A trailing wildcard becomes the parameter `path`.
 */
function documented(schema: JsonSchema, url: string, method: string, methods: Set<string> | undefined) {
  const words = url
    .replace(/^\/api\//, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  const operationId =
    (schema.operationId as string | undefined) ??
    ((methods?.size ?? 0) > 1 ? `${words}_${method.toLowerCase()}` : words);
  let params = schema.params as JsonSchema | undefined;
  if (url.endsWith('*') && params) {
    const { '*': wild, ...rest } = params.properties as Record<string, JsonSchema>;
    params = {
      ...params,
      properties: { ...rest, [WILDCARD_PARAM]: wild },
      required: (params.required as string[]).map((n) => (n === '*' ? WILDCARD_PARAM : n)),
    };
    url = `${url.slice(0, -1)}:${WILDCARD_PARAM}`;
  }
  return {
    schema: {
      ...schema,
      ...(params ? { params } : {}),
      operationId,
    } as never,
    url,
  };
}

export async function installApiDocs(app: FastifyInstance, version: string) {
  app.setValidatorCompiler(edgeValidator);
  app.setSerializerCompiler(plainSerializer);
  app.addSchema(API_ERROR);
  // the methods of each route path (HEAD, which Fastify adds to every GET, aside): a path with several names its
  // operations with their method too
  const methodsOf = new Map<string, Set<string>>();
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat())
      if (m !== 'HEAD') methodsOf.set(r.url, (methodsOf.get(r.url) ?? new Set()).add(m));
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'VendFleet API',
        version,
        description: DESCRIPTION,
        // the project is not open source: no listed SPDX licence applies, so SPDX's own form for one of a kind
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-VendFleet-Proprietary' },
      },
      // the paths start at the root (/api/…) of whichever host serves the document
      servers: [{ url: '/', description: 'the server this document came from' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'the token POST /api/auth/signin answers' },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: `the browser console's session: a call with it must also send the ${CSRF_HEADER} header of the console's own pages`,
          },
          deviceId: { type: 'apiKey', in: 'header', name: 'X-Device-Id', description: "the robot's device id" },
          deviceKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Device-Key',
            description: "the robot's key, shown once when it was added or rotated",
          },
        },
      },
    },
    // shared schemas by their own names (ApiError), not def-0
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // the browser app's files and the metrics scrape are not part of the API; an API route gets its stable
    // operationId and a named wildcard
    transform: ({ schema, url, route }) =>
      url.startsWith('/api/')
        ? documented((schema ?? {}) as JsonSchema, url, [route.method].flat()[0], methodsOf.get(url))
        : { schema: { ...schema, hide: true } as typeof schema, url },
  });
  app.get(
    OPENAPI_PATH,
    {
      schema: route({
        tags: ['docs'],
        summary: 'This document (OpenAPI 3.1)',
        raw: { contentType: 'application/json', description: 'the OpenAPI document', schema: { type: 'object' } },
        security: 'open',
      }),
    },
    async () => app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // swagger-ui draws a list of 150 rows or more (tags and their operations) only near the screen, so expanded,
    // find-in-page missed "device-gateway" until it was scrolled to. Tags start folded: the list of tags is short
    // and drawn whole. The search box (`filter`) finds operations, not only tags: by path, method, summary or id,
    // and a tag it matches opens with its operations (the few rows a search leaves are drawn whole).
    uiConfig: {
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      filter: true,
      // serialized into the docs page's script: plain functions, no names (the page has no bundler helpers)
      plugins: [
        function (system: unknown) {
          return (
            globalThis as unknown as { SwaggerUIBundle: { plugins: { DownloadUrl: (s: unknown) => object } } }
          ).SwaggerUIBundle.plugins.DownloadUrl(system);
        },
        // swagger-ui takes a plugin as an object too (its types name only the function form)
        {
          fn: { opsFilter: searchOperations },
          statePlugins: { layout: { wrapSelectors: { isShown: openWhileSearching } } },
        } as never,
      ],
    },
  });
}
