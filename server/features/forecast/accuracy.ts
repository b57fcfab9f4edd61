// Forecast accuracy, published (POST /api/forecast/accuracy, docs/replenishment.md "Accuracy"): the method is run
// over the caller's scope as it would have run on each day of the range — with the history up to that day only —
// and its forecasts for the next `horizon_days` compared with what was then sold, as WAPE, beside the vending
// suites' rule (vends per day over the previous 28 days). Read from the sales rollups, in each store's local days.
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { badRequest } from '../../http/errors';
import forecast from '../../../resources/forecast';
import { backtest, seasonal, weeklyRhythm, HISTORY_DAYS, type Day, type Rhythm } from './method';
import { dateOfDay, serverZone } from '../../localTime';
import { daysOf, readSales } from './history';

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
  let stores = db.selectFrom('dealer').select(['_id', 'tz']).where('status', '<>', 'deleted');
  for (const [col, value] of scope) stores = stores.where(col === 'dealer' ? '_id' : 'integrator', '=', value);
  const zones = new Map((await stores.execute()).map((s) => [s._id, s.tz ?? serverZone()]));
  // each store's sales in its own local days (a day's rhythm is its clock's, not UTC's)
  const sales = await readSales(db, zones, base, end - 1);
  // the products there are forecasts of (a code sold once but no product of the store now is not forecast)
  const products = zones.size
    ? await db
        .selectFrom('product')
        .select(['dealer', 'code'])
        .where('dealer', 'in', [...zones.keys()])
        .execute()
    : [];
  const forecastable = new Set(products.map((p) => `${p.dealer}\u0000${p.code}`));
  const items: Array<{ dealer: string; days: Day[] }> = [];
  const totals = new Map<string, Day[]>();
  for (const [dealer, s] of sales) {
    const store = daysOf(undefined, base, end - 1);
    for (const [code, hours] of s.byCode) {
      const days = daysOf(hours, base, end - 1);
      days.forEach((d, i) => (store[i].sold += d.sold));
      if (forecastable.has(`${dealer}\u0000${code}`)) items.push({ dealer, days });
    }
    totals.set(dealer, store);
  }
  const list = items;
  // each store's rhythm as known on each origin day
  const rhythms = new Map<string, Rhythm>();
  const rhythmAt = (dealer: string, t: number) => {
    const key = `${dealer}\u0000${t}`;
    let r = rhythms.get(key);
    if (!r) rhythms.set(key, (r = weeklyRhythm(totals.get(dealer)!.slice(0, t))));
    return r;
  };
  const result = backtest(
    list.map((x) => x.days),
    from - base,
    Math.min(to, end - horizon) - base,
    horizon,
    (k) => (history, weekday, n) =>
      seasonal({ level: null, rhythm: rhythmAt(list[k].dealer, history.length) })(history, weekday, n),
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
