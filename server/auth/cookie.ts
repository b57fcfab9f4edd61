// The browser's session cookie: set at sign-in, cleared at log-out, read with the CSRF rule of
// resources/session.ts. Bearer tokens (robots' scripts, API clients) do not go through here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../resources/session';
import { SESSION_DAYS } from './session';

/** HTTPS seen by the browser: the connection itself, or `X-Forwarded-Proto: https` behind TRUST_PROXY=1. */
const secure = (req: FastifyRequest) => req.protocol === 'https';

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string) {
  const common = { path: '/', sameSite: 'strict', secure: secure(req), maxAge: SESSION_DAYS * 24 * 3600 } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply) {
  const common = { path: '/', sameSite: 'strict', secure: secure(req) } as const;
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(SIGNED_IN_COOKIE, common);
}

/** The session cookie's token, when the request carries one. */
export const cookieToken = (req: FastifyRequest): string | undefined => req.cookies?.[SESSION_COOKIE] || undefined;

/** Whether the call says it comes from the app's own pages (see CSRF_HEADER). */
export const fromOwnPage = (req: FastifyRequest) => !!req.headers[CSRF_HEADER.toLowerCase()];
