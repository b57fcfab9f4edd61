// Flood limits (@fastify/rate-limit): one robot, or one account's uploads, cannot swamp the service. Counted
// per process, in memory, after authentication: the key is the robot or account proven by its credentials,
// so nobody can use up another's allowance by sending its id. Other calls are not counted here (sign-in has
// its own limit in routes/auth.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from './errors';
import { setting } from '../config';
import { GATEWAY_PREFIX } from '../gateway/auth';

/** Calls per robot per minute: a robot beats every few seconds; the heartbeat bench sends ~6/s per robot. */
export const GATEWAY_PER_MINUTE = 600;
/** Uploads per account per minute: a person picking images, or a script importing a catalogue slowly. */
export const UPLOADS_PER_MINUTE = 30;


/** Whose allowance a call uses: `robot:<id>`, `upload:<account>`, or '' for calls not limited here. */
function keyOf(req: FastifyRequest): string {
  if (req.device && req.url.startsWith(GATEWAY_PREFIX)) return `robot:${req.device._id}`;
  if (req.user && req.routeOptions.url === '/api/upload') return `upload:${req.user._id}`;
  return '';
}

export async function installFloodLimits(app: FastifyInstance) {
  // GATEWAY_RATE_LIMIT / UPLOAD_RATE_LIMIT (server/config.ts), read when the app is built
  const robot = setting('GATEWAY_RATE_LIMIT');
  const upload = setting('UPLOAD_RATE_LIMIT');
  await app.register(rateLimit, {
    global: true,
    // after authentication (onRequest), so req.device and req.user are known
    hook: 'preHandler',
    timeWindow: 60_000,
    cache: 50_000,
    keyGenerator: keyOf,
    allowList: (_req, key) => key === '',
    max: (_req, key) => (key.startsWith('robot:') ? robot : upload),
    // the envelope translates it like any refusal (vf.sessionUi.error.flood); Retry-After says when to resume
    errorResponseBuilder: () => new ApiError(429, 'vf.sessionUi.error.flood'),
  });
}
