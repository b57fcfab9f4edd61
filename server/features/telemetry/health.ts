// The fleet's health for the caller's scope (POST /api/dashboard/fleet, docs/telemetry.md "Fleet health"): robots
// online, offline, in failure and locked; active alarms by level; sold-out lines; robots the forecasts have running
// empty within 24 hours (docs/replenishment.md); per store the uptime over the range and the median time to clear
// an alarm; and the firmware versions the robots run, per type. Four statements, each on one indexed scope column.
//
// Uptime is read from the offline alarms (code 100002, opened by the offline sweep, cleared when the robot beats
// again): 1 − (time the store's robots spent under one, within the range) / (its robots × the range). A robot
// that never beat has no such alarm and counts as up; one added during the range counts from its start.
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import device from '../../../resources/device';
import { OFFLINE_CODE } from '../../../resources/alarm_codes';
import type { Range } from './series';
import { menuOutdated } from '../fleet/menuSync';
import type { FirmwareCount } from '../../../resources/dashboard';

export interface StoreHealth {
  dealer: string | null;
  online: number;
  offline: number;
  failure: number;
  locked: number;
  uptime: number;
  clear_median_minutes: number | null;
}

/** `col = value AND …` of the caller's scope over a table carrying integrator and dealer; false when none. */
function scopeOf(ctx: CallContext, alias: string): RawBuilder<unknown> {
  const scope = scopeConditions(device, ctx.user);
  if (scope === 'none') return sql`false`;
  if (scope.length === 0) return sql`true`;
  return sql.join(
    scope.map(([col, value]) => sql`${sql.ref(`${alias}.${col}`)} = ${value}`),
    sql` AND `,
  );
}

export async function fleetHealth(db: DB, ctx: CallContext, r: Range) {
  requirePermission(ctx.user, device.permissions.list);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const rangeSeconds = (r.to.getTime() - r.from.getTime()) / 1000;
  const [robots, alarms, down, versions] = await Promise.all([
    sql<{
      dealer: string | null;
      total: number;
      online: number;
      failure: number;
      locked: number;
      menu_outdated: number;
    }>`
      SELECT device.dealer, count(*)::int AS total, count(*) FILTER (WHERE device.online)::int AS online,
             count(*) FILTER (WHERE device.state = 'failure')::int AS failure, count(*) FILTER (WHERE device.locked)::int AS locked,
             count(*) FILTER (WHERE ${menuOutdated})::int AS menu_outdated
        FROM device WHERE ${scopeOf(ctx, 'device')} GROUP BY device.dealer`.execute(db),
    sql<{ warning: number; error: number; sold_out: number; running_empty: number }>`
      SELECT (SELECT count(*) FROM alarm a WHERE a.state = 'active' AND a.level = 'warning' AND ${scopeOf(ctx, 'a')})::int AS warning,
             (SELECT count(*) FROM alarm a WHERE a.state = 'active' AND a.level = 'error' AND ${scopeOf(ctx, 'a')})::int AS error,
             (SELECT count(*) FROM restock_line a WHERE a.sold_out AND ${scopeOf(ctx, 'a')})::int AS sold_out,
             (SELECT count(DISTINCT a.device) FROM forecast a
               WHERE a.empty_at < now() + interval '24 hours' AND ${scopeOf(ctx, 'a')})::int AS running_empty`.execute(
      db,
    ),
    sql<{ dealer: string | null; down_seconds: number; clear_median_minutes: number | null }>`
      SELECT a.dealer,
             coalesce(sum(extract(epoch FROM least(coalesce(a.clear_time, now()), ${to}::timestamptz) - greatest(a.first_seen, ${from}::timestamptz)))
                      FILTER (WHERE a.code = ${OFFLINE_CODE}), 0)::float8 AS down_seconds,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.clear_time - a.first_seen) / 60)
                      FILTER (WHERE a.clear_time >= ${from}::timestamptz))::float8 AS clear_median_minutes
        FROM alarm a
       WHERE ${scopeOf(ctx, 'a')} AND a.first_seen < ${to}::timestamptz AND (a.clear_time IS NULL OR a.clear_time > ${from}::timestamptz)
       GROUP BY a.dealer`.execute(db),
    // the versions in the fleet (docs/campaigns.md): what a campaign's target by type and firmware_version would be
    sql<FirmwareCount>`
      SELECT device.type, device.firmware_version, count(*)::int AS count
        FROM device WHERE ${scopeOf(ctx, 'device')}
       GROUP BY device.type, device.firmware_version
       ORDER BY device.type, count(*) DESC, device.firmware_version NULLS LAST`.execute(db),
  ]);
  const downBy = new Map(down.rows.map((d) => [d.dealer, d]));
  const stores: StoreHealth[] = robots.rows
    .map((s) => {
      const d = downBy.get(s.dealer);
      const uptime =
        s.total && rangeSeconds > 0 ? Math.max(0, 1 - Number(d?.down_seconds ?? 0) / (s.total * rangeSeconds)) : 1;
      const median = d?.clear_median_minutes;
      return {
        dealer: s.dealer,
        online: s.online,
        offline: s.total - s.online,
        failure: s.failure,
        locked: s.locked,
        uptime: Math.round(uptime * 10000) / 10000,
        clear_median_minutes: median == null ? null : Math.round(Number(median) * 10) / 10,
      };
    })
    .sort((a, b) => a.uptime - b.uptime || String(a.dealer).localeCompare(String(b.dealer)));
  const sum = (k: 'total' | 'online' | 'failure' | 'locked' | 'menu_outdated') =>
    robots.rows.reduce((n, s) => n + s[k], 0);
  const total = sum('total');
  return {
    robots: {
      total,
      online: sum('online'),
      offline: total - sum('online'),
      failure: sum('failure'),
      locked: sum('locked'),
    },
    alarms: { warning: alarms.rows[0].warning, error: alarms.rows[0].error },
    // robots running another menu than their store's (server/features/fleet/menuSync.ts; never-reported ones not counted)
    menu_outdated: sum('menu_outdated'),
    sold_out: alarms.rows[0].sold_out,
    running_empty: alarms.rows[0].running_empty,
    stores,
    versions: versions.rows,
  };
}
