// The charts' sales and products read without the kept days (./chartsKept.ts): a zone that is not whole quarters
// from UTC, or a range by the day with no whole local day. Sales per period and robot type from the orders
// outside the whole quarters and the quarter rollup's whole quarters; products from the daily and quarter
// product rollups and the items of the orders outside them (docs/api.md).
import { sql } from 'kysely';
import { runPrepared } from '../../db/prepared';
import { DAY_MS, ordersIn, prep, utcDay, wholeUnits } from './range';
import { productQuarterSums, QUARTER_MS, quarterSums, type Top } from './rollups';
import type { ChartParts, ChartRange, PeriodType } from './chartRange';

const sold = sql<boolean>`pay_status IN ('PAID', 'FREE')`;

// the orders outside the rollup's whole units: the parts of the range before `first` and from `last` on
// (one scan for both), or the whole range when it holds no whole unit
function rowsOutside(c: ChartRange, e: { first: Date; last: Date } | undefined) {
  const { db, b, scope } = c;
  return e
    ? db
        .selectFrom('orders')
        .where(scope)
        .where((eb) =>
          eb.or([
            eb.and([eb('create_time', '>=', b.from), eb('create_time', '<', e.first)]),
            eb.and([eb('create_time', '>=', e.last), eb('create_time', '<=', b.to)]),
          ]),
        )
    : ordersIn(db, c.ctx, b);
}

// the items of the orders outside the whole UTC quarters, per product
function itemsOutside(c: ChartRange, e: { first: Date; last: Date } | undefined) {
  return c.db
    .selectFrom(
      rowsOutside(c, e)
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
}

/** Sales per period and per robot type: the orders outside the whole quarters and the quarters' sums, as parts. */
function salesByScanning(c: ChartRange, quarters: { first: Date; last: Date } | undefined) {
  const { db, b, unit, scope } = c;
  const format = unit === 'hour' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD';
  const periodOf = (col: string) =>
    sql<string>`to_char(${sql.ref(col)} - make_interval(mins => ${b.tz}), ${sql.lit(format)})`;
  // sales per period and per robot type come from the same rows, grouped by both
  return Promise.all([
    runPrepared(
      db,
      rowsOutside(c, quarters)
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
                period: c.periodName(Number(x.period)),
                type: x.type,
                orders: x.orders,
                fee: x.fee,
                refund_fee: x.sold_refund_fee,
              })),
          ),
        ]
      : []),
  ]);
}

// products: whole UTC days from the daily rollup, whole quarters of the partial days from the quarter one,
// the partial quarters at the very edges item by item from the orders — one statement, its parts summed by the caller
function productsByScanning(c: ChartRange) {
  const { db, b, scope } = c;
  const utcQuarters = wholeUnits(b, QUARTER_MS);
  const days = wholeUnits(b, DAY_MS);
  return prep(
    db,
    sql<Top>`${sql.join(
      [
        itemsOutside(c, utcQuarters),
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
  ).then((r) => [r.rows]);
}

/** The charts' parts read from the orders and the rollups, without the kept days. */
export function byScanning(c: ChartRange, quarters: { first: Date; last: Date } | undefined): Promise<ChartParts> {
  return Promise.all([
    salesByScanning(c, quarters),
    productsByScanning(c),
    c.robotsByState(),
    Promise.resolve(undefined), // no kept days on this path
  ]);
}
