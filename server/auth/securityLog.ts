// Refused robot keys and failed sign-ins, kept as counters per kind, subject and ten-minute window
// (an upsert, not a row per event) and purged after a day, so a flood cannot grow the table without
// limit. The subject is the account or robot when one exists, else the client's address, so made-up
// names do not make rows of their own either.
import { sql } from 'kysely';
import type { DB } from '../db';
import { purgeThrottle } from './throttle';
import { purgeHolds } from './holds';

export type SecurityEventKind = 'signin_failed' | 'gateway_refused' | 'totp_failed';

/** Rows older than this are purged. */
export const KEEP = sql`interval '1 day'`;
/** A purge runs at most this often per process. */
export const PURGE_EVERY_MS = 10 * 60_000;

/** A recorder for one database; it remembers when it last purged. Answers whether this event opened a window. */
export function securityLog(db: DB) {
  let lastPurge = 0;
  return async (kind: SecurityEventKind, subject: string, ip: string): Promise<boolean> => {
    const row = await db
      .insertInto('security_event')
      .values({
        kind,
        subject: subject.slice(0, 120),
        window_start: sql`date_bin(interval '10 minutes', now(), timestamptz '2000-01-01')`,
        last_ip: ip,
      })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'subject', 'window_start'])
          .doUpdateSet({ count: sql`security_event.count + 1`, last_ip: ip, last_time: sql`now()` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await db
        .deleteFrom('security_event')
        .where('window_start', '<', sql<Date>`now() - ${KEEP}`)
        .execute();
      await purgeThrottle(db);
      await purgeHolds(db);
    }
    return row.count === 1;
  };
}
