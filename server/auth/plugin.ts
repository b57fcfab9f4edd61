// Authentication at the edge: every /api call but sign-in and the robots' gateway needs a live session,
// named by `Authorization: Bearer` (API clients, scripts) or by the browser's HttpOnly cookie (server/auth/cookie.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db';
import type { CallContext } from './context';
import { loadSession } from './session';
import { cookieToken, fromOwnPage } from './cookie';
import { forbidden, unauthorized } from '../http/errors';
import { requestLang } from '../http/envelope';
import { OPENAPI_PATH, DOCS_PREFIX } from '../http/openapi';

const OPEN = new Set(['/api/auth/signin', '/api/auth/totp', '/api/health', '/api/health/live', '/api/health/ready']);
/** The API's published contract and its docs page describe calls, never data: anyone may read them. */
const isApiDocs = (path: string) => path === OPENAPI_PATH || path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
/** Log-out ends the session when there is one, and clears the browser's cookies either way. */
const SESSION_OPTIONAL = new Set(['/api/auth/logout']);

function tokenOf(req: FastifyRequest, path: string): string | undefined {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+\S+$/i.test(h)) return h.replace(/^Bearer\s+/i, '');
  const token = cookieToken(req);
  if (!token) return undefined;
  // A cookie goes with every request the browser makes to this site, forged ones included: only a call that
  // proves it comes from the app's own pages may use it. EventSource cannot send a header; the event stream
  // is a read-only GET, and SameSite=Strict keeps other sites' pages from opening it with the cookie.
  if (!fromOwnPage(req) && !(req.method === 'GET' && path === '/api/events')) throw forbidden('vf.sessionUi.error.csrf');
  return token;
}

export function installAuth(app: FastifyInstance, db: DB) {
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || OPEN.has(path) || path.startsWith('/api/device-gateway/') || path.startsWith('/api/files/') || isApiDocs(path)) return;
    const token = tokenOf(req, path);
    const user = token && token.length <= 200 ? await loadSession(db, token) : undefined;
    if (!user) {
      if (SESSION_OPTIONAL.has(path)) return;
      throw unauthorized();
    }
    req.user = user;
  });
}

export function ctxOf(req: FastifyRequest): CallContext {
  if (!req.user) throw unauthorized();
  return { user: req.user, lang: requestLang(req), ip: req.ip };
}
