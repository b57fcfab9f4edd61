// Forecast accuracy, published (POST /api/forecast/accuracy, docs/replenishment.md "Accuracy"): the method is run
// over the caller's scope as it would have run on each day of the range — with the history up to that day only —
// and its forecasts for the next `horizon_days` compared with what was then sold, as WAPE, beside the vending
// suites' rule (vends per day over the previous 28 days). Read from the daily sales rollups (one statement).
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { badRequest } from '../../http/errors';
import forecast from '../../../resources/forecast';
import { backtest, seasonal, weeklyRhythm, HISTORY_DAYS, type Day, type Rhythm } from './method';
import { dateOfDay } from './time';

const DAY_MS = 86_400_000;
export const MAX_ACCURACY_DAYS = 92;
export const DEFAULT_HORIZON_DAYS = 7;

const dayOf = (v: string | number) => {
  const ms = typeof v === 'number' ? v : Date.parse(v);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
};

export async function accuracy(
  db: DB,
  ctx: CallContext,
  body: { from: string | number; to: string | number; horizon_days?: number },
  now = new Date(),
) {
  requirePermission(ctx.user, forecast.permissions.list);
  const from = dayOf(body.from);
  const to = dayOf(body.to);
  if (from === null || to === null || to < from || to - from + 1 > MAX_ACCURACY_DAYS)
    throw badRequest('vf.forecast.error.range', { days: MAX_ACCURACY_DAYS });
  const horizon = body.horizon_days ?? DEFAULT_HORIZON_DAYS;
  const scope = scopeConditions(forecast, ctx.user);
  const none = { wape: null, baseline_wape: null, days: 0, horizon_days: horizon, series: [] };
  if (scope === 'none') return none;
  // whole days only: the last origin's horizon ends yesterday at the latest
  const today = Math.floor(now.getTime() / DAY_MS);
  const base = from - HISTORY_DAYS;
  const end = Math.min(to + horizon, today); // exclusive
  if (end - base <= HISTORY_DAYS) return none;
  const where = scope.map(([col, value]) => sql`${sql.ref(col)} = ${value}`);
  const { rows } = await sql<{ dealer: string; code: string; day: string; quantity: number }>`
    SELECT dealer, code, day::text AS day, quantity::int AS quantity FROM orders_products_daily
     WHERE day >= ${dateOfDay(base)}::date AND day < ${dateOfDay(end)}::date
       ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}`.execute(db);
  const blank = (): Day[] =>
    Array.from({ length: end - base }, (_, i) => ({ weekday: (((base + i + 4) % 7) + 7) % 7, sold: 0 }));
  const items = new Map<string, { dealer: string; days: Day[] }>();
  const stores = new Map<string, Day[]>();
  for (const r of rows) {
    const i = (dayOf(r.day) ?? base) - base;
    const key = `${r.dealer}\u0000${r.code}`;
    if (!items.has(key)) items.set(key, { dealer: r.dealer, days: blank() });
    if (!stores.has(r.dealer)) stores.set(r.dealer, blank());
    items.get(key)!.days[i].sold += Number(r.quantity);
    stores.get(r.dealer)![i].sold += Number(r.quantity);
  }
  const list = [...items.values()];
  // each store's rhythm as known on each origin day
  const rhythms = new Map<string, Rhythm>();
  const rhythmAt = (dealer: string, t: number) => {
    const key = `${dealer}\u0000${t}`;
    let r = rhythms.get(key);
    if (!r) rhythms.set(key, (r = weeklyRhythm(stores.get(dealer)!.slice(0, t))));
    return r;
  };
  const result = backtest(
    list.map((x) => x.days),
    from - base,
    Math.min(to, end - horizon) - base,
    horizon,
    (k) => (history, weekday, n) => seasonal({ level: null, rhythm: rhythmAt(list[k].dealer, history.length) })(history, weekday, n),
  );
  const round = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);
  return {
    wape: round(result.wape),
    baseline_wape: round(result.baseline_wape),
    days: result.series.filter((s) => s.actual > 0).length,
    horizon_days: horizon,
    series: result.series.map((s) => ({
      date: dateOfDay(base + s.day),
      actual: s.actual,
      wape: s.actual > 0 ? round(s.error / s.actual) : null,
      baseline_wape: s.actual > 0 ? round(s.baseline_error / s.actual) : null,
    })),
  };
}
