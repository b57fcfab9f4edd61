// Menu sync (docs/commands.md): which robots run another menu than their store's current one. A robot reports
// the version it runs; GET menu records what it last answered the robot (version and time); a change to the
// store's menu sets the store's `menu_changed` (a trigger, migration 050). "Out of date" compares those, so a
// price change marks the store's robots without a write per robot. A robot that never reported is not counted.
// Times, not digests, decide staleness: a menu fetched while a change was being committed can count as current
// until the store's next change (accepted: computing every robot's digest per list page would not be cheap).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import type { InTransaction } from '../../events/domain';

/** Largest menu version a robot may report. */
export const MAX_MENU_VERSION = 64;

/** On the robot list's table `device`: the robot runs a menu other than the one it would be answered now. */
export const menuOutdated = sql<SqlBool>`(device.menu_version IS NOT NULL AND (device.menu_served IS DISTINCT FROM device.menu_version
  OR device.menu_served_at IS NULL OR device.menu_served_at < (SELECT s.menu_changed FROM dealer s WHERE s._id = device.dealer)))`;

/** The robot list's filter `menu_outdated` (resources/device.ts, a `derived` field). */
export const menuOutdatedFilter = (value: unknown): Expression<SqlBool> =>
  value === true ? menuOutdated : sql<SqlBool>`NOT coalesce(${menuOutdated}, false)`;

/** The robot list's value `menu_outdated` (resources/device.ts, a `derived` field), read with each robot. */
export const menuOutdatedColumn = sql<boolean>`coalesce(${menuOutdated}, false)`;

/** GET menu answered this version to the robot, now: written when it is news (another version, or the store's
 * menu changed since the last answer), so a robot asking again and again costs no write. */
export async function menuServed(db: DB, device: string, version: string) {
  await sql`UPDATE device SET menu_served = ${version}, menu_served_at = now()
    WHERE _id = ${device} AND (menu_served IS DISTINCT FROM ${version} OR menu_served_at IS NULL
      OR menu_served_at < (SELECT s.menu_changed FROM dealer s WHERE s._id = device.dealer))`.execute(db);
}

/** The robot says which menu it runs (sync_menu's acknowledgement); a heartbeat's report goes with the beat. */
export async function menuReported(db: DB, device: string, version: string) {
  await sql`UPDATE device SET menu_version = ${version} WHERE _id = ${device} AND menu_version IS DISTINCT FROM ${version}`.execute(
    db,
  );
}

/** sync_menu acknowledged: the robot runs the menu it fetched (the version its result reports). */
export const menuSynced: InTransaction<'command.outcome'> = async (trx, c) => {
  const version = c.result?.menu_version;
  if (
    c.state === 'acknowledged' &&
    c.command === 'sync_menu' &&
    typeof version === 'string' &&
    version.length <= MAX_MENU_VERSION
  )
    await menuReported(trx, c.device, version);
};
