// The dashboard's figures for a time range (docs/api.md; the route: ./index.ts), scoped to the caller's brand or
// store by the same conditions as the order list (whereOf), so the two can never disagree.
//
// Figures over the orders created in [from, to]: orders and quantity count sold orders (PAID or FREE);
// fee sums their amounts; refund_orders and refund_fee count and sum the refunds that went through
// (SUCCESS); real_fee = fee - refund_fee. All money in cents. Whole days are read from the daily rollup
// (migration 009_orders_daily), the whole quarter hours of the days at its edges from the quarter rollup
// (034_orders_quarters), so a year costs about as much as a day at any number of orders.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import orderDef from '../../../resources/order';
import { whereOf } from '../../crud/filters';
import { daySignatures, scopeKey } from './closedDays';
import { addMinuteFigures, dayOfQuarter, edgeQuartersOf, edgesOf, FIGURES, type EdgePart } from './edges';
import {
  bodyOf,
  DAY_MS,
  firstRow,
  prep,
  todayOf,
  utcDay,
  wholeUnits,
  ZERO,
  type DashboardBody,
  type Figures,
} from './range';
import { edgeRows, QUARTER_MS, quarterSums } from './rollups';
import type { DashboardSummary } from '../../../resources/dashboard';

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

function withRealFee(b: DashboardBody, r: Figures): DashboardSummary {
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
