// The API's published contract: an OpenAPI 3.1 document at /api/openapi.json, made by @fastify/swagger from
// the schemas every /api route declares (derived from resources/ for generated routes, hand-written for the
// rest), and readable docs at /api/docs (@fastify/swagger-ui). Both are public: they describe calls, never data.
// Registered before any route, so that every route registered after it is collected.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE, CSRF_HEADER } from '../../resources/session';
import { API_ERROR, edgeValidator, plainSerializer, route } from './schema';
import { checkRightsFirst } from './rightsFirst';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  'The administration API of VendFleet, and the device gateway its robots call.',
  'Every JSON answer is `{ code: 0, data }` on success and `{ code, message, errors? }` on failure, `code` repeating',
  'the HTTP status; messages are in the caller\'s language (`Accept-Language`: zh, en, es, ja). Money is integer',
  'cents, times ISO-8601. The console signs in with `POST /api/auth/signin` and sends `Authorization: Bearer <token>`;',
  'robots send `X-Device-Id` and `X-Device-Key` on `/api/device-gateway/*`.',
].join(' ');

export async function installApiDocs(app: FastifyInstance, version: string) {
  app.setValidatorCompiler(edgeValidator);
  checkRightsFirst(app);
  app.setSerializerCompiler(plainSerializer);
  app.addSchema(API_ERROR);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'VendFleet API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'the token POST /api/auth/signin answers' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `the browser console's session: a call with it must also send the ${CSRF_HEADER} header of the console's own pages` },
          deviceId: { type: 'apiKey', in: 'header', name: 'X-Device-Id', description: 'the robot\'s device id' },
          deviceKey: { type: 'apiKey', in: 'header', name: 'X-Device-Key', description: 'the robot\'s key, shown once when it was added or rotated' },
        },
      },
    },
    // shared schemas by their own names (ApiError), not def-0
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // the browser app's files and the metrics scrape are not part of the API
    transform: ({ schema, url }) => ({ schema: (url.startsWith('/api/') ? schema : { ...schema, hide: true }) as typeof schema, url }),
  });
  app.get(OPENAPI_PATH, {
    schema: route({ tags: ['docs'], summary: 'This document (OpenAPI 3.1)', raw: { contentType: 'application/json', description: 'the OpenAPI document', schema: { type: 'object' } }, security: 'open' }),
  }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // `filter`: a search box over the tags. swagger-ui draws a long document (150 rows or more) only near the
    // screen, so the browser's find-in-page missed "device-gateway" until it was scrolled to; filtered to a tag,
    // the list is short and drawn whole.
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0, filter: true },
  });
}
