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
  const bearer = h ? BEARER.exec(h) : null;
  if (bearer) return bearer[1];
  const token = cookieToken(req);
  if (!token) return undefined;
  // A cookie goes with every request the browser makes to this site, forged ones included: only a call that
  // proves it comes from the app's own pages may use it. EventSource cannot send a header; the event stream
  // is a read-only GET, and SameSite=Strict keeps other sites' pages from opening it with the cookie.
  if (!fromOwnPage(req) && !(req.method === 'GET' && path === '/api/events'))
    throw forbidden('vf.sessionUi.error.csrf');
  return token;
}
const BEARER = /^Bearer\s+(\S+)$/i;

/** Whether a call to this path needs a session: every /api call but the open ones, the robots' and the files'. */
const needsSession = (path: string) =>
  path.startsWith('/api/') &&
  !OPEN.has(path) &&
  !path.startsWith('/api/device-gateway/') &&
  !path.startsWith('/api/files/') &&
  !isApiDocs(path);

/** The caller's live session from the database (and then kept, server/auth/sessionCache.ts). */
async function lookup(db: DB, tokenHash: string, cache: CacheMode | undefined) {
  const since = lookupGeneration();
  const found = await lookupSession(db, tokenHash);
  if (found) rememberSession(cache, since, found.user, found.totpRequired);
  return found?.user;
}

/** `cache`: how sessions may be cached (server/main.ts decides by the engine); none when not given. */
export function installAuth(app: FastifyInstance, db: DB, cache?: CacheMode) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('rightsSince', 0);
  const refuse = (path: string, done: (err?: Error) => void) => {
    if (SESSION_OPTIONAL.has(path)) done();
    else done(unauthorized());
  };
  // The caller's live session: from this process's cache when it is there and news of revocations reaches this
  // process (server/auth/sessionCache.ts), else from the database. Written with a callback, not as an async
  // function: a signed-in call is answered from the cache without a promise of its own (docs/performance.md).
  app.addHook('onRequest', (req, _reply, done) => {
    // A call that ended sessions or changed rights answers once this process has heard that change back
    // (server/events/bus.ts, and the onSend hook below): its caller's next call finds no cached session it ended.
    req.rightsSince = rightsChangesSent();
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (!needsSession(path)) return done();
    let token: string | undefined;
    try {
      token = tokenOf(req, path);
    } catch (e) {
      return done(e as Error);
    }
    if (!token || token.length > 200) return refuse(path, done);
    const tokenHash = hashToken(token);
    const hit = cachedSession(cache, tokenHash);
    if (hit) {
      req.user = hit.user;
      return done();
    }
    lookup(db, tokenHash, cache).then((user) => {
      if (!user) return refuse(path, done);
      req.user = user;
      done();
    }, done);
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (rightsChangesSent() > req.rightsSince) heard(req.rightsSince).then(() => done(null, payload), done);
    else done(null, payload);
  });
}

export function ctxOf(req: FastifyRequest): CallContext {
  if (!req.user) throw unauthorized();
  return { user: req.user, lang: requestLang(req), ip: req.ip };
}
