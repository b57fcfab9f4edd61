// The security headers every answer carries (server/app.ts). helmet decides which headers and their values; they
// are the same for every request, so they are worked out once, at start, and set as they are on each answer:
// running helmet's fourteen middlewares per request (each setting its header through a closure chain) was ~2 % of a
// profile call's CPU (docs/performance.md, "As a browser pays it"). They go with the reply's own headers (Fastify's
// `reply.headers`), not onto the raw answer: one `setHeader` there sends every header of the answer through Node's
// per-header checks twice (`setHeader`, then `writeHead` merging Fastify's into them).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options, in its order. */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  // helmet's middlewares are synchronous; were one not, the list would be short of its headers
  if (!done) throw new Error('helmet did not finish synchronously: the security headers cannot be worked out once');
  return [...headers];
}

/** The headers as one object, each name in lower case as Fastify keeps a reply's headers. */
export function headerObject(headers: ReadonlyArray<readonly [string, string]>): Readonly<Record<string, string>> {
  return Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
}

/** Sets the worked-out headers on an answer (a route may then set a stricter one of its own). A route that takes the
 * answer over (`reply.hijack()`) writes `reply.getHeaders()` itself (server/features/live/). */
export function setSecurityHeaders(reply: FastifyReply, headers: Readonly<Record<string, string>>) {
  reply.headers(headers);
}
