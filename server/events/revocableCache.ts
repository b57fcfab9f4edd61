// Rows a process looked up in the database and keeps between calls until news revokes them (docs/performance.md): the
// sessions (server/auth/sessionCache.ts) and the robots' keys (server/features/gateway/keyCache.ts). What they
// share is here; each keeps its own wiring — which news revokes what, and when caching is usable at all.
// - bounded: past `maxEntries` the oldest entry goes;
// - aged: an entry older than `maxAgeMs` is looked up again, whatever was (not) heard (the backstop);
// - generation-guarded: every revocation moves the generation on, and a lookup begun under another generation
//   is not kept — a row read before a revocation committed is never cached after the revocation was heard;
// - revoked by key, or by owner (an account, a role, a robot): each owner indexes its keys, so news of one
//   account costs its own entries, not a scan of every entry.

import { relayListening, relayRunning } from './bus';

/** `local`: one process, news delivered in it (PGlite); `relay`: news through PostgreSQL's LISTEN/NOTIFY. */
export type CacheMode = 'local' | 'relay';

/** Whether news of revocations reaches this process now, so what a cache keeps may be served: each cache asks
 * before it serves or keeps anything. (A PGlite server sharing its process with a PostgreSQL one, as tests may,
 * would publish into PostgreSQL.) */
export const cacheUsable = (mode: CacheMode | undefined) =>
  mode === 'local' ? !relayRunning() : mode === 'relay' && relayListening();

export interface RevocableCacheOptions {
  /** A bound on memory: past it the oldest entry goes. */
  maxEntries: number;
  /** The backstop: an entry is looked up again at least this often. */
  maxAgeMs: number;
}

interface Entry<V> {
  value: V;
  /** when it was looked up (the max age counts from here) */
  at: number;
  /** what revokes it besides its key */
  owners: string[];
}

export interface RevocableCache<V> {
  /** The kept value, or undefined (look it up). */
  get(key: string): V | undefined;
  /** Where a lookup starts: what it found is kept only if no revocation came meanwhile. */
  since(): number;
  /** Keeps what a lookup begun at `since` found, revoked with any of `owners`; false if news came meanwhile. */
  remember(key: string, since: number, value: V, owners: readonly string[]): boolean;
  /** A kept entry learns more owners (a detail looked up later, from `since`): its value, or undefined when it is
   * not kept or news came meanwhile (then what was looked up must not be kept with it). */
  own(key: string, since: number, owners: readonly string[]): V | undefined;
  /** News: forgets these keys and every entry of these owners, and moves the generation on. */
  revoke(keys: Iterable<string>, owners: Iterable<string>): void;
  /** Forgets everything (news may have been missed), and moves the generation on. */
  clear(): void;
  readonly size: number;
}

export function revocableCache<V>({ maxEntries, maxAgeMs }: RevocableCacheOptions): RevocableCache<V> {
  const entries = new Map<string, Entry<V>>();
  const byOwner = new Map<string, Set<string>>();
  let generation = 0;
  const index = (key: string, owners: readonly string[]) => {
    for (const o of owners) {
      let keys = byOwner.get(o);
      if (!keys) byOwner.set(o, (keys = new Set()));
      keys.add(key);
    }
  };
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    for (const o of e.owners) {
      const keys = byOwner.get(o);
      keys?.delete(key);
      if (keys?.size === 0) byOwner.delete(o);
    }
  };
  const fresh = (key: string) => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > maxAgeMs) {
      drop(key);
      return undefined;
    }
    return e;
  };
  return {
    get: (key) => fresh(key)?.value,
    since: () => generation,
    remember(key, since, value, owners) {
      if (since !== generation) return false;
      drop(key);
      if (entries.size >= maxEntries) drop(entries.keys().next().value!);
      entries.set(key, { value, at: Date.now(), owners: [...owners] });
      index(key, owners);
      return true;
    },
    own(key, since, owners) {
      const e = since === generation ? fresh(key) : undefined;
      if (!e) return undefined;
      const added = owners.filter((o) => !e.owners.includes(o));
      e.owners.push(...added);
      index(key, added);
      return e.value;
    },
    revoke(keys, owners) {
      generation++;
      for (const k of keys) drop(k);
      for (const o of owners) for (const k of [...(byOwner.get(o) ?? [])]) drop(k);
    },
    clear() {
      generation++;
      entries.clear();
      byOwner.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
