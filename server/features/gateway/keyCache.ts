// Robots checked without a statement (docs/performance.md "The heartbeat"): each process keeps the device rows it has
// looked up for a robot's key (./auth.ts), at most MAX_AGE_MS and MAX_ENTRIES, and forgets a robot in every process
// when what its calls are checked against changes — its key (rotate_key), its store, brand, name or type (an edit,
// unbind), its lock (an acknowledged lock or unlock). `npm run bench:beat`'s profile (docs/performance.md):
// the largest share of a beat's server CPU was pg's socket write, one per statement, and the key lookup was half
// of a beat's statements. The map itself (bounded, aged, generation-guarded, revoked by owner) and whether it
// may serve now are server/events/revocableCache.ts, shared with the sessions' cache. The news travels as the
// session cache's does (server/auth/sessionCache.ts, whose reasoning holds here too):
// - each of those changes publishes `rights.changed` with `devices` in the transaction that makes it;
// - the call that made it answers only once every listening process has heard it (`heard`, server/events/bus.ts),
//   so no process serves the robot's old key, store or lock to a call made after that answer;
// - a lookup in flight while news arrived is not kept (the generation moved on);
// - on PostgreSQL the cache is used only while this process's LISTEN connection is up, and emptied whenever it
//   goes down or comes back; the maximum age is the backstop for a change made outside the service (SQL by hand).
// Only a key that matches the kept row's hash is served from here: any other key goes to the database, so a
// robot given a new key is never refused for an old row, and a wrong key costs what it cost before.
import { onRelayChange, onRightsChange, type RightsChange } from '../../events/bus';
import { cacheUsable, revocableCache, type CacheMode } from '../../events/revocableCache';

/** The backstop: a robot's row is read again at least this often (every 6th beat at the simulator's 10 s). */
export const MAX_AGE_MS = 60_000;
/** A bound on memory: past it the oldest entry goes (a few hundred bytes each; bench:fleet beats 10,000 robots). */
const MAX_ENTRIES = 20_000;

/** One server's cache (a process may hold several servers in tests, each on its own database): rows kept by the
 * robot's `device_id` (what its calls name), revoked by its `_id` (what the news names). */
export function deviceKeyCache<R extends { _id: string; key_hash: string }>(mode: CacheMode | undefined) {
  const cache = revocableCache<R>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
  const forget = (c: RightsChange) => {
    if (c.devices?.length) cache.revoke([], c.devices);
  };
  const unwatch = [onRightsChange(forget), onRelayChange(() => cache.clear())];
  return {
    /** The robot's kept row, or undefined (look it up). */
    get: (deviceId: string): R | undefined => (cacheUsable(mode) ? cache.get(deviceId) : undefined),
    /** Where a lookup starts: what it found is kept only if no news came meanwhile. */
    since: () => cache.since(),
    remember(deviceId: string, since: number, row: R) {
      if (cacheUsable(mode)) cache.remember(deviceId, since, row, [row._id]);
    },
    close() {
      for (const u of unwatch) u();
      cache.clear();
    },
  };
}
