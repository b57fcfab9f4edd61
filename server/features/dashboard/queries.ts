// The dashboard's queries (docs/api.md; the routes: ./index.ts): figures for a time range and the data of its charts, scoped to the caller's
// brand or store by the same conditions as the order list (whereOf), so the two can never disagree.
//
// Figures over the orders created in [from, to]: orders and quantity count sold orders (PAID or FREE);
// fee sums their amounts; refund_orders and refund_fee count and sum the refunds that went through
// (SUCCESS); real_fee = fee - refund_fee. All money in cents. Whole days are read from the daily rollup
// (migration 009_orders_daily), the whole quarter hours of the days at its edges from the quarter rollup
// (034_orders_quarters), so a year costs about as much as a day at any number of orders.
import { isObject } from '../../../resources/validate';
import { sql, type CompiledQuery } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { badRequest } from '../../http/errors';
import orderDef from '../../../resources/order';
import deviceDef from '../../../resources/device';
import { whereOf } from '../../crud/filters';
import { runPrepared } from '../../db/prepared';
import { closedDaysOf, daySignatures, scopeKey, type DayCharts } from './closedDays';
import { addRun, daysOfRun, quarterDaysOf, type PeriodSums, type ProductSums } from './quarterDays';
import { addMinuteFigures, addMinutes, dayOfQuarter, edgeQuartersOf, edgesOf, FIGURES, type EdgePart } from './edges';

export const SOLD = ['PAID', 'FREE'] as const;
/** The longest range a call may ask for: about three years. */
const MAX_RANGE_MS = 1100 * 86_400_000;

function timeOf(v: unknown, name: string): Date {
  const d = typeof v === 'number' || (typeof v === 'string' && v.length <= 40) ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw badRequest('vf.orders.error.range', { field: name });
  return d;
}

interface DashboardBody {
  from: Date;
  to: Date;
  filter: Record<string, unknown>;
  tz: number;
}

function bodyOf(raw: unknown): DashboardBody {
  const b = isObject(raw) ? raw : {};
  const from = timeOf(b.from, 'from');
  const to = timeOf(b.to, 'to');
  if (to < from || to.getTime() - from.getTime() > MAX_RANGE_MS)
    throw badRequest('vf.orders.error.range', { field: 'to' });
  const tz = b.tz_offset === undefined ? 0 : Number(b.tz_offset);
  if (!Number.isInteger(tz) || Math.abs(tz) > 14 * 60)
    throw badRequest('vf.orders.error.range', { field: 'tz_offset' });
  const filter: Record<string, unknown> = {};
  for (const k of ['integrator', 'dealer'] as const)
    if (b[k] !== undefined && b[k] !== null && b[k] !== '') filter[k] = b[k];
  return { from, to, filter, tz };
}

function ordersIn(db: DB, ctx: CallContext, b: DashboardBody) {
  return db.selectFrom('orders').where(
    whereOf(orderDef, ctx, {
      ...b.filter,
      create_time_gte: b.from.toISOString(),
      create_time_lte: b.to.toISOString(),
    }),
  );
}

const DAY_MS = 86_400_000;

/** The whole units (UTC hours or days) inside the range, [first, last), or undefined when it holds none. */
function wholeUnits(b: DashboardBody, unit: number): { first: Date; last: Date } | undefined {
  const first = new Date(Math.ceil(b.from.getTime() / unit) * unit);
  const last = new Date(Math.floor(b.to.getTime() / unit) * unit);
  return first < last ? { first, last } : undefined;
}

/** The first UTC day whose quarters are read from the rollups, not kept: the day of the range's end, or of now
 * if earlier (its signature moves with every sale). */
const todayOf = (b: DashboardBody) => new Date(Math.floor(Math.min(b.to.getTime(), Date.now()) / DAY_MS) * DAY_MS);

/** A UTC day as the daily rollups key it. */
const utcDay = (d: Date) => sql<Date>`${d.toISOString().slice(0, 10)}::date`;
type Figures = { orders: number; quantity: number; fee: number; refund_orders: number; refund_fee: number };
const ZERO: Figures = { orders: 0, quantity: 0, fee: 0, refund_orders: 0, refund_fee: 0 };

/** Runs a dashboard query as a prepared statement (server/db/prepared.ts): its shape is fixed, its values change. */
async function prep<R>(db: DB, q: { compile(db: DB): CompiledQuery<R> }) {
  return { rows: await runPrepared(db, q.compile(db)) };
}

/** The one row of an aggregate, as a prepared statement (server/db/prepared.ts): the figures' shapes are fixed. */
async function firstRow(db: DB, q: Compilable): Promise<Figures> {
  return (await runPrepared(db, q.compile()))[0] as Figures;
}
type Compilable = { compile(): CompiledQuery<unknown> };

/** The figures of whole UTC days [fromDay, beforeDay) from the daily rollup (migration 009), same scope. */
function sumDays(db: DB, ctx: CallContext, b: DashboardBody, fromDay: Date, beforeDay: Date) {
  return firstRow(
    db,
    db
      .selectFrom('orders_daily')
      .where(whereOf(orderDef, ctx, b.filter))
      .where('day', '>=', utcDay(fromDay))
      .where('day', '<', utcDay(beforeDay))
      .select([
        sql<number>`coalesce(sum(orders), 0)::bigint`.as('orders'),
        sql<number>`coalesce(sum(quantity), 0)::bigint`.as('quantity'),
        sql<number>`coalesce(sum(fee), 0)::bigint`.as('fee'),
        sql<number>`coalesce(sum(refund_orders), 0)::bigint`.as('refund_orders'),
        sql<number>`coalesce(sum(refund_fee), 0)::bigint`.as('refund_fee'),
      ]),
  );
}

/** Real time zones are whole quarter hours from UTC; orders_quarters (migration 034) keeps running totals per quarter. */
const QUARTER_MS = 900_000;
const QUARTERS_PER_DAY = 96;

type QuarterColumn = 'orders' | 'quantity' | 'fee' | 'refund_orders' | 'refund_fee' | 'sold_refund_fee';

/** The quarter hour a time starts, counted from 1970 (whole-quarter edges only). */
const quarterIndex = (d: Date) => Math.round(d.getTime() / QUARTER_MS);
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
function quarterSums<C extends QuarterColumn>(
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
function productQuarterSums(db: DB, scope: ReturnType<typeof whereOf>, a: Date, z: Date) {
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
function productDaySums(db: DB, scope: ReturnType<typeof whereOf>, a: Date, z: Date, tz: number) {
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
function edgeRows(
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

export async function summary(db: DB, ctx: CallContext, raw: unknown) {
  requirePermission(ctx.user, orderDef.permissions.list);
  const b = bodyOf(raw);
  // Whole UTC days inside the range come from the daily rollup, the whole quarter hours around them from the
  // quarter rollup, and the partial quarters at the very edges as ./edges.ts says: a closed day's by the minute
  // from the process, today's from the side of its quarter with fewer minutes up to now.
  const scope = whereOf(orderDef, ctx, b.filter);
  const quarters = wholeUnits(b, QUARTER_MS);
  // no whole quarter: the range's orders, read row by row
  if (!quarters)
    return withRealFee(
      b,
      await firstRow(db, edgeFigures(db, scope, [{ lo: b.from, loOpen: false, hi: b.to, hiClosed: true, sign: 1 }])),
    );
  const days = wholeUnits(b, DAY_MS);
  const { parts, kept, first, last } = edgesOf(b, quarters, todayOf(b));
  const runs = days
    ? [
        [first, days.first],
        [days.last, last],
      ]
    : [[first, last]];
  const keptFigures = async () => {
    if (!kept.length) return ZERO;
    const qs = kept.map((e) => e.quarter);
    const sigs = await daySignatures(db, scope, dayOfQuarter(Math.min(...qs)), dayOfQuarter(Math.max(...qs)));
    const quarterMinutes = await edgeQuartersOf(db, scope, `${scopeKey(db, scope)}\u0000`, qs, sigs);
    const f = { ...ZERO };
    for (const e of kept) addMinuteFigures(quarterMinutes.get(e.quarter)!, e.lo, e.hi, f);
    return f;
  };
  const sums: Figures[] = await Promise.all([
    firstRow(db, edgeFigures(db, scope, parts)),
    keptFigures(),
    ...(days ? [sumDays(db, ctx, b, days.first, days.last)] : []),
    ...runs
      .filter(([a, z]) => a < z)
      .map(async ([a, z]) =>
        (await prep(db, quarterSums(db, scope, a, z, FIGURES, undefined, 0))).rows.reduce((t, r) => addFigures(t, r), {
          ...ZERO,
        }),
      ),
  ]);
  return withRealFee(
    b,
    sums.reduce((t, p) => addFigures(t, p), { ...ZERO }),
  );
}

function withRealFee(b: DashboardBody, r: Figures) {
  return { ...r, real_fee: r.fee - r.refund_fee, from: b.from.toISOString(), to: b.to.toISOString() };
}

/** The figures of the orders of the parts (./edges.ts: the edges', or the whole range's), each added or taken away
 * by its part's sign. */
function edgeFigures(db: DB, scope: ReturnType<typeof whereOf>, parts: readonly EdgePart[]) {
  const rows = edgeRows(db, scope, parts, false, [
    'pay_status',
    'quantity',
    'amount',
    'refund_status',
    'refund_amount',
  ]);
  const soldOnly = sql.raw(`FILTER (WHERE pay_status IN ('PAID', 'FREE'))`);
  const refunded = sql.raw(`FILTER (WHERE refund_status = 'SUCCESS')`);
  return db
    .selectFrom(sql`(${rows})`.as('e'))
    .select([
      sql<number>`coalesce(sum(sign) ${soldOnly}, 0)::bigint`.as('orders'),
      sql<number>`coalesce(sum(sign * quantity) ${soldOnly}, 0)::bigint`.as('quantity'),
      sql<number>`coalesce(sum(sign * amount) ${soldOnly}, 0)::bigint`.as('fee'),
      sql<number>`coalesce(sum(sign) ${refunded}, 0)::bigint`.as('refund_orders'),
      sql<number>`coalesce(sum(sign * refund_amount) ${refunded}, 0)::bigint`.as('refund_fee'),
    ]);
}

function addFigures(into: Figures, p: Figures): Figures {
  for (const k of Object.keys(ZERO) as Array<keyof Figures>) into[k] += Number(p[k]);
  return into;
}

const HOUR_MS = 3_600_000;
/** Ranges up to two days are charted by the hour (one day of 24 points), longer ones by the day. */
const HOURLY_UP_TO_MS = 2 * DAY_MS;
type Sales = { period: string; orders: number; fee: number; refund_fee: number };
type ByType = { type: string; orders: number; fee: number };
type Top = { code: string; name: string; quantity: number; fee: number };

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

/**
 * The charts: sales per hour or per day in the viewer's time zone (every period of the range, those without
 * sales as zeros), sales by robot type, the top 10 products, robots by state. Sales and types come from whole
 * quarter hours of the quarter rollup (migration 034; every real time zone is whole quarters from UTC), products
 * from whole UTC days and quarter hours (migrations 014, 044); the partial quarters at the edges as ./edges.ts
 * says (kept by the minute before today, today's from the nearer end of the quarter), and sales in a zone that is
 * not whole quarters from UTC from the orders.
 */
export async function charts(db: DB, ctx: CallContext, raw: unknown) {
  requirePermission(ctx.user, orderDef.permissions.list);
  const b = bodyOf(raw);
  const sold = sql<boolean>`pay_status IN ('PAID', 'FREE')`;
  // Hours or days in the viewer's time zone: tz_offset is the browser's getTimezoneOffset() (minutes behind UTC).
  const unit = b.to.getTime() - b.from.getTime() <= HOURLY_UP_TO_MS ? 'hour' : 'day';
  const format = unit === 'hour' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD';
  const periodOf = (col: string) =>
    sql<string>`to_char(${sql.ref(col)} - make_interval(mins => ${b.tz}), ${sql.lit(format)})`;
  const scope = whereOf(orderDef, ctx, b.filter);
  // the orders outside the rollup's whole units: the parts of the range before `first` and from `last` on
  // (one scan for both), or the whole range when it holds no whole unit
  const rowsOutside = (e: { first: Date; last: Date } | undefined) =>
    e
      ? db
          .selectFrom('orders')
          .where(scope)
          .where((eb) =>
            eb.or([
              eb.and([eb('create_time', '>=', b.from), eb('create_time', '<', e.first)]),
              eb.and([eb('create_time', '>=', e.last), eb('create_time', '<=', b.to)]),
            ]),
          )
      : ordersIn(db, ctx, b);
  const utcQuarters = wholeUnits(b, QUARTER_MS);
  // sales per local hour or day from whole quarter hours, each inside one local hour: every real time zone
  const quarters = b.tz % 15 === 0 ? wholeUnits(b, QUARTER_MS) : undefined;
  const days = wholeUnits(b, DAY_MS);
  type PeriodType = { period: string; type: string; orders: number; fee: number; refund_fee: number };
  // every period of the range named once (a year of days formatted twice per call cost ~1 ms of CPU)
  const periods = periodsOf(b, unit);
  const firstPeriod = Math.floor((b.from.getTime() - b.tz * 60_000) / (unit === 'hour' ? HOUR_MS : DAY_MS));
  const periodName = (index: number) => {
    if (periods[index - firstPeriod] !== undefined) return periods[index - firstPeriod];
    const iso = new Date(index * (unit === 'hour' ? HOUR_MS : DAY_MS)).toISOString();
    return unit === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10);
  };

  // the items of the orders outside the whole UTC quarters, per product
  const itemsOutside = (e: { first: Date; last: Date } | undefined) =>
    db
      .selectFrom(
        rowsOutside(e)
          .where(sold)
          .select(sql<unknown>`jsonb_array_elements(products)`.as('p'))
          .as('items'),
      )
      .select([
        sql<string>`p->>'code'`.as('code'),
        sql<string>`max(p->>'name')`.as('name'),
        sql<number>`sum((p->>'quantity')::int)::int`.as('quantity'),
        sql<number>`sum((p->>'quantity')::int * (p->>'price')::int)::bigint`.as('fee'),
      ])
      .where(sql<boolean>`p->>'code' IS NOT NULL`)
      .groupBy(sql`p->>'code'`);
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

  // In a zone whole quarters from UTC (every real one): by the day, the whole local days of the range are kept by
  // the process while their UTC days are unchanged (./closedDays.ts), and so are the UTC days before today at
  // quarter resolution (./quarterDays.ts) for the partial days at the range's edges — by the hour, the whole range
  // is such runs, and the quarters at the very edges by the minute (./edges.ts). Only today's quarters, the orders
  // of the edges' partial minutes (today's edges: of the shorter side of their quarter), and days changed since
  // they were kept, are read. `firstKept` … `endKept - 1`: the whole local days' indexes (none by the hour).
  const tzMs = b.tz * 60_000;
  const localStart = (k: number) => new Date(k * DAY_MS + tzMs);
  const firstKept = unit === 'day' ? Math.ceil((b.from.getTime() - tzMs) / DAY_MS) : 0;
  const endKept = unit === 'day' ? Math.floor((b.to.getTime() - tzMs) / DAY_MS) : 0;
  async function byKeptDays(q: { first: Date; last: Date }) {
    const utcDayOf = (t: number) => Math.floor(t / DAY_MS);
    // the runs' quarters before today come from the kept UTC days, today's from the rollups
    const today = todayOf(b);
    const { parts, kept: keptEdges, first: runFirst, last: runLast } = edgesOf(b, q, today);
    const runs = (
      firstKept < endKept
        ? [
            [runFirst, localStart(firstKept)],
            [localStart(endKept), runLast],
          ]
        : [[runFirst, runLast]]
    ).filter(([a, z]) => a < z);
    const closedRuns = runs
      .map(([a, z]) => [a, z < today ? z : today] as const)
      .filter(([a, z]) => a < z)
      .map(([a, z]) => [quarterIndex(a), quarterIndex(z)] as const);
    const liveRuns = runs.map(([a, z]) => [a > today ? a : today, z] as const).filter(([a, z]) => a < z);
    const scoped = scopeKey(db, scope);
    const key = `${scoped}\u0000${b.tz}\u0000`;
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
    const cols = ['orders', 'fee', 'sold_refund_fee'] as const;
    const union = (parts: unknown[]) =>
      sql.join(
        parts.map((x) => sql`(${x})`),
        sql` UNION ALL `,
      );
    // today's sales (kind 0: per robot type and period) and products (kind 1: per code), from the edges' orders
    // and today's quarters: one statement
    const edgesAndToday = sql<{
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
    // the signatures are read before any day is computed: a change in between makes the next call compute it again
    const [sigs, liveBoth, robots] = await Promise.all([
      daySignatures(db, scope, utcDayOf(b.from.getTime()), utcDayOf(b.to.getTime())),
      prep(db, edgesAndToday),
      robotsByState(),
    ]);
    const live = {
      rows: liveBoth.rows
        .filter((r) => Number(r.kind) === 0)
        .map((r) => ({
          type: r.key,
          period: Number(r.period),
          orders: Number(r.orders),
          fee: Number(r.fee),
          sold_refund_fee: Number(r.refund_fee),
        })),
    };
    const liveTop = {
      rows: liveBoth.rows
        .filter((r) => Number(r.kind) === 1)
        .map((r): Top => ({ code: r.key, name: r.name ?? '', quantity: Number(r.orders), fee: Number(r.fee) })),
    };
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
      quarterDaysOf(db, scope, `${scoped}\u0000`, [...new Set(closedRuns.flatMap(([a, z]) => daysOfRun(a, z)))], sigs),
      edgeQuartersOf(
        db,
        scope,
        `${scoped}\u0000`,
        keptEdges.map((e) => e.quarter),
        sigs,
      ),
    ]);
    if (missing.length) {
      for (let k = first; k <= last; k++) kept.set(k, { types: [], products: [] });
      for (const r of sales.rows) {
        if (Number(r.orders) !== 0)
          kept.get(Number(r.period))!.types.push({
            type: r.type,
            orders: Number(r.orders),
            fee: Number(r.fee),
            refund_fee: Number(r.sold_refund_fee),
          });
      }
      for (const r of products.rows) {
        if (Number(r.quantity) !== 0)
          kept
            .get(Number(r.period))!
            .products.push({ code: r.code, name: r.name, quantity: Number(r.quantity), fee: Number(r.fee) });
      }
      for (let k = first; k <= last; k++) store.set(key + k, sig(k), kept.get(k)!);
    }
    // the runs' closed quarters, from the kept UTC days
    const closedSales: PeriodSums = new Map();
    const closedTop: ProductSums = new Map();
    const per = unit === 'hour' ? 4 : QUARTERS_PER_DAY;
    for (const [a, z] of closedRuns) addRun(quarterDays, a, z, per, -b.tz / 15, closedSales, closedTop);
    // the edges' whole minutes in closed quarters, each quarter inside one local period
    for (const e of keptEdges)
      addMinutes(
        edgeQuarters.get(e.quarter)!,
        e.lo,
        e.hi,
        Math.floor((e.quarter - b.tz / 15) / per),
        closedSales,
        closedTop,
      );
    const rows: PeriodType[] = [...live.rows, ...closedSales.values()]
      .filter((x) => Number(x.orders) !== 0)
      .map((x) => ({
        period: periodName(Number(x.period)),
        type: x.type,
        orders: x.orders,
        fee: x.fee,
        refund_fee: 'sold_refund_fee' in x ? x.sold_refund_fee : x.refund_fee,
      }));
    // the kept days summed here, in plain loops: a year of them is 365 days of types and products
    const days: Sales[] = [];
    const types = new Map<string, ByType>();
    const topOfDays = new Map<string, Top>();
    for (const [k, c] of kept) {
      const d: Sales = { period: periodName(k), orders: 0, fee: 0, refund_fee: 0 };
      for (const t of c.types) {
        d.orders += t.orders;
        d.fee += t.fee;
        d.refund_fee += t.refund_fee;
        const had = types.get(t.type) ?? types.set(t.type, { type: t.type, orders: 0, fee: 0 }).get(t.type)!;
        had.orders += t.orders;
        had.fee += t.fee;
      }
      days.push(d);
      for (const p of c.products) {
        const had =
          topOfDays.get(p.code) ??
          topOfDays.set(p.code, { code: p.code, name: p.name, quantity: 0, fee: 0 }).get(p.code)!;
        had.quantity += p.quantity;
        had.fee += p.fee;
      }
    }
    const closedProducts = [...closedTop.values()].filter((p) => p.quantity !== 0);
    return [
      [rows],
      [liveTop.rows, [...topOfDays.values()], closedProducts],
      robots,
      { days, types: [...types.values()] },
    ] as const;
  }

  const [periodTypeParts, topParts, robots, keptDays] =
    quarters && (unit === 'hour' || firstKept < endKept)
      ? await byKeptDays(quarters)
      : await Promise.all([
          // sales per period and per robot type come from the same rows, grouped by both
          Promise.all([
            runPrepared(
              db,
              rowsOutside(quarters)
                .where(sold)
                .select([
                  periodOf('create_time').as('period'),
                  sql<string>`coalesce(device_type, 'unknown')`.as('type'),
                  sql<number>`count(*)::int`.as('orders'),
                  sql<number>`coalesce(sum(amount), 0)::bigint`.as('fee'),
                  sql<number>`coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint`.as(
                    'refund_fee',
                  ),
                ])
                .groupBy([sql`1`, sql`2`])
                .compile(),
            ),
            ...(quarters
              ? [
                  // its own statement: as part of one UNION ALL with the edges it cost ~25% more database time (30 days, UTC+8)
                  prep(
                    db,
                    quarterSums(
                      db,
                      scope,
                      quarters.first,
                      quarters.last,
                      ['orders', 'fee', 'sold_refund_fee'] as const,
                      unit,
                      b.tz,
                    ),
                  ).then((r) =>
                    // a type whose sales of the day all fall outside the range sums to zero here: not a type sold
                    r.rows
                      .filter((x) => Number(x.orders) !== 0)
                      .map((x): PeriodType => ({
                        period: periodName(Number(x.period)),
                        type: x.type,
                        orders: x.orders,
                        fee: x.fee,
                        refund_fee: x.sold_refund_fee,
                      })),
                  ),
                ]
              : []),
          ]),
          // products: whole UTC days from the daily rollup, whole quarters of the partial days from the quarter one,
          // the partial quarters at the very edges item by item from the orders — one statement, its parts summed below
          prep(
            db,
            sql<Top>`${sql.join(
              [
                itemsOutside(utcQuarters),
                // the quarters before the first whole day and from the last on (or all of them when there is no whole day)
                ...(utcQuarters
                  ? (days
                      ? [
                          [utcQuarters.first, days.first],
                          [days.last, utcQuarters.last],
                        ]
                      : [[utcQuarters.first, utcQuarters.last]]
                    )
                      .filter(([a, z]) => a < z)
                      .map(([a, z]) => productQuarterSums(db, scope, a, z))
                  : []),
                ...(days
                  ? [
                      db
                        .selectFrom('orders_products_daily')
                        .where(scope)
                        .where('day', '>=', utcDay(days.first))
                        .where('day', '<', utcDay(days.last))
                        .select([
                          'code',
                          sql<string>`max(name)`.as('name'),
                          sql<number>`sum(quantity)::int`.as('quantity'),
                          sql<number>`sum(fee)::bigint`.as('fee'),
                        ])
                        .groupBy('code'),
                    ]
                  : []),
              ].map((q) => sql`(${q})`),
              sql` UNION ALL `,
            )}`,
          ).then((r) => [r.rows]),
          robotsByState(),
          Promise.resolve(undefined), // no kept days on this path
        ]);
  const rows = periodTypeParts.flatMap((part) => numbers(part as PeriodType[], 'orders', 'fee', 'refund_fee'));
  const sales = new Map<string, Sales>(periods.map((period) => [period, { period, orders: 0, fee: 0, refund_fee: 0 }]));
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
