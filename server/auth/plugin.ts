// Authentication at the edge: every /api call but sign-in and the robots' gateway needs a live session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db';
import type { CallContext } from './context';
import { loadSession } from './session';
import { unauthorized } from '../http/errors';
import { requestLang } from '../http/envelope';

export const TOKEN_COOKIE = 'vendfleet_token';
const OPEN = new Set(['/api/auth/signin', '/api/health', '/api/health/live', '/api/health/ready']);

function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+\S+$/i.test(h)) return h.replace(/^Bearer\s+/i, '');
  // EventSource cannot send headers: the event stream (a GET, so no CSRF risk) may use the cookie.
  if (req.method === 'GET' && req.url.startsWith('/api/events')) {
    const m = new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '');
    if (m) return decodeURIComponent(m[1]);
  }
  return undefined;
}

export function installAuth(app: FastifyInstance, db: DB) {
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || OPEN.has(path) || path.startsWith('/api/device-gateway/') || path.startsWith('/api/files/')) return;
    const token = tokenOf(req);
    if (!token || token.length > 200) throw unauthorized();
    const user = await loadSession(db, token);
    if (!user) throw unauthorized();
    req.user = user;
  });
}

export function ctxOf(req: FastifyRequest): CallContext {
  if (!req.user) throw unauthorized();
  return { user: req.user, lang: requestLang(req), ip: req.ip };
}
