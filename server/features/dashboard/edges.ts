// The partial quarter hours at the edges of a range, for the charts and the figures (docs/performance.md "Why it
// costs that"). A range starts and ends inside quarter hours; the rollups (migrations 034,
// 044) stop at whole quarters, so the orders of the partial quarters were read row by row on every call — up to 15
// minutes of orders at each end, most of a chart's database time at 10 M orders (~77 orders a minute). Now:
// - an edge in a UTC day before today (a 30-day chart's start, a 1-day chart's yesterday) is its whole minutes
//   from a quarter kept here by the minute — running totals per robot type, per product and of the figures,
//   summed over the scope's stores, with its day's signature (closedDays.ts: orders_day_version) — and the orders
//   of its partial minute;
// - an edge in today is read from the orders from the side of its quarter that holds fewer minutes up to now:
//   when that is the far side, the whole quarter comes from the rollups and the orders past the edge are taken
//   away — for a range that ends now, none.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { runPrepared } from '../../db/prepared';
import { keptPerDatabase } from './closedDays';
import type { PeriodSums, ProductSums } from './quarterDays';

const MINUTE_MS = 60_000;
const QUARTER_MS = 900_000;
const MINUTES = 15;
const DAY_MS = 86_400_000;

/** Running totals of a quarter's minutes: element i holds minutes 0 … i-1 (element 0 is 0). */
type Run = Float64Array;

/** The dashboard's figures (./summary.ts), each as running totals of a quarter's minutes. */
export const FIGURES = ['orders', 'quantity', 'fee', 'refund_orders', 'refund_fee'] as const;

/** A closed quarter hour of a scope by the minute: its sales per robot type, its products, and its figures. */
export interface EdgeQuarter {
  types: Map<string, { orders: Run; fee: Run; refund_fee: Run }>;
  products: Map<string, { name: string; quantity: Run; fee: Run }>;
  figures: Record<(typeof FIGURES)[number], Run>;
}

/** At most this many quarters a process keeps, over every scope (~1.5 kB each for 40 products and 3 robot types). */
const MAX_QUARTERS = 2_000;
const storeOf = keptPerDatabase<EdgeQuarter>(MAX_QUARTERS);

type Scope = (eb: never) => Expression<SqlBool>;

/** A minute's value added into running totals: every element after it. */
function addAt(into: Run | undefined, minute: number, v: number): Run {
  const r = into ?? new Float64Array(MINUTES + 1);
  for (let i = minute + 1; i <= MINUTES; i++) r[i] += v;
  return r;
}

/** Orders of [lo, hi) — `(lo` when loOpen, `hi]` when hiClosed — added to the edge (sign 1) or taken away (-1). */
export interface EdgePart {
  lo: Date;
  loOpen: boolean;
  hi: Date;
  hiClosed: boolean;
  sign: 1 | -1;
}

/** Minutes lo … hi-1 of a kept quarter (counted from 1970) that an edge holds. */
export interface KeptEdge {
  quarter: number;
  lo: number;
  hi: number;
}

/**
 * How the edges of [from, to] around its whole quarters [q.first, q.last) are read (see the top of this file):
 * the orders to read (`parts`), the minutes of kept quarters (`kept`), and the whole quarters [first, last) to read
 * from the rollups or kept days — q's, or one more at an end read from its far side. `today`: the start of the
 * first UTC day whose quarters are read from the rollups; `now`: no order is younger, so a side after it is empty.
 */
export function edgesOf(
  range: { from: Date; to: Date },
  q: { first: Date; last: Date },
  today: Date,
  now = Date.now(),
) {
  const parts: EdgePart[] = [];
  const kept: KeptEdge[] = [];
  let { first, last } = q;
  const [from, to, f, l, t] = [range.from, range.to, q.first, q.last, today].map((d) => d.getTime());
  // how long a side of an edge is, in time that can hold orders: what reading it costs
  const span = (a: number, z: number) => Math.max(0, Math.min(z, now) - a);
  // the start: [from, q.first)
  if (from < f) {
    if (f <= t) {
      const m = Math.ceil(from / MINUTE_MS) * MINUTE_MS;
      if (from < m) parts.push({ lo: range.from, loOpen: false, hi: new Date(m), hiClosed: false, sign: 1 });
      if (m < f) kept.push({ quarter: f / QUARTER_MS - 1, lo: MINUTES - (f - m) / MINUTE_MS, hi: MINUTES });
    } else if (span(from, f) <= span(f - QUARTER_MS, from)) {
      parts.push({ lo: range.from, loOpen: false, hi: q.first, hiClosed: false, sign: 1 });
    } else {
      first = new Date(f - QUARTER_MS);
      parts.push({ lo: first, loOpen: false, hi: range.from, hiClosed: false, sign: -1 });
    }
  }
  // the end: [q.last, to]
  if (l + QUARTER_MS <= t) {
    const m = Math.floor(to / MINUTE_MS) * MINUTE_MS;
    parts.push({ lo: new Date(m), loOpen: false, hi: range.to, hiClosed: true, sign: 1 });
    if (m > l) kept.push({ quarter: l / QUARTER_MS, lo: 0, hi: (m - l) / MINUTE_MS });
  } else if (span(l, to) <= span(to, l + QUARTER_MS)) {
    parts.push({ lo: q.last, loOpen: false, hi: range.to, hiClosed: true, sign: 1 });
  } else {
    last = new Date(l + QUARTER_MS);
    parts.push({ lo: range.to, loOpen: true, hi: last, hiClosed: false, sign: -1 });
  }
  return { parts, kept, first, last };
}

/** The UTC day (since 1970) of a quarter hour counted from 1970. */
export const dayOfQuarter = (quarter: number) => Math.floor((quarter * QUARTER_MS) / DAY_MS);

/** A row of minutesOf: kind 0 a robot type's sales, 1 a product's, 2 the figures, of one minute. */
type MinuteRow = {
  kind: number;
  minute: string;
  key: string | null;
  name: string | null;
  a: string;
  b: string;
  c: string | null;
  d: string | null;
  e: string | null;
};

/** The missing quarters' orders, read once, by the minute: a statement per call, whatever the quarters. */
function minutesOf(db: DB, scope: Scope, missing: readonly number[]) {
  const orders = db
    .selectFrom('orders')
    .where(scope as never)
    .where(
      sql<SqlBool>`(${sql.join(
        missing.map(
          (q) => sql`(create_time >= ${new Date(q * QUARTER_MS)} AND create_time < ${new Date((q + 1) * QUARTER_MS)})`,
        ),
        sql` OR `,
      )})`,
    )
    .select([
      sql<number>`floor(extract(epoch FROM create_time) / 60)::bigint`.as('minute'),
      sql<boolean>`pay_status IN ('PAID', 'FREE')`.as('sold'),
      'device_type',
      'quantity',
      'amount',
      'refund_amount',
      'refund_status',
      'products',
    ]);
  // of the orders read once: the sold ones' sales (kind 0: per minute and robot type) and products (kind 1: per
  // minute and code), and the figures of all of them (kind 2: per minute; refunds count whatever the payment)
  return runPrepared(
    db,
    sql<MinuteRow>`
      WITH o AS MATERIALIZED (${orders})
      (SELECT 0 AS kind, minute, coalesce(device_type, 'unknown') AS key, NULL::text AS name, count(*)::bigint AS a,
              coalesce(sum(amount), 0)::bigint AS b,
              coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint AS c,
              NULL::bigint AS d, NULL::bigint AS e
       FROM o WHERE sold GROUP BY 2, 3)
      UNION ALL
      (SELECT 1, minute, i.p->>'code', max(i.p->>'name'), sum((i.p->>'quantity')::int)::bigint,
              sum((i.p->>'quantity')::int * (i.p->>'price')::int)::bigint, NULL, NULL, NULL
       FROM o CROSS JOIN LATERAL jsonb_array_elements(o.products) AS i(p)
       WHERE sold AND i.p->>'code' IS NOT NULL GROUP BY 2, 3)
      UNION ALL
      (SELECT 2, minute, NULL, NULL, count(*) FILTER (WHERE sold),
              coalesce(sum(quantity) FILTER (WHERE sold), 0)::bigint,
              coalesce(sum(amount) FILTER (WHERE sold), 0)::bigint,
              count(*) FILTER (WHERE refund_status = 'SUCCESS'),
              coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint
       FROM o GROUP BY 2)`.compile(db),
  );
}

/** One row of minutesOf into its kept quarter (`out` holds every missing quarter). */
function addMinuteRow(out: Map<number, EdgeQuarter>, r: MinuteRow) {
  const minute = Number(r.minute);
  const q = Math.floor(minute / MINUTES);
  const m = minute - q * MINUTES;
  const into = out.get(q)!;
  const kind = Number(r.kind);
  if (kind === 2) {
    const f = into.figures;
    [r.a, r.b, r.c, r.d, r.e].forEach((v, i) => addAt(f[FIGURES[i]], m, Number(v)));
  } else if (kind === 0) {
    const had = into.types.get(r.key!);
    into.types.set(r.key!, {
      orders: addAt(had?.orders, m, Number(r.a)),
      fee: addAt(had?.fee, m, Number(r.b)),
      refund_fee: addAt(had?.refund_fee, m, Number(r.c)),
    });
  } else {
    const had = into.products.get(r.key!);
    const name = r.name ?? '';
    into.products.set(r.key!, {
      name: had && had.name > name ? had.name : name,
      quantity: addAt(had?.quantity, m, Number(r.a)),
      fee: addAt(had?.fee, m, Number(r.b)),
    });
  }
}

/**
 * The quarter hours `quarters` (counted from 1970, each in a UTC day before today) of the scope, each kept while
 * its day's signature (`sigs`, by day; a day with no rows has none) is the one it was kept with; the others read
 * from the orders in one statement and kept. Call it after the signatures are read: a change committed in between
 * is then in the values but not in the signature kept with them, and the next call reads the quarter again.
 */
export async function edgeQuartersOf(
  db: DB,
  scope: Scope,
  key: string,
  quarters: readonly number[],
  sigs: ReadonlyMap<number, string>,
): Promise<Map<number, EdgeQuarter>> {
  const store = storeOf(db);
  const sigOf = (q: number) => sigs.get(dayOfQuarter(q)) ?? '-';
  const { kept: out, missing } = store.take(key, quarters, sigOf);
  if (!missing.length) return out;
  const rows = await minutesOf(db, scope, missing);
  for (const q of missing)
    out.set(q, {
      types: new Map(),
      products: new Map(),
      figures: Object.fromEntries(FIGURES.map((f) => [f, new Float64Array(MINUTES + 1)])) as EdgeQuarter['figures'],
    });
  for (const r of rows) addMinuteRow(out, r);
  for (const q of missing) store.set(key + q, sigOf(q), out.get(q)!);
  return out;
}

/** Adds minutes lo … hi-1 of a kept quarter into the figures `into`. */
export function addMinuteFigures(
  quarter: EdgeQuarter,
  lo: number,
  hi: number,
  into: Record<(typeof FIGURES)[number], number>,
) {
  if (hi <= lo) return;
  for (const f of FIGURES) into[f] += quarter.figures[f][hi] - quarter.figures[f][lo];
}

/**
 * Adds minutes lo … hi-1 of a kept quarter into `sales` (under `period`, the local period the whole quarter lies
 * in) and `products`.
 */
export function addMinutes(
  quarter: EdgeQuarter,
  lo: number,
  hi: number,
  period: number,
  sales: PeriodSums,
  products: ProductSums,
) {
  if (hi <= lo) return;
  for (const [type, t] of quarter.types) {
    const k = `${period}\u0000${type}`;
    const s = sales.get(k) ?? sales.set(k, { type, period, orders: 0, fee: 0, refund_fee: 0 }).get(k)!;
    s.orders += t.orders[hi] - t.orders[lo];
    s.fee += t.fee[hi] - t.fee[lo];
    s.refund_fee += t.refund_fee[hi] - t.refund_fee[lo];
  }
  for (const [code, p] of quarter.products) {
    const s = products.get(code) ?? products.set(code, { code, name: p.name, quantity: 0, fee: 0 }).get(code)!;
    if (p.name > s.name) s.name = p.name;
    s.quantity += p.quantity[hi] - p.quantity[lo];
    s.fee += p.fee[hi] - p.fee[lo];
  }
}
