// The dashboard's range (docs/api.md; the routes: ./index.ts): the body every dashboard call sends, checked, and
// how a dashboard query runs. Scoped to the caller's brand or store by the same conditions as the order list
// (whereOf), so the dashboard and the list can never disagree.
import { isObject } from '../../../resources/validate';
import { sql, type CompiledQuery } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { badRequest } from '../../http/errors';
import orderDef from '../../../resources/order';
import { whereOf } from '../../crud/filters';
import { runPrepared } from '../../db/prepared';
import type { Figures } from '../../../resources/dashboard';

export type { Figures };

export const SOLD = ['PAID', 'FREE'] as const;
/** The longest range a call may ask for: about three years. */
const MAX_RANGE_MS = 1100 * 86_400_000;

function timeOf(v: unknown, name: string): Date {
  const d = typeof v === 'number' || (typeof v === 'string' && v.length <= 40) ? new Date(v) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw badRequest('vf.orders.error.range', { field: name });
  return d;
}

export interface DashboardBody {
  from: Date;
  to: Date;
  filter: Record<string, unknown>;
  tz: number;
}

export function bodyOf(raw: unknown): DashboardBody {
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

export function ordersIn(db: DB, ctx: CallContext, b: DashboardBody) {
  return db.selectFrom('orders').where(
    whereOf(orderDef, ctx, {
      ...b.filter,
      create_time_gte: b.from.toISOString(),
      create_time_lte: b.to.toISOString(),
    }),
  );
}

export const DAY_MS = 86_400_000;

/** The whole units (UTC hours or days) inside the range, [first, last), or undefined when it holds none. */
export function wholeUnits(b: DashboardBody, unit: number): { first: Date; last: Date } | undefined {
  const first = new Date(Math.ceil(b.from.getTime() / unit) * unit);
  const last = new Date(Math.floor(b.to.getTime() / unit) * unit);
  return first < last ? { first, last } : undefined;
}

/** The first UTC day whose quarters are read from the rollups, not kept: the day of the range's end, or of now
 * if earlier (its signature moves with every sale). */
export const todayOf = (b: DashboardBody) =>
  new Date(Math.floor(Math.min(b.to.getTime(), Date.now()) / DAY_MS) * DAY_MS);

/** A UTC day as the daily rollups key it. */
export const utcDay = (d: Date) => sql<Date>`${d.toISOString().slice(0, 10)}::date`;
export const ZERO: Figures = { orders: 0, quantity: 0, fee: 0, refund_orders: 0, refund_fee: 0 };

/** Runs a dashboard query as a prepared statement (server/db/prepared.ts): its shape is fixed, its values change. */
export async function prep<R>(db: DB, q: { compile(db: DB): CompiledQuery<R> }) {
  return { rows: await runPrepared(db, q.compile(db)) };
}

/** The one row of an aggregate, as a prepared statement (server/db/prepared.ts): the figures' shapes are fixed. */
export async function firstRow(db: DB, q: Compilable): Promise<Figures> {
  return (await runPrepared(db, q.compile()))[0] as Figures;
}
type Compilable = { compile(): CompiledQuery<unknown> };
export const HOUR_MS = 3_600_000;
