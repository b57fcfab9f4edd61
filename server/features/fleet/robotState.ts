// What the service records on a robot's row from what the robot does, rather than from an edit: its beats
// (online, state, work status, the menu and firmware it runs), its going offline, a lock or an unlock it obeyed,
// the firmware it reports. The row is the fleet's (docs/architecture.md, "Who writes which table"): the gateway,
// the commands and the campaigns call these functions and keep what follows a change (messages, live events,
// the operation log) to themselves.
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';

import { STATUS_COLUMNS } from '../../events/status';

export { STATUS_COLUMNS };

/** A robot's row as a beat left it, with what it held before. */
export type BeatRow = Record<(typeof STATUS_COLUMNS)[number], unknown> & {
  was_online: boolean;
  was_state: string;
  was_work_status: string | null;
};

/** One robot's beat: what it reports of itself (absent: unchanged). */
export interface BeatValues {
  /** the device row's _id */
  id: string;
  state?: string;
  work_status?: string;
  menu_version?: string;
  firmware_version?: string;
}

/**
 * Sets online, as of now, the robots of a batch of beats (one per robot) with what they report, in one statement
 * that answers what each row held before. `alongside` adds common table expressions to the same statement (the beats'
 * measurements, server/features/telemetry/ingest.ts), so they are stored in its one round trip.
 */
export async function recordBeats(db: DB, v: readonly BeatValues[], alongside: RawBuilder<unknown> = sql``) {
  return sql<BeatRow>`
    WITH v AS (SELECT * FROM unnest(${v.map((b) => b.id)}::text[], ${v.map((b) => b.state ?? null)}::text[],
                                    ${v.map((b) => b.work_status ?? null)}::text[], ${v.map((b) => b.menu_version ?? null)}::text[],
                                    ${v.map((b) => b.firmware_version ?? null)}::text[]) AS v(id, state, work_status, menu_version, firmware_version)),
         -- rows locked in one order, so batches of two processes cannot deadlock; NO KEY UPDATE (the beat changes no
         -- key), so commands being queued for these robots (their key references read-lock the rows) wait for nothing
         old AS (SELECT _id, online, state, work_status FROM device WHERE _id IN (SELECT id FROM v) ORDER BY _id FOR NO KEY UPDATE)
         ${alongside}
    UPDATE device d
       SET online = true,
           last_heartbeat = now(),
           state = coalesce(v.state, d.state),
           work_status = coalesce(v.work_status, d.work_status),
           menu_version = coalesce(v.menu_version, d.menu_version),
           firmware_version = coalesce(v.firmware_version, d.firmware_version)
      FROM old JOIN v ON v.id = old._id
     WHERE d._id = old._id
    RETURNING ${sql.join(STATUS_COLUMNS.map((c) => sql.ref(`d.${c}`)))},
              old.online AS was_online, old.state AS was_state, old.work_status AS was_work_status`.execute(db);
}

/** Sets offline at most `chunk` robots silent for longer than the window, skipping rows a beat holds; answers them. */
export async function setOfflineChunk(trx: DB, windowSeconds: number, chunk: number) {
  // The chunk is taken once, MATERIALIZED, and then set offline. Written as `_id IN (SELECT … LIMIT … FOR
  // UPDATE SKIP LOCKED)` the planner was free to run that subquery again for every row of the outer scan (a
  // nested loop, chosen whenever it expects few robots online — as ANALYZE of a fleet that was offline tells
  // it, docs/performance.md "Fresh statistics"); each run skips the rows the statement has already set
  // offline and takes the next ones, so the one statement swept every silent robot in one transaction and
  // held their rows, and their beats, until the last one was announced.
  return sql<Record<string, unknown>>`
        WITH chunk AS MATERIALIZED (
          SELECT _id FROM device
           WHERE online AND (last_heartbeat IS NULL OR last_heartbeat < now() - make_interval(secs => ${windowSeconds}))
           ORDER BY _id LIMIT ${chunk} FOR UPDATE SKIP LOCKED)
        UPDATE device d SET online = false
          FROM chunk
         WHERE d._id = chunk._id
        RETURNING ${sql.join(STATUS_COLUMNS.map((c) => sql.ref(`d.${c}`)))}`.execute(trx);
}

/** The robot obeyed a lock (with its reason and who sent it) or an unlock: answers its row, with the lock, or
 * undefined when the robot is gone. */
export async function setLocked(trx: DB, device: string, lock: { reason: string; by: string } | undefined) {
  const values = lock
    ? { locked: true, lock_reason: lock.reason, locked_by: lock.by, lock_time: sql<Date>`now()` }
    : { locked: false, lock_reason: null, locked_by: null, lock_time: null };
  return trx
    .updateTable('device')
    .set({ ...values, version: sql`version + 1` })
    .where('_id', '=', device)
    .returning([...STATUS_COLUMNS, 'locked', 'lock_reason', 'locked_by', 'lock_time'])
    .executeTakeFirst();
}

/** The robot runs this firmware version now (its update acknowledged). */
export async function firmwareRuns(db: DB, device: string, version: string): Promise<void> {
  await sql`UPDATE device SET firmware_version = ${version} WHERE _id = ${device} AND firmware_version IS DISTINCT FROM ${version}`.execute(
    db,
  );
}
