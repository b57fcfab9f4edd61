// The dashboard (API.md): figures for a time range and the data of its charts, scoped to the caller's
// brand or store by the same conditions as the order list (whereOf), so the two can never disagree.
//
// Figures over the orders created in [from, to]: orders and quantity count sold orders (PAID or FREE);
// fee sums their amounts; refund_orders and refund_fee count and sum the refunds that went through
// (SUCCESS); real_fee = fee - refund_fee. All money in cents. Whole days are read from the daily rollup
// (migration 009_orders_daily) so a year costs about as much as a day.
import type { FastifyPluginAsync } from 'fastify';
import { route, obj, str, int, anyObject, type JsonSchema } from '../http/schema';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { ctxOf } from '../auth/plugin';
import { requirePermission } from '../auth/permissions';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { whereOf } from '../crud/service';
import orderDef from '../../resources/order';
import deviceDef from '../../resources/device';

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
  const b = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const from = timeOf(b.from, 'from');
  const to = timeOf(b.to, 'to');
  if (to < from || to.getTime() - from.getTime() > MAX_RANGE_MS) throw badRequest('vf.orders.error.range', { field: 'to' });
  const tz = b.tz_offset === undefined ? 0 : Number(b.tz_offset);
  if (!Number.isInteger(tz) || Math.abs(tz) > 14 * 60) throw badRequest('vf.orders.error.range', { field: 'tz_offset' });
  const filter: Record<string, unknown> = {};
  for (const k of ['integrator', 'dealer'] as const) if (b[k] !== undefined && b[k] !== null && b[k] !== '') filter[k] = b[k];
  return { from, to, filter, tz };
}

function ordersIn(db: DB, ctx: CallContext, b: DashboardBody) {
  return db.selectFrom('orders').where(whereOf(orderDef, ctx, { ...b.filter, create_time_gte: b.from.toISOString(), create_time_lte: b.to.toISOString() }));
}

const DAY_MS = 86_400_000;

/** The whole units (UTC hours or days) inside the range, [first, last), or undefined when it holds none. */
function wholeUnits(b: DashboardBody, unit: number): { first: Date; last: Date } | undefined {
  const first = new Date(Math.ceil(b.from.getTime() / unit) * unit);
  const last = new Date(Math.floor(b.to.getTime() / unit) * unit);
  return first < last ? { first, last } : undefined;
}

/** A UTC day as the daily rollups key it. */
const utcDay = (d: Date) => sql<Date>`${d.toISOString().slice(0, 10)}::date`;
type Figures = { orders: number; quantity: number; fee: number; refund_orders: number; refund_fee: number };
const ZERO: Figures = { orders: 0, quantity: 0, fee: 0, refund_orders: 0, refund_fee: 0 };

/** The figures of the orders created in [from, before) — or [from, to] when `before` is absent — read row by row. */
function scanOrders(db: DB, ctx: CallContext, b: DashboardBody, from: Date, until: { before?: Date; to?: Date }) {
  let q = db.selectFrom('orders').where(whereOf(orderDef, ctx, { ...b.filter, create_time_gte: from.toISOString(), ...(until.to ? { create_time_lte: until.to.toISOString() } : {}) }));
  if (until.before) q = q.where('create_time', '<', until.before);
  return q
    .select([
      sql<number>`count(*) FILTER (WHERE pay_status IN ('PAID', 'FREE'))::int`.as('orders'),
      sql<number>`coalesce(sum(quantity) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0)::bigint`.as('quantity'),
      sql<number>`coalesce(sum(amount) FILTER (WHERE pay_status IN ('PAID', 'FREE')), 0)::bigint`.as('fee'),
      sql<number>`count(*) FILTER (WHERE refund_status = 'SUCCESS')::int`.as('refund_orders'),
      sql<number>`coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint`.as('refund_fee'),
    ])
    .executeTakeFirstOrThrow() as Promise<Figures>;
}

/** The figures of whole UTC days [fromDay, beforeDay) from the daily rollup (migration 009), same scope. */
function sumDays(db: DB, ctx: CallContext, b: DashboardBody, fromDay: Date, beforeDay: Date) {
  return db
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
    ])
    .executeTakeFirstOrThrow() as Promise<Figures>;
}

export async function summary(db: DB, ctx: CallContext, raw: unknown) {
  requirePermission(ctx.user, orderDef.permissions.list);
  const b = bodyOf(raw);
  // Whole UTC days inside the range come from the rollup; the partial days at its edges are scanned.
  const days = wholeUnits(b, DAY_MS);
  const parts =
    days
      ? await Promise.all([
          days.first > b.from ? scanOrders(db, ctx, b, b.from, { before: days.first }) : ZERO,
          sumDays(db, ctx, b, days.first, days.last),
          scanOrders(db, ctx, b, days.last, { to: b.to }),
        ])
      : [await scanOrders(db, ctx, b, b.from, { to: b.to })];
  const r = { ...ZERO };
  for (const p of parts) for (const k of Object.keys(r) as Array<keyof Figures>) r[k] += Number(p[k]);
  return { ...r, real_fee: r.fee - r.refund_fee, from: b.from.toISOString(), to: b.to.toISOString() };
}

const HOUR_MS = 3_600_000;
/** Ranges up to two days are charted by the hour (one day of 24 points), longer ones by the day. */
const HOURLY_UP_TO_MS = 2 * DAY_MS;
type Sales = { period: string; orders: number; fee: number; refund_fee: number };
type ByType = { type: string; orders: number; fee: number };
type Top = { code: string; name: string; quantity: number; fee: number };

/** Adds rows into `into` by key, summing the numeric fields (rollups and edge scans come back as parts). */
function addBy<T extends Record<string, unknown>>(into: Map<string, T>, rows: T[], key: keyof T) {
  for (const r of rows) {
    const k = String(r[key]);
    const had = into.get(k);
    if (!had) {
      into.set(k, { ...r });
      continue;
    }
    for (const [f, v] of Object.entries(r)) if (f !== key && typeof had[f] !== 'string') (had as Record<string, unknown>)[f] = Number(had[f]) + Number(v);
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
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fields.includes(k as keyof T) ? Number(v) : v])) as T);

/**
 * The charts: sales per hour or per day in the viewer's time zone (every period of the range, those without
 * sales as zeros), sales by robot type, the top 10 products, robots by state. Whole UTC hours (sales, types,
 * products) and whole UTC days (products) come from the rollups of migration 014; the partial hours at the
 * edges, and sales in time zones that are not whole hours from UTC, are read from the orders.
 */
export async function charts(db: DB, ctx: CallContext, raw: unknown) {
  requirePermission(ctx.user, orderDef.permissions.list);
  const b = bodyOf(raw);
  const sold = sql<boolean>`pay_status IN ('PAID', 'FREE')`;
  // Hours or days in the viewer's time zone: tz_offset is the browser's getTimezoneOffset() (minutes behind UTC).
  const unit = b.to.getTime() - b.from.getTime() <= HOURLY_UP_TO_MS ? 'hour' : 'day';
  const format = unit === 'hour' ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD';
  const periodOf = (col: string) => sql<string>`to_char(${sql.ref(col)} - make_interval(mins => ${b.tz}), ${sql.lit(format)})`;
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
  const utcHours = wholeUnits(b, HOUR_MS);
  // sales per local hour or day need whole UTC hours that each fall inside one: only in time zones whole hours
  // from UTC
  const hours = b.tz % 60 === 0 ? utcHours : undefined;
  const days = wholeUnits(b, DAY_MS);
  type PeriodType = { period: string; type: string; orders: number; fee: number; refund_fee: number };

  const [periodTypeParts, topParts, robots] = await Promise.all([
    // sales per period and per robot type come from the same rows, grouped by both
    Promise.all([
      rowsOutside(hours)
        .where(sold)
        .select([
          periodOf('create_time').as('period'),
          sql<string>`coalesce(device_type, 'unknown')`.as('type'),
          sql<number>`count(*)::int`.as('orders'),
          sql<number>`coalesce(sum(amount), 0)::bigint`.as('fee'),
          sql<number>`coalesce(sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS'), 0)::bigint`.as('refund_fee'),
        ])
        .groupBy([sql`1`, sql`2`])
        .execute(),
      ...(hours
        ? [
            db
              .selectFrom('orders_hourly')
              .where(scope)
              .where('hour', '>=', hours.first)
              .where('hour', '<', hours.last)
              .select([
                periodOf('hour').as('period'),
                'device_type as type',
                sql<number>`sum(orders)::int`.as('orders'),
                sql<number>`sum(fee)::bigint`.as('fee'),
                sql<number>`sum(refund_fee)::bigint`.as('refund_fee'),
              ])
              .groupBy([sql`1`, sql`2`])
              .execute(),
          ]
        : []),
    ]),
    // products: whole UTC days from the daily rollup, whole hours of the partial days from the hourly one, the
    // partial hours at the very edges item by item from the orders
    Promise.all([
      db
        .selectFrom(rowsOutside(utcHours).where(sold).select(sql<unknown>`jsonb_array_elements(products)`.as('p')).as('items'))
        .select([
          sql<string>`p->>'code'`.as('code'),
          sql<string>`max(p->>'name')`.as('name'),
          sql<number>`sum((p->>'quantity')::int)::int`.as('quantity'),
          sql<number>`sum((p->>'quantity')::int * (p->>'price')::int)::bigint`.as('fee'),
        ])
        .where(sql<boolean>`p->>'code' IS NOT NULL`)
        .groupBy(sql`p->>'code'`)
        .execute(),
      ...(utcHours
        ? [
            db
              .selectFrom('orders_products_hourly')
              .where(scope)
              // two index ranges, the hours before the first whole day and from the last on (one OR of both
              // bounds read the whole month from the index: 7.6 → 1 ms)
              .where((eb) =>
                days
                  ? eb.or([
                      eb.and([eb('hour', '>=', utcHours.first), eb('hour', '<', days.first)]),
                      eb.and([eb('hour', '>=', days.last), eb('hour', '<', utcHours.last)]),
                    ])
                  : eb.and([eb('hour', '>=', utcHours.first), eb('hour', '<', utcHours.last)]),
              )
              .select(['code', sql<string>`max(name)`.as('name'), sql<number>`sum(quantity)::int`.as('quantity'), sql<number>`sum(fee)::bigint`.as('fee')])
              .groupBy('code')
              .execute(),
          ]
        : []),
      ...(days
        ? [
            db
              .selectFrom('orders_products_daily')
              .where(scope)
              .where('day', '>=', utcDay(days.first))
              .where('day', '<', utcDay(days.last))
              .select(['code', sql<string>`max(name)`.as('name'), sql<number>`sum(quantity)::int`.as('quantity'), sql<number>`sum(fee)::bigint`.as('fee')])
              .groupBy('code')
              .execute(),
          ]
        : []),
    ]),
    db
      .selectFrom('device')
      .where(whereOf(deviceDef, ctx, b.filter))
      .select(['state', 'online', sql<number>`count(*)::int`.as('count')])
      .groupBy(['state', 'online'])
      .execute(),
  ]);
  const rows = periodTypeParts.flatMap((part) => numbers(part as PeriodType[], 'orders', 'fee', 'refund_fee'));
  const sales = new Map<string, Sales>(periodsOf(b, unit).map((period) => [period, { period, orders: 0, fee: 0, refund_fee: 0 }]));
  addBy(sales, rows.map(({ period, orders, fee, refund_fee }) => ({ period, orders, fee, refund_fee })), 'period');
  const byType = new Map<string, ByType>();
  addBy(byType, rows.map(({ type, orders, fee }) => ({ type, orders, fee })), 'type');
  const top = new Map<string, Top>();
  for (const part of topParts) addBy(top, numbers(part as Top[], 'quantity', 'fee'), 'code');
  return {
    sales_unit: unit,
    sales: [...sales.values()].sort((x, y) => x.period.localeCompare(y.period)),
    by_type: [...byType.values()].sort((x, y) => y.fee - x.fee),
    top_products: [...top.values()].sort((x, y) => y.quantity - x.quantity || x.code.localeCompare(y.code)).slice(0, 10),
    robots,
  };
}

const when: JsonSchema = { type: ['string', 'integer'], description: 'ISO-8601 time or epoch milliseconds' };
const rangeBody = obj({
  from: when,
  to: when,
  tz_offset: { type: ['integer', 'string'], minimum: -840, maximum: 840, description: 'the caller\'s offset from UTC in minutes (whole days are its days)' },
  integrator: str('only this brand'),
  dealer: str('only this store'),
}, ['from', 'to']);
const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  app.post('/api/dashboard/summary', {
    schema: route({
      tags, summary: 'Figures of the sold orders created in [from, to] (about three years at most); money in cents', body: rangeBody,
      data: obj({ orders: int(), quantity: int(), fee: int(), refund_orders: int(), refund_fee: int(), real_fee: int('fee - refund_fee'), from: str(), to: str() }),
    }),
  }, async (req) => ok(await summary(db, ctxOf(req), req.body)));
  app.post('/api/dashboard/charts', {
    schema: route({
      tags, summary: 'The dashboard charts: sales by period, by robot type, top products, robots by state', body: rangeBody,
      data: obj({ sales_unit: str(), sales: { type: 'array', items: anyObject() }, by_type: { type: 'array', items: anyObject() }, top_products: { type: 'array', items: anyObject() }, robots: { type: 'array', items: anyObject() } }),
    }),
  }, async (req) => ok(await charts(db, ctxOf(req), req.body)));
};
