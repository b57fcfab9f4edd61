// The charts' sales and products in a zone whole quarters from UTC (every real one), by the day with whole local
// days or by the hour (docs/api.md). By the day, the whole local days of the range are kept by the process while
// their UTC days are unchanged (./closedDays.ts), and so are the UTC days before today at quarter resolution
// (./quarterDays.ts) for the partial days at the range's edges — by the hour, the whole range is such runs, and
// the quarters at the very edges by the minute (./edges.ts). Only today's quarters, the orders of the edges'
// partial minutes (today's edges: of the shorter side of their quarter), and days changed since they were kept,
// are read.
import { sql } from 'kysely';
import { closedDaysOf, daySignatures, scopeKey, type DayCharts } from './closedDays';
import { addRun, daysOfRun, quarterDaysOf, type PeriodSums, type ProductSums, type QuarterDay } from './quarterDays';
import { addMinutes, edgeQuartersOf, edgesOf, type EdgePart, type EdgeQuarter, type KeptEdge } from './edges';
import { DAY_MS, HOUR_MS, prep, todayOf } from './range';
import {
  edgeRows,
  productDaySums,
  productQuarterSums,
  quarterIndex,
  QUARTERS_PER_DAY,
  quarterSums,
  type Top,
} from './rollups';
import type { ByType, ChartParts, ChartRange, PeriodType, Sales } from './chartRange';

const utcDayOf = (t: number) => Math.floor(t / DAY_MS);
const cols = ['orders', 'fee', 'sold_refund_fee'] as const;

/** The whole local days `first` … `end - 1` (none by the hour) and where a local day starts. */
interface KeptSpan {
  first: number;
  end: number;
  localStart: (k: number) => Date;
}

/** The runs of whole quarters outside the kept days: before today from the kept UTC days (`closed`, as quarter
 * indexes), from today on from the rollups (`live`); and the edges' parts and kept quarters. */
function runsOf(c: ChartRange, q: { first: Date; last: Date }, span: KeptSpan) {
  // the runs' quarters before today come from the kept UTC days, today's from the rollups
  const today = todayOf(c.b);
  const { parts, kept: keptEdges, first: runFirst, last: runLast } = edgesOf(c.b, q, today);
  const runs = (
    span.first < span.end
      ? [
          [runFirst, span.localStart(span.first)],
          [span.localStart(span.end), runLast],
        ]
      : [[runFirst, runLast]]
  ).filter(([a, z]) => a < z);
  const closed = runs
    .map(([a, z]) => [a, z < today ? z : today] as const)
    .filter(([a, z]) => a < z)
    .map(([a, z]) => [quarterIndex(a), quarterIndex(z)] as const);
  const live = runs.map(([a, z]) => [a > today ? a : today, z] as const).filter(([a, z]) => a < z);
  return { parts, keptEdges, closed, live };
}

/** Today's sales (kind 0: per robot type and period) and products (kind 1: per code), from the edges' orders
 * and today's quarters: one statement. */
function edgesAndToday(c: ChartRange, parts: readonly EdgePart[], liveRuns: ReadonlyArray<readonly [Date, Date]>) {
  const { db, b, unit, scope } = c;
  const unitMs = unit === 'hour' ? HOUR_MS : DAY_MS;
  const localPeriod = sql<number>`floor((extract(epoch FROM create_time) - ${b.tz * 60}) / ${unitMs / 1000})::bigint`;
  // the orders at the very edges (each part added or taken away: `sign`) are read once, for their sales and items
  const edges = edgeRows(db, scope, parts, true, [
    'device_type',
    'create_time',
    'amount',
    'refund_amount',
    'refund_status',
    'products',
  ]);
  const union = (parts: unknown[]) =>
    sql.join(
      parts.map((x) => sql`(${x})`),
      sql` UNION ALL `,
    );
  return sql<{
    kind: number;
    key: string;
    period: number | null;
    name: string | null;
    orders: number;
    fee: number;
    refund_fee: number | null;
  }>`WITH e AS MATERIALIZED (${edges}) ${union([
    sql`SELECT 0 AS kind, coalesce(device_type, 'unknown') AS key, ${localPeriod} AS period, NULL::text AS name,
                 sum(sign)::bigint AS orders, coalesce(sum(sign * amount), 0)::bigint AS fee,
                 coalesce(sum(sign * refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint AS refund_fee
          FROM e GROUP BY 2, 3`,
    ...liveRuns.map(
      ([a, z]) =>
        sql`SELECT 0, s.type, s.period, NULL, s.orders, s.fee, s.sold_refund_fee FROM (${quarterSums(db, scope, a, z, cols, unit, b.tz)}) AS s`,
    ),
    sql`SELECT 1, i.p->>'code', NULL, max(i.p->>'name'), sum(sign * (i.p->>'quantity')::int)::bigint,
                 sum(sign * (i.p->>'quantity')::int * (i.p->>'price')::int)::bigint, NULL
          FROM e CROSS JOIN LATERAL jsonb_array_elements(e.products) AS i(p) WHERE i.p->>'code' IS NOT NULL GROUP BY 2`,
    ...liveRuns.map(
      ([a, z]) =>
        sql`SELECT 1, t.code, NULL, t.name, t.quantity, t.fee, NULL FROM (${productQuarterSums(db, scope, a, z)}) AS t`,
    ),
  ])}`;
}

type LiveRow = { kind: number; key: string; period: number | null; name: string | null } & {
  orders: number;
  fee: number;
  refund_fee: number | null;
};

/** The one statement's rows as sales per type and period, and products. */
function splitLive(rows: readonly LiveRow[]) {
  const live = rows
    .filter((r) => Number(r.kind) === 0)
    .map((r) => ({
      type: r.key,
      period: Number(r.period),
      orders: Number(r.orders),
      fee: Number(r.fee),
      sold_refund_fee: Number(r.refund_fee),
    }));
  const liveTop = rows
    .filter((r) => Number(r.kind) === 1)
    .map((r): Top => ({ code: r.key, name: r.name ?? '', quantity: Number(r.orders), fee: Number(r.fee) }));
  return { live, liveTop };
}

/** The missing days' sales and products, read from the first to the last, kept with their signatures. */
function keepMissing(
  kept: Map<number, DayCharts>,
  [first, last]: readonly [number, number],
  sales: ReadonlyArray<{ type: string; period: number; orders: number; fee: number; sold_refund_fee: number }>,
  products: ReadonlyArray<Top & { period: number }>,
  keep: (k: number, day: DayCharts) => void,
) {
  for (let k = first; k <= last; k++) kept.set(k, { types: [], products: [] });
  for (const r of sales) {
    if (Number(r.orders) !== 0)
      kept.get(Number(r.period))!.types.push({
        type: r.type,
        orders: Number(r.orders),
        fee: Number(r.fee),
        refund_fee: Number(r.sold_refund_fee),
      });
  }
  for (const r of products) {
    if (Number(r.quantity) !== 0)
      kept
        .get(Number(r.period))!
        .products.push({ code: r.code, name: r.name, quantity: Number(r.quantity), fee: Number(r.fee) });
  }
  for (let k = first; k <= last; k++) keep(k, kept.get(k)!);
}

/** The runs' closed quarters from the kept UTC days, and the edges' whole minutes in closed quarters (each
 * quarter inside one local period). */
function closedSums(
  c: ChartRange,
  closedRuns: ReadonlyArray<readonly [number, number]>,
  keptEdges: readonly KeptEdge[],
  quarterDays: Map<number, QuarterDay>,
  edgeQuarters: Map<number, EdgeQuarter>,
) {
  const closedSales: PeriodSums = new Map();
  const closedTop: ProductSums = new Map();
  const per = c.unit === 'hour' ? 4 : QUARTERS_PER_DAY;
  for (const [a, z] of closedRuns) addRun(quarterDays, a, z, per, -c.b.tz / 15, closedSales, closedTop);
  for (const e of keptEdges)
    addMinutes(
      edgeQuarters.get(e.quarter)!,
      e.lo,
      e.hi,
      Math.floor((e.quarter - c.b.tz / 15) / per),
      closedSales,
      closedTop,
    );
  return { closedSales, closedTop };
}

/** The kept days summed, in plain loops: a year of them is 365 days of types and products. */
function sumKept(c: ChartRange, kept: ReadonlyMap<number, DayCharts>) {
  const days: Sales[] = [];
  const types = new Map<string, ByType>();
  const topOfDays = new Map<string, Top>();
  for (const [k, d] of kept) {
    const s: Sales = { period: c.periodName(k), orders: 0, fee: 0, refund_fee: 0 };
    for (const t of d.types) {
      s.orders += t.orders;
      s.fee += t.fee;
      s.refund_fee += t.refund_fee;
      const had = types.get(t.type) ?? types.set(t.type, { type: t.type, orders: 0, fee: 0 }).get(t.type)!;
      had.orders += t.orders;
      had.fee += t.fee;
    }
    days.push(s);
    for (const p of d.products) {
      const had =
        topOfDays.get(p.code) ??
        topOfDays.set(p.code, { code: p.code, name: p.name, quantity: 0, fee: 0 }).get(p.code)!;
      had.quantity += p.quantity;
      had.fee += p.fee;
    }
  }
  return { days, types: [...types.values()], topOfDays: [...topOfDays.values()] };
}

/** The charts' parts by the kept days, the kept quarters of closed days and today's rollups. */
export async function byKeptDays(
  c: ChartRange,
  q: { first: Date; last: Date },
  firstKept: number,
  endKept: number,
): Promise<ChartParts> {
  const { db, b, scope } = c;
  const tzMs = b.tz * 60_000;
  const localStart = (k: number) => new Date(k * DAY_MS + tzMs);
  const runs = runsOf(c, q, { first: firstKept, end: endKept, localStart });
  const scoped = scopeKey(db, scope);
  const key = `${scoped}\u0000${b.tz}\u0000`;
  // the signatures are read before any day is computed: a change in between makes the next call compute it again
  const [sigs, liveBoth, robots] = await Promise.all([
    daySignatures(db, scope, utcDayOf(b.from.getTime()), utcDayOf(b.to.getTime())),
    prep(db, edgesAndToday(c, runs.parts, runs.live)),
    c.robotsByState(),
  ]);
  const { live, liveTop } = splitLive(liveBoth.rows);
  // a local day touches one or two UTC days
  const sig = (k: number) =>
    `${sigs.get(utcDayOf(k * DAY_MS + tzMs)) ?? '-'} ${sigs.get(utcDayOf((k + 1) * DAY_MS + tzMs - 1)) ?? '-'}`;
  const store = closedDaysOf(db);
  const kept = new Map<number, DayCharts>();
  const missing: number[] = [];
  for (let k = firstKept; k < endKept; k++) {
    const had = store.get(key + k, sig(k));
    if (had) kept.set(k, had);
    else missing.push(k);
  }
  // the missing days from the first to the last, in one read each of the sales and the products
  const [first, last] = [missing[0], missing[missing.length - 1]];
  const [[sales, products], quarterDays, edgeQuarters] = await Promise.all([
    missing.length
      ? Promise.all([
          prep(db, quarterSums(db, scope, localStart(first), localStart(last + 1), cols, 'day', b.tz)),
          prep(db, productDaySums(db, scope, localStart(first), localStart(last + 1), b.tz)),
        ])
      : [{ rows: [] }, { rows: [] }],
    quarterDaysOf(db, scope, `${scoped}\u0000`, [...new Set(runs.closed.flatMap(([a, z]) => daysOfRun(a, z)))], sigs),
    edgeQuartersOf(
      db,
      scope,
      `${scoped}\u0000`,
      runs.keptEdges.map((e) => e.quarter),
      sigs,
    ),
  ]);
  if (missing.length)
    keepMissing(kept, [first, last], sales.rows, products.rows, (k, day) => store.set(key + k, sig(k), day));
  const { closedSales, closedTop } = closedSums(c, runs.closed, runs.keptEdges, quarterDays, edgeQuarters);
  const rows: PeriodType[] = [...live, ...closedSales.values()]
    .filter((x) => Number(x.orders) !== 0)
    .map((x) => ({
      period: c.periodName(Number(x.period)),
      type: x.type,
      orders: x.orders,
      fee: x.fee,
      refund_fee: 'sold_refund_fee' in x ? x.sold_refund_fee : x.refund_fee,
    }));
  const sums = sumKept(c, kept);
  const closedProducts = [...closedTop.values()].filter((p) => p.quantity !== 0);
  return [[rows], [liveTop, sums.topOfDays, closedProducts], robots, { days: sums.days, types: sums.types }];
}
