// Password checks (sign-in, own password change, two-factor codes) are limited per username and per
// client address. An attempt is reserved before the password is hashed, by one upsert per key whose
// WHERE refuses it once the window is full: the row lock makes concurrent attempts queue, so no more
// than the limit are ever checked, on one process or many. A right answer gives its reservation back,
// so the limit counts failures (and attempts still in flight).
import { sql } from 'kysely';
import type { DB } from '../db';
import { setting } from '../config';

/** At most this many failed password checks a minute, per username and per client address. */
export const MAX_FAILURES_PER_MINUTE = 10;

/** `LOGIN_RATE_LIMIT=off` lifts the limit, for security scans (`npm run sqlmap`) only; it is on unless set so. */
const limited = () => setting('LOGIN_RATE_LIMIT');

/** The keys an attempt counts against: the username (case-folded) and the client's address. */
export const attemptKeys = (username: string, ip: string) => [`u:${username.toLowerCase()}`, `ip:${ip}`];

const WINDOW = sql`interval '1 minute'`;

/** Counts one attempt against every key; with `guarded`, only on keys still under `max`. Answers the keys counted. */
async function count(db: DB, keys: string[], guarded: boolean, max = MAX_FAILURES_PER_MINUTE): Promise<string[]> {
  const expired = sql`login_throttle.window_start <= now() - ${WINDOW}`;
  const rows = await db
    .insertInto('login_throttle')
    .values(keys.map((key) => ({ key, attempts: 1 })))
    .onConflict((oc) => {
      const update = oc.column('key').doUpdateSet({
        window_start: sql`CASE WHEN ${expired} THEN now() ELSE login_throttle.window_start END`,
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE login_throttle.attempts + 1 END`,
      });
      return guarded ? update.where(sql<boolean>`${expired} OR login_throttle.attempts < ${max}`) : update;
    })
    .returning('key')
    .execute();
  return rows.map((r) => r.key);
}

/** Reserves an attempt on every key, or none: false when any key is at its limit (answer 429). */
export async function reserveAttempt(db: DB, keys: string[]): Promise<boolean> {
  if (!limited()) return true;
  const got = await count(db, keys, true);
  if (got.length === keys.length) return true;
  await releaseAttempt(db, got);
  return false;
}

/** A right password: the reservation is given back. */
export async function releaseAttempt(db: DB, keys: string[]) {
  if (!limited() || keys.length === 0) return;
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql`attempts - 1` })
    .where('key', 'in', keys)
    .where('attempts', '>', 0)
    .execute();
}

/** A wrong password: the reservation stays. With the limit lifted nothing was reserved, so it is counted now. */
export async function keepAttempt(db: DB, keys: string[]) {
  if (!limited()) await count(db, keys, false);
}

/** One use of a per-minute allowance (a test event per account), counted whatever its outcome; false when it is
 * used up. The same counters as the sign-in limit, under a key of its own; always on (LOGIN_RATE_LIMIT is for
 * sign-in scans only). */
export async function takeAllowance(db: DB, key: string, perMinute: number): Promise<boolean> {
  return (await count(db, [key], true, perMinute)).length === 1;
}

/** Counter rows idle for a day are dropped (called on the security log's purge schedule). */
export async function purgeThrottle(db: DB) {
  await db
    .deleteFrom('login_throttle')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
