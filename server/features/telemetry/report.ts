// The food-safety record (POST /api/telemetry/report/export, docs/telemetry.md): per robot and local day, a
// metric's minimum, maximum, average and readings, and the minutes it spent outside each rule that covers the
// robot — in the caller's language and time zone, as .xlsx or CSV, streamed as the rows are read (the writers of
// every list export: streamedFile, server/crud/export.ts), a few hundred robots per query.
//
// Min / max / avg come from the hourly rollups (kept two years), so a day is whole whatever the raw retention.
// Minutes outside come from the raw points (TELEMETRY_RETENTION_DAYS): each reading stands until the next one, for
// at most MAX_READING_MINUTES (a silent robot's gap is not counted as in or out); empty where the raw days are gone.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import type { Lang } from '../../../resources/accounts';
import { translate } from '../../../i18n';
import { scopeConditions } from '../../crud/scope';
import { requirePermission } from '../../auth/permissions';
import { ApiError } from '../../http/errors';
import {
  streamedFile,
  timeZoneOf,
  EXPORT_FORMATS,
  type Cell,
  type Column,
  type ExportFormat,
  type StreamedFile,
} from '../../crud/export';
import device from '../../../resources/device';
import { METRICS, type Metric } from '../../../resources/telemetry';
import { metricArg, rangeOf, timeArg, type Range } from './series';
import { choice, list, obj, refusal, str, type ValueOf } from '../../http/schema';
import { metricName } from '../../../i18n/telemetry';
import type { Rule } from './rules';

/** A report spans at most a year of days. */
const MAX_REPORT_DAYS = 366;
/** Robots read per query. */
const ROBOTS_PER_BATCH = 200;
/** The most robots a report may name. */
const MAX_DEVICES = 5000;
/** A reading counts for the time until the next one, up to this. */
export const MAX_READING_MINUTES = 5;

interface Robot {
  _id: string;
  device_id: string;
  name: string;
  type: string;
  integrator: string | null;
  dealer: string | null;
}

const covers = (r: Rule, d: Robot) =>
  (!r.integrator || r.integrator === d.integrator) &&
  (!r.dealer || r.dealer === d.dealer) &&
  (!r.type || r.type === d.type) &&
  (!r.device || r.device === d._id);

/** The food-safety record's body: the metric, its days, and which robots. */
export const reportBody = obj(
  {
    metric: metricArg,
    from: timeArg(MAX_REPORT_DAYS),
    to: timeArg(MAX_REPORT_DAYS),
    devices: list(str(), {
      maxItems: MAX_DEVICES,
      description: 'robot _ids (default: every robot of the caller reporting the metric)',
      ...refusal('vf.telemetry.error.device'),
    }),
    format: choice(EXPORT_FORMATS, undefined, refusal('vf.telemetry.error.format')),
    tz: str('an IANA time zone (default UTC): the days are its days'),
  },
  ['metric', 'from', 'to'],
);

/** The caller's robots of a type that reports the metric (those named, when `devices` is given). */
async function robotsOf(db: DB, ctx: CallContext, metric: Metric, devices?: string[]): Promise<Robot[]> {
  const scope = scopeConditions(device, ctx.user);
  if (scope === 'none') return [];
  let q = db
    .selectFrom('device')
    .select(['_id', 'device_id', 'name', 'type', 'integrator', 'dealer'])
    .where('type', 'in', [...METRICS[metric].types]);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  if (devices) q = q.where('_id', 'in', devices.length ? devices : ['']);
  return (await q.orderBy('dealer').orderBy('name').orderBy('_id').execute()) as Robot[];
}

/** The rules the caller may see on this metric that cover at least one of the robots. */
async function rulesOf(db: DB, ctx: CallContext, metric: Metric, robots: Robot[]): Promise<Rule[]> {
  const scope = scopeConditions(device, ctx.user);
  if (scope === 'none') return [];
  let q = db.selectFrom('telemetry_rule').selectAll().where('metric', '=', metric);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  const rules = (await q.orderBy('name').execute()) as unknown as Rule[];
  return rules.filter((r) => robots.some((d) => covers(r, d)));
}

interface DayRow {
  device: string;
  day: string;
  min: number;
  max: number;
  avg: number;
  n: number;
  [outside: `o${number}`]: number | null;
}

async function daysOf(db: DB, robots: Robot[], metric: Metric, r: Range, tz: string, rules: Rule[]): Promise<DayRow[]> {
  const ids = robots.map((d) => d._id);
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const outside = rules.map(
    (rule, i) =>
      sql`sum(p.minutes) FILTER (WHERE ${rule.op === 'gt' ? sql`p.value > ${rule.threshold}` : sql`p.value < ${rule.threshold}`}) AS ${sql.ref(`o${i}`)}`,
  );
  const { rows } = await sql<DayRow>`
    WITH days AS (
      SELECT device, to_char(hour AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, min(min) AS min, max(max) AS max, sum(sum) / sum(count) AS avg, sum(count)::int AS n
        FROM telemetry_hourly
       WHERE metric = ${metric} AND device = ANY(${ids}::text[]) AND hour >= date_bin('1 hour', ${from}::timestamptz, timestamptz '2000-01-01 00:00:00+00') AND hour < ${to}::timestamptz
       GROUP BY 1, 2),
    p AS (
      SELECT device, to_char(t AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, value,
             least(extract(epoch FROM coalesce(lead(t) OVER (PARTITION BY device ORDER BY t), t) - t) / 60, ${MAX_READING_MINUTES}) AS minutes
        FROM telemetry
       WHERE metric = ${metric} AND device = ANY(${ids}::text[]) AND t >= ${from}::timestamptz AND t < ${to}::timestamptz),
    o AS (SELECT p.device, p.day, count(*) AS raw ${outside.length ? sql`, ${sql.join(outside)}` : sql``} FROM p GROUP BY 1, 2)
    SELECT days.*, ${rules.length ? sql.join(rules.map((_, i) => sql`CASE WHEN o.raw IS NULL THEN NULL ELSE coalesce(${sql.ref(`o.o${i}`)}, 0) END AS ${sql.ref(`o${i}`)}`)) : sql`NULL AS none`}
      FROM days LEFT JOIN o ON o.device = days.device AND o.day = days.day
     ORDER BY days.device, days.day`.execute(db);
  return rows;
}

/** Checks the request (any problem is a 4xx before a byte is sent), then streams the record. */
export async function exportReport(
  db: DB,
  ctx: CallContext,
  b: ValueOf<typeof reportBody>,
  lang: Lang,
  onError: (e: unknown) => void,
): Promise<StreamedFile> {
  requirePermission(ctx.user, device.permissions.read);
  const { metric } = b;
  const range = rangeOf(b);
  if (range.to.getTime() - range.from.getTime() > MAX_REPORT_DAYS * 86_400_000)
    throw new ApiError(400, 'vf.telemetry.error.range', { days: MAX_REPORT_DAYS });
  const format: ExportFormat = b.format ?? 'xlsx';
  let tz: string;
  try {
    tz = timeZoneOf(b.tz);
  } catch {
    throw new ApiError(400, 'vf.telemetry.error.tz', { tz: String(b.tz).slice(0, 64) });
  }
  const robots = await robotsOf(db, ctx, metric, b.devices);
  const rules = await rulesOf(db, ctx, metric, robots);
  const t = (k: string, args?: Record<string, string>) => translate(lang, `vf.telemetry.report.${k}`, args);
  const text = (header: string): Column => ({ name: header, field: { type: 'text' }, header });
  const columns: Column[] = [
    ...['device', 'device_id', 'day', 'metric', 'unit', 'min', 'max', 'avg', 'points'].map((k) => text(t(k))),
    ...rules.map((r) => text(t('outside', { rule: r.name }))),
  ];
  const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);
  return streamedFile(
    format,
    `food-safety-${metric}.${format}`,
    columns,
    async (out) => {
      const byId = new Map(robots.map((d) => [d._id, d]));
      for (let i = 0; i < robots.length && !out.cancelled; i += ROBOTS_PER_BATCH) {
        const batch = robots.slice(i, i + ROBOTS_PER_BATCH);
        const days = await daysOf(db, batch, metric, range, tz, rules);
        const cells: Cell[][] = days.map((d) => {
          const robot = byId.get(d.device)!;
          return [
            robot.name,
            robot.device_id,
            d.day,
            metricName(metric, lang),
            METRICS[metric].unit,
            round(d.min),
            round(d.max),
            round(d.avg),
            Number(d.n),
            ...rules.map((r, k) => (covers(r, robot) ? round(d[`o${k}`]) : null)),
          ];
        });
        await out.write(cells);
      }
    },
    onError,
  );
}
