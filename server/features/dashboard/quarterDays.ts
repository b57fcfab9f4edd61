// Closed UTC days at quarter-hour resolution, kept by each server process (docs/performance.md "Why it costs
// that"). A chart's range starts and ends inside days: a 30-day chart's first local day
// from `from` on, a 1-day chart's yesterday. Those parts were read from the quarter rollups (migrations 034, 044)
// on every call — for the products one row per store, product and UTC day, ~1.6 kB each, the largest statement
// of a 30-day chart. A UTC day before today is kept here as those rows' running totals (per robot type and per
// product, summed over the scope's stores), with the day's signature (closedDays.ts: orders_day_version), so a
// run of its quarters costs two subtractions in the process. Today (the UTC day of the range's end, or of now if
// earlier) is always read from the database: its signature moves with every sale, and reading a run of it costs
// less than reading all of it again.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { runPrepared } from '../../db/prepared';
import { keptPerDatabase } from './closedDays';

const QUARTERS = 96;
const DAY_MS = 86_400_000;

/** Running totals of a UTC day's quarters: element i holds quarters 0 … i-1 (element 0 is 0). */
type Run = Float64Array;

/** A closed UTC day of a scope: its sales per robot type and its products, as running totals. */
export interface QuarterDay {
  types: Map<string, { orders: Run; fee: Run; refund_fee: Run }>;
  products: Map<string, { name: string; quantity: Run; fee: Run }>;
}

/** At most this many UTC days a process keeps, over every scope (~10 kB a day for 40 products and 3 robot types). */
const MAX_DAYS = 1_000;
const storeOf = keptPerDatabase<QuarterDay>(MAX_DAYS);

type Scope = (eb: never) => Expression<SqlBool>;

/** A rollup row's array (SQL element i: the day's first i quarters) added into running totals from 0. */
function addInto(into: Run | undefined, arr: ReadonlyArray<number | string>): Run {
  const r = into ?? new Float64Array(QUARTERS + 1);
  for (let i = 0; i < QUARTERS; i++) r[i + 1] += Number(arr[i]);
  return r;
}

/**
 * The UTC days `days` (since 1970) of the scope, each kept while its signature (`sigs`, by day; a day with no
 * rows has none) is the one it was kept with; the others read in one statement per rollup and kept.
 */
export async function quarterDaysOf(
  db: DB,
  scope: Scope,
  key: string,
  days: readonly number[],
  sigs: ReadonlyMap<number, string>,
): Promise<Map<number, QuarterDay>> {
  const store = storeOf(db);
  const { kept: out, missing } = store.take(key, days, (d) => sigs.get(d) ?? '-');
  if (!missing.length) return out;
  // one list parameter, so the statement's shape does not depend on how many days are read
  const dayIn = sql<SqlBool>`day = ANY(string_to_array(${missing.map((d) => new Date(d * DAY_MS).toISOString().slice(0, 10)).join(',')}, ',')::date[])`;
  const dayNo = sql<number>`(day - DATE '1970-01-01')::int`.as('d');
  const [types, products] = await Promise.all([
    runPrepared(
      db,
      db
        .selectFrom('orders_quarters')
        .where(scope as never)
        .where(dayIn)
        .select([dayNo, 'device_type', 'orders', 'fee', 'sold_refund_fee'])
        .compile(),
    ),
    runPrepared(
      db,
      db
        .selectFrom('orders_products_quarters')
        .where(scope as never)
        .where(dayIn)
        .select([dayNo, 'code', 'name', 'quantity', 'fee'])
        .compile(),
    ),
  ]);
  for (const d of missing) out.set(d, { types: new Map(), products: new Map() });
  for (const r of types) {
    const t = out.get(Number(r.d))!.types;
    const had = t.get(r.device_type);
    t.set(r.device_type, {
      orders: addInto(had?.orders, r.orders as never),
      fee: addInto(had?.fee, r.fee as never),
      refund_fee: addInto(had?.refund_fee, r.sold_refund_fee as never),
    });
  }
  for (const r of products) {
    const p = out.get(Number(r.d))!.products;
    const had = p.get(r.code);
    p.set(r.code, {
      name: had && had.name > r.name ? had.name : r.name,
      quantity: addInto(had?.quantity, r.quantity as never),
      fee: addInto(had?.fee, r.fee as never),
    });
  }
  for (const d of missing) store.set(key + d, sigs.get(d) ?? '-', out.get(d)!);
  return out;
}

/** The UTC days (since 1970) the quarters [qa, qz) (counted from 1970) touch. */
export function daysOfRun(qa: number, qz: number): number[] {
  const out: number[] = [];
  for (let d = Math.floor(qa / QUARTERS); d * QUARTERS < qz; d++) out.push(d);
  return out;
}

export type PeriodSums = Map<string, { type: string; period: number; orders: number; fee: number; refund_fee: number }>;
export type ProductSums = Map<string, { code: string; name: string; quantity: number; fee: number }>;

/**
 * Adds what the kept days hold in the quarters [qa, qz): sales per robot type and local period (`per` quarters a
 * period; `shift`: the local quarter of UTC quarter 0, as quarterSums in ./rollups.ts counts it) into `sales`, and
 * each product into `products`.
 */
export function addRun(
  days: ReadonlyMap<number, QuarterDay>,
  qa: number,
  qz: number,
  per: number,
  shift: number,
  sales: PeriodSums,
  products: ProductSums,
) {
  for (const d of daysOfRun(qa, qz)) {
    const day = days.get(d)!;
    const base = d * QUARTERS;
    const lo = Math.max(qa, base) - base;
    const hi = Math.min(qz, base + QUARTERS) - base;
    for (const [type, t] of day.types) {
      // the day's part of each local period: [x, end)
      for (let x = lo; x < hi;) {
        const period = Math.floor((base + x + shift) / per);
        const end = Math.min(hi, (period + 1) * per - shift - base);
        const k = `${period}\u0000${type}`;
        const s = sales.get(k) ?? sales.set(k, { type, period, orders: 0, fee: 0, refund_fee: 0 }).get(k)!;
        s.orders += t.orders[end] - t.orders[x];
        s.fee += t.fee[end] - t.fee[x];
        s.refund_fee += t.refund_fee[end] - t.refund_fee[x];
        x = end;
      }
    }
    for (const [code, p] of day.products) {
      const s = products.get(code) ?? products.set(code, { code, name: p.name, quantity: 0, fee: 0 }).get(code)!;
      if (p.name > s.name) s.name = p.name;
      s.quantity += p.quantity[hi] - p.quantity[lo];
      s.fee += p.fee[hi] - p.fee[lo];
    }
  }
}
