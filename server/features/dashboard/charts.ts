// The dashboard's charts (docs/api.md; the route: ./index.ts): sales per hour or per day in the viewer's time
// zone (every period of the range, those without sales as zeros), sales by robot type, the top 10 products,
// robots by state. Scoped to the caller's brand or store by the same conditions as the order list (whereOf).
// Two ways to read the sales and products: ./chartsKept.ts (a zone whole quarters from UTC — every real one —
// with whole local days, or by the hour) and ./chartsScanned.ts (the rest); both hand back their parts, summed here.
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import orderDef from '../../../resources/order';
import type { ChartData } from '../../../resources/dashboard';
import { bodyOf, DAY_MS, wholeUnits } from './range';
import { chartRange, type ByType, type PeriodType, type Sales } from './chartRange';
import { QUARTER_MS, type Top } from './rollups';
import { byKeptDays } from './chartsKept';
import { byScanning } from './chartsScanned';

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

const numbers = <T extends Record<string, unknown>>(rows: T[], ...fields: Array<keyof T>) =>
  rows.map(
    (r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fields.includes(k as keyof T) ? Number(v) : v])) as T,
  );

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
