// The visit plan (POST /api/visit/plan, docs/replenishment.md "The visit plan"): for a store-local day and a number of
// days to cover, the robots that must be visited — one that would run empty (a product or a consumable) before the
// cover ends, one with an active error alarm, a locked one — what to load for each (every product filled to what the
// cover needs from now), the van's pick list, and the stores in route order. Read from the stored forecasts only.
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { badRequest } from '../../http/errors';
import { setting } from '../../config';
import forecast from '../../../resources/forecast';
import { dayOfDate, localOf, serverZone, startOfLocalDay } from '../../localTime';
import { pathKm, route, type Point } from './route';

const DAY_MS = 86_400_000;
export const DEFAULT_COVER_DAYS = 2;
export const MAX_PLAN_STORES = 500;

export type Reason = 'runs_empty' | 'consumable' | 'alarm' | 'locked';

export interface PlanBody {
  date: string;
  dealers?: string[];
  cover_days?: number;
  start?: Point;
}

interface Line {
  product: string;
  code: string;
  name: string;
  quantity: number;
}

export interface Stop {
  order: number;
  dealer: string;
  name: string;
  lat: number;
  lng: number;
  robots: Array<{ device: string; name: string; reasons: Reason[]; lines: Line[] }>;
}

/**
 * Units used between two moments at a forecast's pace: `perDay[k]` is the use of the k-th local day from the one
 * `today` began (`todayStart`, ms); days past the seventh repeat the week.
 */
export function useBetween(perDay: readonly number[], todayStart: number, from: number, to: number): number {
  let used = 0;
  for (let k = Math.floor((from - todayStart) / DAY_MS); todayStart + k * DAY_MS < to; k++) {
    const start = Math.max(from, todayStart + k * DAY_MS);
    const end = Math.min(to, todayStart + (k + 1) * DAY_MS);
    if (end > start) used += (perDay[((k % 7) + 7) % 7] ?? 0) * ((end - start) / DAY_MS);
  }
  return used;
}

export async function planVisits(db: DB, ctx: CallContext, body: PlanBody, now = new Date()) {
  requirePermission(ctx.user, forecast.permissions.list);
  const day = dayOfDate(body.date);
  if (day === null) throw badRequest('vf.forecast.error.date');
  const scope = scopeConditions(forecast, ctx.user);
  const empty = { date: body.date, stops: [], skipped: [], distance_km: 0, pick_list: [], tile_url: tileUrl() };
  if (scope === 'none') return empty;
  let stores = db
    .selectFrom('dealer')
    .select(['_id', 'name', 'lat', 'lng', 'tz'])
    .where('status', '=', 'normal')
    .orderBy('_id')
    .limit(MAX_PLAN_STORES);
  // a store account's scope names its store by `dealer`, the store's own `_id`
  for (const [col, value] of scope) stores = stores.where(col === 'dealer' ? '_id' : 'integrator', '=', value);
  if (body.dealers) stores = stores.where('_id', 'in', body.dealers.length ? body.dealers : ['']);
  return planOf(db, await stores.execute(), body, day, now);
}

/** A store as the plan reads it. */
export interface PlanStore {
  _id: string;
  name: string;
  lat: number | null;
  lng: number | null;
  tz: string | null;
}

/** The plan of these stores for `day` (the local day of `body.date`): read by the call above, and by the daily
 * plan each store's people are sent (./daily.ts), which has no caller to scope it by. */
export async function planOf(db: DB, storeRows: PlanStore[], body: PlanBody, day: number, now = new Date()) {
  const cover = body.cover_days ?? DEFAULT_COVER_DAYS;
  const empty = { date: body.date, stops: [], skipped: [], distance_km: 0, pick_list: [], tile_url: tileUrl() };
  const ids = storeRows.map((s) => s._id);
  if (ids.length === 0) return empty;
  const [rows, robots, alarmed, products] = await Promise.all([
    db
      .selectFrom('forecast')
      .select(['device', 'dealer', 'kind', 'product', 'stock', 'per_day', 'empty_at'])
      .where('dealer', 'in', ids)
      .execute(),
    db.selectFrom('device').select(['_id', 'name', 'dealer', 'locked']).where('dealer', 'in', ids).execute(),
    db
      .selectFrom('alarm')
      .select('device')
      .where('dealer', 'in', ids)
      .where('state', '=', 'active')
      .where('level', '=', 'error')
      .execute(),
    db.selectFrom('product').select(['_id', 'code', 'name']).where('dealer', 'in', ids).execute(),
  ]);
  const productOf = new Map(products.map((p) => [p._id, p]));
  const alarms = new Set(alarmed.map((a) => a.device));
  const stops: Array<Omit<Stop, 'order' | 'lat' | 'lng'> & { lat: number | null; lng: number | null }> = [];
  for (const store of storeRows) {
    const tz = store.tz ?? serverZone();
    const coverEnd = startOfLocalDay(tz, day + cover);
    const todayStart = startOfLocalDay(tz, localOf(tz, now.getTime()).day);
    const mine = rows.filter((r) => r.dealer === store._id);
    const visits: Stop['robots'] = [];
    for (const robot of robots.filter((r) => r.dealer === store._id).sort((a, b) => a.name.localeCompare(b.name))) {
      const own = mine.filter((r) => r.device === robot._id);
      const reasons: Reason[] = [];
      const empties = (kind: string) =>
        own.some((r) => r.kind === kind && r.empty_at && new Date(r.empty_at).getTime() < coverEnd);
      if (empties('product')) reasons.push('runs_empty');
      if (empties('consumable')) reasons.push('consumable');
      if (alarms.has(robot._id)) reasons.push('alarm');
      if (robot.locked) reasons.push('locked');
      if (!reasons.length) continue;
      const lines: Line[] = [];
      for (const r of own) {
        const p = r.kind === 'product' && r.product ? productOf.get(r.product) : undefined;
        if (!p || r.stock < 0) continue;
        const need = useBetween(r.per_day as number[], todayStart, now.getTime(), coverEnd);
        const quantity = Math.ceil(need - r.stock - 1e-9);
        if (quantity > 0) lines.push({ product: p._id, code: p.code, name: p.name, quantity });
      }
      visits.push({ device: robot._id, name: robot.name, reasons, lines });
    }
    if (visits.length)
      stops.push({ dealer: store._id, name: store.name, lat: store.lat, lng: store.lng, robots: visits });
  }
  const placed = stops.filter((s): s is typeof s & Point => s.lat !== null && s.lng !== null);
  const skipped = stops
    .filter((s) => s.lat === null || s.lng === null)
    .map((s) => ({ dealer: s.dealer, name: s.name, reason: 'no_coordinates' as const }));
  const { order, km } = bestRoute(body.start, placed);
  const pick = new Map<string, { product: string; code: string; name: string; quantity: number }>();
  for (const s of stops)
    for (const r of s.robots)
      for (const l of r.lines) {
        const got = pick.get(l.code);
        if (got) got.quantity += l.quantity;
        else pick.set(l.code, { ...l });
      }
  return {
    date: body.date,
    stops: order.map((i, n) => ({ order: n + 1, ...placed[i] })),
    skipped,
    distance_km: Math.round(km * 10) / 10,
    pick_list: [...pick.values()].sort((a, b) => a.code.localeCompare(b.code)),
    tile_url: tileUrl(),
  };
}

/** The route from `start`; without one, from whichever stop makes the shortest day. */
function bestRoute(start: Point | undefined, stops: readonly Point[]): { order: number[]; km: number } {
  if (stops.length === 0) return { order: [], km: 0 };
  if (start) {
    const order = route(start, stops);
    return { order, km: pathKm(start, stops, order) };
  }
  let best = { order: [] as number[], km: Infinity };
  for (let i = 0; i < Math.min(stops.length, 50); i++) {
    const rest = stops.map((_, k) => k).filter((k) => k !== i);
    const sub = route(
      stops[i],
      rest.map((k) => stops[k]),
    ).map((k) => rest[k]);
    const order = [i, ...sub];
    const km = pathKm(stops[i], stops, order);
    if (km < best.km) best = { order, km };
  }
  return best;
}

/** The map tiles' URL the plan's screen draws under the stops (MAP_TILE_URL). */
export const tileUrl = () => setting('MAP_TILE_URL');
