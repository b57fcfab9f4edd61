// Authentication at the edge: every /api call but sign-in and the robots' gateway needs a live session,
// named by `Authorization: Bearer` (API clients, scripts) or by the browser's HttpOnly cookie (server/auth/cookie.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db';
import type { CallContext } from './context';
import { hashToken, lookupSession } from './session';
import { cachedSession, lookupGeneration, rememberSession } from './sessionCache';
import type { CacheMode } from '../events/revocableCache';
import { heard, rightsChangesSent } from '../events/bus';
import { cookieToken, fromOwnPage } from './cookie';
import { forbidden, unauthorized } from '../http/errors';
import { requestLang } from '../http/envelope';
import { OPENAPI_PATH, DOCS_PREFIX } from '../http/openapi';

declare module 'fastify' {
  interface FastifyRequest {
    /** rights changes this process had sent when the call arrived (rightsChangesSent()) */
    rightsSince: number;
  }
}

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
  if (!fromOwnPage(req) && !(req.method === 'GET' && path === '/api/events'))
    throw forbidden('vf.sessionUi.error.csrf');
  return token;
}

/**
 * The caller's live session: from this process's cache when it is there and news of revocations reaches
 * this process (server/auth/sessionCache.ts), else from the database (and then kept).
 */
async function sessionOf(db: DB, token: string, cache: CacheMode | undefined) {
  const tokenHash = hashToken(token);
  const hit = cachedSession(cache, tokenHash);
  if (hit) return hit.user;
  const since = lookupGeneration();
  const found = await lookupSession(db, tokenHash);
  if (found) rememberSession(cache, since, found.user, found.totpRequired);
  return found?.user;
}

/** `cache`: how sessions may be cached (server/main.ts decides by the engine); none when not given. */
export function installAuth(app: FastifyInstance, db: DB, cache?: CacheMode) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('rightsSince', 0);
  // A call that ended sessions or changed rights answers once this process has heard that change back
  // (server/events/bus.ts): its caller's next call finds no cached session the change ended.
  app.addHook('onRequest', (req, _reply, done) => {
    req.rightsSince = rightsChangesSent();
    done();
  });
  app.addHook('onSend', async (req) => {
    if (rightsChangesSent() > req.rightsSince) await heard(req.rightsSince);
  });
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (
      !path.startsWith('/api/') ||
      OPEN.has(path) ||
      path.startsWith('/api/device-gateway/') ||
      path.startsWith('/api/files/') ||
      isApiDocs(path)
    )
      return;
    const token = tokenOf(req, path);
    const user = token && token.length <= 200 ? await sessionOf(db, token, cache) : undefined;
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
