// A robot's metric over time (POST /api/telemetry/series, docs/telemetry.md): the raw points up to 48 hours, the
// hourly rollups beyond, so a 30-day chart reads 720 rows however often the robot beats.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { ApiError, notFound } from '../../http/errors';
import device from '../../../resources/device';
import { METRICS, RAW_SERIES_HOURS, type Metric } from '../../../resources/telemetry';
import { choice, obj, refusal, type JsonSchema } from '../../http/schema';

/** The longest range a series or a report may span: the rollups' two years. */
export const MAX_RANGE_DAYS = 731;
const HOUR_MS = 3_600_000;
/** A raw series holds at most this many points (48 h of beats every 10 s is 17,280). */
const MAX_RAW_POINTS = 50_000;

export interface Range {
  from: Date;
  to: Date;
}

function timeOf(v: unknown): Date | undefined {
  const d = typeof v === 'number' || (typeof v === 'string' && v.length <= 40) ? new Date(v) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}

/** `from` and `to` as ISO-8601 or epoch ms, from before to, at most two years apart: else a translated 400. */
export function rangeOf(b: { from: unknown; to: unknown }): Range {
  const from = timeOf(b.from);
  const to = timeOf(b.to);
  if (!from || !to || to <= from || to.getTime() - from.getTime() > MAX_RANGE_DAYS * 24 * HOUR_MS) {
    throw new ApiError(400, 'vf.telemetry.error.range', { days: MAX_RANGE_DAYS });
  }
  return { from, to };
}

const METRIC_NAMES = Object.keys(METRICS) as Metric[];
/** A metric of the catalogue (resources/telemetry.ts), refused in the words the telemetry calls always used. */
export const metricArg = choice(
  METRIC_NAMES,
  undefined,
  refusal('vf.telemetry.error.metric', { metrics: METRIC_NAMES.join(', ') }, 'metric'),
);
/** One end of a range: ISO-8601 or epoch ms; whether the two make a range is `rangeOf`'s to say (across fields). */
export const timeArg = (days: number): JsonSchema => ({
  type: ['string', 'number'],
  description: 'ISO-8601 or epoch ms',
  maxLength: 40,
  'x-datetime': true,
  ...refusal('vf.telemetry.error.range', { days }),
});
/** A time range's body (the fleet's health). */
export const rangeBody = obj({ from: timeArg(MAX_RANGE_DAYS), to: timeArg(MAX_RANGE_DAYS) }, ['from', 'to']);
/** A series' body. */
export const seriesBody = obj(
  {
    device: { description: "the robot's _id (one the caller may not read is a 404, like one that does not exist)" },
    metric: metricArg,
    from: timeArg(MAX_RANGE_DAYS),
    to: timeArg(MAX_RANGE_DAYS),
  },
  ['metric', 'from', 'to'],
);

/** The robot if the caller may read it: else 404, as for one that does not exist (never reveal another tenant's). */
export async function visibleRobot(db: DB, ctx: CallContext, id: unknown) {
  requirePermission(ctx.user, device.permissions.read);
  if (typeof id !== 'string' || id.length > 64) throw notFound('vf.telemetry.error.device');
  const scope = scopeConditions(device, ctx.user);
  if (scope === 'none') throw notFound('vf.telemetry.error.device');
  let q = db
    .selectFrom('device')
    .select(['_id', 'device_id', 'name', 'type', 'integrator', 'dealer'])
    .where('_id', '=', id);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  const robot = await q.executeTakeFirst();
  if (!robot) throw notFound('vf.telemetry.error.device');
  return robot;
}

export interface SeriesPoint {
  t: string;
  min: number;
  max: number;
  avg: number;
}

export async function series(db: DB, robot: string, metric: Metric, r: Range) {
  const raw = r.to.getTime() - r.from.getTime() <= RAW_SERIES_HOURS * HOUR_MS;
  const { rows } = raw
    ? await sql<{ t: Date; v: number }>`
        SELECT t, value AS v FROM telemetry
         WHERE device = ${robot} AND metric = ${metric} AND t >= ${r.from.toISOString()}::timestamptz AND t <= ${r.to.toISOString()}::timestamptz
         ORDER BY t LIMIT ${MAX_RAW_POINTS}`.execute(db)
    : await sql<{ t: Date; min: number; max: number; avg: number }>`
        SELECT hour AS t, min, max, sum / count AS avg FROM telemetry_hourly
         WHERE device = ${robot} AND metric = ${metric}
           AND hour >= date_bin('1 hour', ${r.from.toISOString()}::timestamptz, timestamptz '2000-01-01 00:00:00+00') AND hour <= ${r.to.toISOString()}::timestamptz
         ORDER BY hour`.execute(db);
  const points: SeriesPoint[] = rows.map((p) => {
    const t = new Date(p.t).toISOString();
    if ('v' in p) return { t, min: Number(p.v), max: Number(p.v), avg: Number(p.v) };
    return { t, min: Number(p.min), max: Number(p.max), avg: Number(p.avg) };
  });
  return { metric, unit: METRICS[metric].unit, step: raw ? ('raw' as const) : ('hour' as const), points };
}
