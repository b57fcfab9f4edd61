// How the dashboard reads its rollups (docs/api.md): the running totals per quarter hour of the sales
// (orders_quarters, migration 034) and of the products (orders_products_quarters, migration 044), and the orders
// of a range's partial quarters at its edges (./edges.ts) read row by row.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { whereOf } from '../../crud/filters';
import type { EdgePart } from './edges';
import { SOLD, utcDay } from './range';
import type { ProductSales } from '../../../resources/dashboard';

/** A product's figures in the top products chart. */
export type Top = ProductSales;

/** Real time zones are whole quarter hours from UTC; orders_quarters (migration 034) keeps running totals per quarter. */
export const QUARTER_MS = 900_000;
export const QUARTERS_PER_DAY = 96;

type QuarterColumn = 'orders' | 'quantity' | 'fee' | 'refund_orders' | 'refund_fee' | 'sold_refund_fee';

/** The quarter hour a time starts, counted from 1970 (whole-quarter edges only). */
export const quarterIndex = (d: Date) => Math.round(d.getTime() / QUARTER_MS);
/** A running-totals rollup row's UTC day (migrations 034, 044) as the index of its first quarter since 1970. */
const dayBase = () => sql<number>`((day - DATE '1970-01-01') * ${QUARTERS_PER_DAY})::bigint`;
/**
 * `sum(total[hi] - total[lo])` over the rows `r` of a running-totals rollup: what quarters lo … hi-1 of each
 * row's day hold (total[0] is 0). Only the columns asked for are read (each read costs; since migration 052 the arrays are stored uncompressed).
 */
function runSum(col: string, lo: string, hi: string) {
  return sql`sum(${runOf(col, lo, hi)})`;
}
/** `total[hi] - total[lo]` of a row `r`: what quarters lo … hi-1 of its day hold. */
function runOf(col: string, lo: string, hi: string) {
  const upTo = (n: string) => sql.raw(`(CASE WHEN ${n} = 0 THEN 0 ELSE r.${col}[${n}] END)`);
  return sql`${upTo(hi)} - ${upTo(lo)}`;
}

/**
 * Sums over the whole quarters [a, z) from orders_quarters, same scope: per robot type and, when `unit` is given,
 * per hour or day in the viewer's zone (`period`: the index of the local hour or day since 1970). Each row is one
 * UTC day's running totals, so a run of its quarters costs one subtraction: a local day is at most two runs of
 * the UTC days it touches, a local hour one — the cost depends on days, stores and robot types, not on orders.
 */
export function quarterSums<C extends QuarterColumn>(
  db: DB,
  scope: ReturnType<typeof whereOf>,
  a: Date,
  z: Date,
  cols: readonly C[],
  unit: 'hour' | 'day' | undefined,
  tz: number,
) {
  const qa = quarterIndex(a);
  const qz = quarterIndex(z);
  const days = db
    .selectFrom('orders_quarters')
    .where(scope)
    .where('day', '>=', utcDay(a))
    .where('day', '<=', utcDay(new Date(z.getTime() - 1)))
    .select(['device_type', ...cols, dayBase().as('base')]);
  // quarters per period, and the local quarter of UTC quarter 0 (tz_offset is minutes behind UTC)
  const per = unit === 'hour' ? 4 : QUARTERS_PER_DAY;
  const shift = unit ? -tz / 15 : 0;
  const run = (col: string) => runSum(col, 'p.lo', 'p.hi');
  return sql<{ type: string; period: number } & Record<C, number>>`
    SELECT r.device_type AS type, (r.base + p.lo + ${shift}) / ${per} AS period,
           ${sql.join(cols.map((c) => sql`${run(c)}::bigint AS ${sql.id(c)}`))}
    FROM (${days}) AS r
    ${pieces(qa, qz, per, shift)}
    WHERE p.hi > p.lo
    GROUP BY 1, 2`;
}

/** The pieces `p` (quarters lo … hi-1) of a rollup row `r` of a day (quarter `r.base`) inside [qa, qz), one per local period. */
function pieces(qa: number, qz: number, per: number, shift: number) {
  return sql`
    CROSS JOIN LATERAL (SELECT greatest(0, ${qa} - r.base)::int AS first, least(${QUARTERS_PER_DAY}, ${qz} - r.base)::int AS last) AS c
    -- the row's pieces: from each local period's first quarter in it (the first one may start before the day).
    -- The series has constant bounds so that the planner knows its length (2 for days, 25 for hours): with
    -- bounds taken from the row it guessed 1,000 rows a day, and the cost it then saw turned JIT on (65 ms of
    -- compiling for a 365-day chart of 1,092 rows at 10 M orders). Literals, not parameters: a prepared
    -- statement's generic plan (server/db/prepared.ts) knows no parameter's value
    CROSS JOIN LATERAL (
      SELECT greatest(st, c.first) AS lo, least(st + ${per}, c.last) AS hi
      FROM (SELECT (((-(r.base + ${shift})) % ${per} + ${per}) % ${per})::int - ${per} + i * ${per} AS st FROM generate_series(0, ${sql.lit(QUARTERS_PER_DAY / per)}) AS i) AS s
      -- OFFSET 0 keeps the pieces inside the row's loop: flattened, the planner ran the series outside and read
      -- each rollup row (~2.4 kB) back from a Materialize once per piece — twice the time of a 1-day chart's sums
      OFFSET 0
    ) AS p`;
}

/** The rows of the products' quarter rollup (migration 044) of the UTC days [a, z) touches, same scope. */
const productDays = (db: DB, scope: ReturnType<typeof whereOf>, a: Date, z: Date) =>
  db
    .selectFrom('orders_products_quarters')
    .where(scope)
    .where('day', '>=', utcDay(a))
    .where('day', '<=', utcDay(new Date(z.getTime() - 1)))
    .select(['code', 'name', 'quantity', 'fee', dayBase().as('base')]);

/**
 * The products sold in the whole UTC quarters of [a, z) (less than two days), from the products' quarter rollup
 * (migration 044): per row of a day, the running total after the last quarter minus the one before the first.
 * A query to run as part of the top products' one statement.
 */
export function productQuarterSums(db: DB, scope: ReturnType<typeof whereOf>, a: Date, z: Date) {
  const qa = quarterIndex(a);
  const qz = quarterIndex(z);
  const days = productDays(db, scope, a, z);
  const run = (col: string) => runOf(col, 'c.lo', 'c.hi');
  // each row's run first, then grouped (OFFSET 0 keeps it apart): grouped directly, the planner sorted the whole
  // ~1.6 kB rows by code (a 1-day chart's products: 0.41 -> 0.27 ms at 1 M orders)
  return sql<Top>`
    SELECT x.code, max(x.name) AS name, sum(x.quantity)::int AS quantity, sum(x.fee)::bigint AS fee
    FROM (
      SELECT r.code, r.name, ${run('quantity')} AS quantity, ${run('fee')} AS fee
      FROM (${days}) AS r
      CROSS JOIN LATERAL (SELECT greatest(0, ${qa} - r.base)::int AS lo, least(${QUARTERS_PER_DAY}, ${qz} - r.base)::int AS hi) AS c
      WHERE c.hi > c.lo
      OFFSET 0
    ) AS x
    GROUP BY x.code
    HAVING sum(x.quantity) <> 0`;
}

/**
 * The products sold per local day in the whole days [a, z) of the viewer's zone (`period`: the day's index since
 * 1970), from the products' quarter rollup (migration 044) as quarterSums reads the sales: a local day is at most
 * two runs of the UTC days it touches.
 */
export function productDaySums(db: DB, scope: ReturnType<typeof whereOf>, a: Date, z: Date, tz: number) {
  const days = productDays(db, scope, a, z);
  const shift = -tz / 15;
  const run = (col: string) => runSum(col, 'p.lo', 'p.hi');
  return sql<Top & { period: number }>`
    SELECT r.code, max(r.name) AS name, (r.base + p.lo + ${shift}) / ${QUARTERS_PER_DAY} AS period, ${run('quantity')}::bigint AS quantity, ${run('fee')}::bigint AS fee
    FROM (${days}) AS r
    ${pieces(quarterIndex(a), quarterIndex(z), QUARTERS_PER_DAY, shift)}
    WHERE p.hi > p.lo
    GROUP BY r.code, 3`;
}

type OrderColumn =
  'device_type' | 'create_time' | 'pay_status' | 'quantity' | 'amount' | 'refund_amount' | 'refund_status' | 'products';

/**
 * The orders of the parts (./edges.ts; only the sold ones when `soldOnly`), each with its part's sign, in one
 * UNION ALL — never empty: the end always has a part.
 */
export function edgeRows(
  db: DB,
  scope: ReturnType<typeof whereOf>,
  parts: readonly EdgePart[],
  soldOnly: boolean,
  columns: readonly OrderColumn[],
) {
  const one = (p: EdgePart) => {
    let q = db
      .selectFrom('orders')
      .where(scope)
      .where('create_time', p.loOpen ? '>' : '>=', p.lo)
      .where('create_time', p.hiClosed ? '<=' : '<', p.hi);
    if (soldOnly) q = q.where('pay_status', 'in', SOLD);
    return q.select([sql<number>`${sql.lit(p.sign)}::int`.as('sign'), ...columns]);
  };
  return sql.join(
    parts.map((p) => sql`(${one(p)})`),
    sql` UNION ALL `,
  );
}
