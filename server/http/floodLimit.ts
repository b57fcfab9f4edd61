// Flood limits (@fastify/rate-limit): one robot, or one account's uploads, cannot swamp the service. Counted
// per process, in memory, after authentication: the key is the robot or account proven by its credentials,
// so nobody can use up another's allowance by sending its id. Other calls are not counted here (sign-in has
// its own limit in server/features/auth/).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
// @ts-expect-error the package ships no types for its own in-memory store
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { ApiError } from './errors';
import { setting } from '../config';
import { GATEWAY_PREFIX } from '../auth/robot';

/** Calls per robot per minute: a robot beats every few seconds; the heartbeat bench sends ~6/s per robot. */
export const GATEWAY_PER_MINUTE = 600;
/** Uploads per account per minute: a person picking images, or a script importing a catalogue slowly. */
export const UPLOADS_PER_MINUTE = 30;

const UPLOAD = '/api/upload';

/** Whose allowance a call uses: `robot:<id>`, `upload:<account>`, or '' for calls not limited here. */
function keyOf(req: FastifyRequest): string {
  if (req.device && req.url.startsWith(GATEWAY_PREFIX)) return `robot:${req.device._id}`;
  if (req.user && req.routeOptions.url === UPLOAD) return `upload:${req.user._id}`;
  return '';
}

/** Whether a route's calls can have a key above: the robots' gateway and the upload. Every other route's key is ''
 * (allowed), so it goes without the limiter's hook — its four awaits were a few per cent of a signed-in call's CPU
 * (docs/performance.md, "As a browser pays it"). */
const limitable = (url: string) => url.startsWith(GATEWAY_PREFIX) || url === UPLOAD;

const CACHED_KEYS = 50_000;

/**
 * The package's in-memory store, answering a copy of the count. Its LocalStore (11.2) hands back its own live
 * counter object, which the plugin reads only after an await: calls of one burst that reach the store in the same
 * tick all read the burst's final count, so on PostgreSQL (where a burst's calls are authenticated side by side)
 * a burst of 10 with an allowance of 5 got 1 through instead of 5.
 */
class CountSnapshotStore implements FastifyRateLimitStore {
  private inner: FastifyRateLimitStore = new LocalStore(false, false, CACHED_KEYS);
  incr(
    key: string,
    cb: (e: Error | null, r?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ) {
    this.inner.incr(key, (e, r) => cb(e, r && { current: r.current, ttl: r.ttl }), timeWindow, max);
  }
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const store = new CountSnapshotStore();
    store.inner = this.inner.child(routeOptions);
    return store;
  }
}

export async function installFloodLimits(app: FastifyInstance) {
  // GATEWAY_RATE_LIMIT / UPLOAD_RATE_LIMIT (server/config.ts), read when the app is built
  const robot = setting('GATEWAY_RATE_LIMIT');
  const upload = setting('UPLOAD_RATE_LIMIT');
  // before the limiter's own onRoute hook, which skips a route whose config says `rateLimit: false`
  app.addHook('onRoute', (route) => {
    if (!limitable(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    // after authentication (onRequest), so req.device and req.user are known
    hook: 'preHandler',
    timeWindow: 60_000,
    store: CountSnapshotStore,
    keyGenerator: keyOf,
    allowList: (_req, key) => key === '',
    max: (_req, key) => (key.startsWith('robot:') ? robot : upload),
    // the envelope translates it like any refusal (vf.sessionUi.error.flood); Retry-After says when to resume
    errorResponseBuilder: () => new ApiError(429, 'vf.sessionUi.error.flood'),
  });
}
