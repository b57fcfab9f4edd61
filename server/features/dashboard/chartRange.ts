// A dashboard charts call's range (docs/api.md) as the two ways of reading it need it (./chartsKept.ts,
// ./chartsScanned.ts), and the parts they hand back to ./charts.ts.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import orderDef from '../../../resources/order';
import deviceDef from '../../../resources/device';
import type { RobotCount, SalesPoint, TypeSales } from '../../../resources/dashboard';
import { whereOf } from '../../crud/filters';
import { runPrepared } from '../../db/prepared';
import { DAY_MS, HOUR_MS, type DashboardBody } from './range';

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

/** Every hour or day of the range in the viewer's time zone, named as the queries name them (to_char in ./chartsScanned.ts). */
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

export function chartRange(db: DB, ctx: CallContext, b: DashboardBody): ChartRange {
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
