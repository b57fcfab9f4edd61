// The dashboard's charts (docs/api.md; the route: ./index.ts): sales per hour or per day in the viewer's time
// zone (every period of the range, those without sales as zeros), sales by robot type, the top 10 products,
// robots by state. Scoped to the caller's brand or store by the same conditions as the order list (whereOf).
// Two ways to read the sales and products: ./chartsKept.ts (a zone whole quarters from UTC — every real one —
// with whole local days, or by the hour) and ./chartsScanned.ts (the rest); both hand back their parts, summed here.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import orderDef from '../../../resources/order';
import deviceDef from '../../../resources/device';
import type { ChartData, RobotCount, SalesPoint, TypeSales } from '../../../resources/dashboard';
import { whereOf } from '../../crud/filters';
import { runPrepared } from '../../db/prepared';
import { bodyOf, DAY_MS, HOUR_MS, wholeUnits, type DashboardBody } from './range';
import { QUARTER_MS, type Top } from './rollups';
import { byKeptDays } from './chartsKept';
import { byScanning } from './chartsScanned';

/** Ranges up to two days are charted by the hour (one day of 24 points), longer ones by the day. */
const HOURLY_UP_TO_MS = 2 * DAY_MS;
export type Sales = SalesPoint;
export type ByType = TypeSales;
export type PeriodType = { period: string; type: string; orders: number; fee: number; refund_fee: number };

/** A charts call's range as both ways of reading it need it. */
export interface ChartRange {
  db: DB;
  ctx: CallContext;
  b: DashboardBody;
  /** hours or days in the viewer's time zone */
  unit: 'hour' | 'day';
  scope: ReturnType<typeof whereOf>;
  /** every period of the range, named as the queries name them */
  periods: string[];
  /** a period's name by its index since 1970 (hours or days of the viewer's zone) */
  periodName: (index: number) => string;
  robotsByState: () => Promise<RobotCount[]>;
}

/** What a way of reading hands back: sales per period and robot type (in parts), products (in parts), the robots
 * by state, and the kept days' sums (./chartsKept.ts only). */
export type ChartParts = readonly [
  readonly unknown[],
  readonly unknown[],
  RobotCount[],
  { days: Sales[]; types: ByType[] } | undefined,
];

/** Adds rows into `into` by key, summing the numeric fields (rollups and edge scans come back as parts). */
function addBy<T extends Record<string, unknown>>(into: Map<string, T>, rows: readonly T[], key: keyof T) {
  for (const r of rows) {
    const k = String(r[key]);
    const had = into.get(k);
    if (!had) {
      into.set(k, { ...r });
      continue;
    }
    for (const [f, v] of Object.entries(r))
      if (f !== key && typeof had[f] !== 'string') (had as Record<string, unknown>)[f] = Number(had[f]) + Number(v);
  }
}

/** Every hour or day of the range in the viewer's time zone, named as the query names them (to_char above). */
function periodsOf(b: DashboardBody, unit: 'hour' | 'day'): string[] {
  const step = unit === 'hour' ? HOUR_MS : DAY_MS;
  const local = (t: number) => t - b.tz * 60_000;
  const out: string[] = [];
  for (let t = Math.floor(local(b.from.getTime()) / step) * step; t <= local(b.to.getTime()); t += step) {
    const iso = new Date(t).toISOString();
    out.push(unit === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10));
  }
  return out;
}

const numbers = <T extends Record<string, unknown>>(rows: T[], ...fields: Array<keyof T>) =>
  rows.map(
    (r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fields.includes(k as keyof T) ? Number(v) : v])) as T,
  );

function chartRange(db: DB, ctx: CallContext, b: DashboardBody): ChartRange {
  // Hours or days in the viewer's time zone: tz_offset is the browser's getTimezoneOffset() (minutes behind UTC).
  const unit = b.to.getTime() - b.from.getTime() <= HOURLY_UP_TO_MS ? 'hour' : 'day';
  // every period of the range named once (a year of days formatted twice per call cost ~1 ms of CPU)
  const periods = periodsOf(b, unit);
  const firstPeriod = Math.floor((b.from.getTime() - b.tz * 60_000) / (unit === 'hour' ? HOUR_MS : DAY_MS));
  const periodName = (index: number) => {
    if (periods[index - firstPeriod] !== undefined) return periods[index - firstPeriod];
    const iso = new Date(index * (unit === 'hour' ? HOUR_MS : DAY_MS)).toISOString();
    return unit === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10);
  };
  const robotsByState = () =>
    runPrepared(
      db,
      db
        .selectFrom('device')
        .where(whereOf(deviceDef, ctx, b.filter))
        .select(['state', 'online', sql<number>`count(*)::int`.as('count')])
        .groupBy(['state', 'online'])
        .compile(),
    );
  return { db, ctx, b, unit, scope: whereOf(orderDef, ctx, b.filter), periods, periodName, robotsByState };
}

/**
 * The charts. Sales and types come from whole quarter hours of the quarter rollup (migration 034; every real time
 * zone is whole quarters from UTC), products from whole UTC days and quarter hours (migrations 014, 044); the
 * partial quarters at the edges as ./edges.ts says (kept by the minute before today, today's from the nearer end
 * of the quarter), and sales in a zone that is not whole quarters from UTC from the orders.
 */
export async function charts(db: DB, ctx: CallContext, raw: unknown): Promise<ChartData> {
  requirePermission(ctx.user, orderDef.permissions.list);
  const c = chartRange(db, ctx, bodyOf(raw));
  const { b, unit } = c;
  // sales per local hour or day from whole quarter hours, each inside one local hour: every real time zone
  const quarters = b.tz % 15 === 0 ? wholeUnits(b, QUARTER_MS) : undefined;
  // `firstKept` … `endKept - 1`: the whole local days' indexes (none by the hour)
  const tzMs = b.tz * 60_000;
  const firstKept = unit === 'day' ? Math.ceil((b.from.getTime() - tzMs) / DAY_MS) : 0;
  const endKept = unit === 'day' ? Math.floor((b.to.getTime() - tzMs) / DAY_MS) : 0;
  const [periodTypeParts, topParts, robots, keptDays] =
    quarters && (unit === 'hour' || firstKept < endKept)
      ? await byKeptDays(c, quarters, firstKept, endKept)
      : await byScanning(c, quarters);
  const rows = periodTypeParts.flatMap((part) => numbers(part as PeriodType[], 'orders', 'fee', 'refund_fee'));
  const sales = new Map<string, Sales>(
    c.periods.map((period) => [period, { period, orders: 0, fee: 0, refund_fee: 0 }]),
  );
  addBy(
    sales,
    rows.map(({ period, orders, fee, refund_fee }) => ({ period, orders, fee, refund_fee })),
    'period',
  );
  const byType = new Map<string, ByType>();
  addBy(
    byType,
    rows.map(({ type, orders, fee }) => ({ type, orders, fee })),
    'type',
  );
  if (keptDays) {
    addBy(sales, keptDays.days, 'period');
    addBy(byType, keptDays.types, 'type');
  }
  const top = new Map<string, Top>();
  for (const part of topParts) addBy(top, numbers(part as Top[], 'quantity', 'fee'), 'code');
  return {
    sales_unit: unit,
    // periods are digits in a fixed layout: compared as plain strings (localeCompare cost ~1 ms for a year)
    sales: [...sales.values()].sort((x, y) => (x.period < y.period ? -1 : x.period > y.period ? 1 : 0)),
    by_type: [...byType.values()].filter((t) => t.orders !== 0).sort((x, y) => y.fee - x.fee),
    // a product whose orders at the edges were all taken away sums to zero: not a product sold
    top_products: [...top.values()]
      .filter((p) => p.quantity !== 0)
      .sort((x, y) => y.quantity - x.quantity || x.code.localeCompare(y.code))
      .slice(0, 10),
    robots,
  };
}
