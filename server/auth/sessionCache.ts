// Signed-in calls served without a session statement (docs/performance.md "Why it costs that"): the sessions this
// process has looked up, kept for at most MAX_AGE_MS (less than last_seen's refresh interval, so the lookup after it
// still refreshes that) and at most MAX_ENTRIES, and forgotten in every process when a session ends or its
// account's rights change. The change travels as the live events do (server/events/bus.ts: NOTIFY on
// PostgreSQL, heard by every process including this one; within the process on PGlite). Revocation stays
// immediate because:
// - every revocation publishes in the transaction that makes it, so the news leaves with the commit;
// - the call that made it answers only once every listening process has heard it and said so
//   (`rights.heard`, server/events/bus.ts), so its caller's next call, on any process, finds nothing cached;
// - a lookup that was in flight while news arrived is not kept (the generation moved), so a row read before
//   a revocation committed cannot be cached after the revocation was heard;
// - on PostgreSQL the cache is used only while this process's LISTEN connection is up, and emptied whenever
//   it goes down or comes back (news sent meanwhile is lost).
// Sessions of an account a role requires two-factor sign-in of are never kept: enrolling or turning it off
// (server/features/totp/) changes what they may do and is not announced.
import type { SessionUser } from './context';
import { onRelayChange, onRightsChange, type RightsChange } from '../events/bus';
import { cacheUsable, revocableCache, type CacheMode } from '../events/revocableCache';

/** The backstop: a session is looked up again at least this often, whatever was (not) heard. */
export const MAX_AGE_MS = 30_000;
/** A bound on memory: past it the oldest entry goes (about 1 KB each). */
const MAX_ENTRIES = 10_000;

/** What a role preview makes of a SUPER session (server/features/accounts/rolePreview.ts), kept with the session. */
export interface CachedPreview {
  role: string;
  display_name: string;
  authorizations: string[];
  account_type: string | null;
  integrator: string | null;
  integrator_name: string | null;
  dealer: string | null;
  dealer_name: string | null;
}

interface Entry {
  user: SessionUser;
  /** the role preview of the session: null none, undefined not looked up yet */
  preview?: CachedPreview | null;
}

/** Kept by token hash; revoked by `account:<id>` and `role:<name>` (its roles, and its preview's role). */
const cache = revocableCache<Entry>({ maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
const account = (id: string) => `account:${id}`;
const role = (name: string) => `role:${name}`;

/** Where a lookup starts: what it found is kept only if no news came meanwhile. */
export const lookupGeneration = () => cache.since();

export function cachedSession(mode: CacheMode | undefined, tokenHash: string): Entry | undefined {
  return cacheUsable(mode) ? cache.get(tokenHash) : undefined;
}

/** Keeps a session looked up under `since` (lookupGeneration() before the lookup), unless news came meanwhile. */
export function rememberSession(mode: CacheMode | undefined, since: number, user: SessionUser, totpRequired: boolean) {
  if (!cacheUsable(mode) || totpRequired) return;
  cache.remember(user.tokenHash, since, { user }, [account(user._id), ...user.roles.map(role)]);
}

/**
 * The role preview kept with a cached session: null none, undefined not known here. (Entries exist only
 * while caching is usable: they are all dropped when the relay goes down, and none are kept meanwhile.)
 */
export function cachedPreview(tokenHash: string): CachedPreview | null | undefined {
  return cache.get(tokenHash)?.preview;
}

/** Keeps a session's role preview (looked up under `since`) with the session, unless news came meanwhile; an
 * edit of the previewed role revokes it. */
export function rememberPreview(since: number, tokenHash: string, preview: CachedPreview | null) {
  const e = cache.own(tokenHash, since, preview ? [role(preview.role)] : []);
  if (e) e.preview = preview;
}

function forget(c: RightsChange) {
  cache.revoke(c.sessions ?? [], [
    ...(c.accounts ?? []).map(account),
    ...(c.stale ?? []).map(account),
    ...(c.roles ?? []).map(role),
  ]);
}

onRightsChange(forget);
onRelayChange(() => cache.clear());
