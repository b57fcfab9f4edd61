// The forecast refresh (docs/replenishment.md, "When forecasts are computed"): the stores whose sales or stock changed
// since the last run, and every store at least hourly, get their forecast rows written again — a store's rows in one
// transaction, so a list never sees half a store. Reading a forecast computes nothing. Every server process runs the
// job; an advisory lock lets one at a time do the work.
import { sql } from 'kysely';
import { dailyPlans } from './daily';
import type { DB } from '../../db';
import { setting } from '../../config';
import {
  blendLevel,
  dispersion,
  emptying,
  hourShape,
  ownLevel,
  perDay,
  weeklyRhythm,
  HISTORY_DAYS,
  DAY_HOURS,
  type Day,
} from './method';
import { daysOf, perHour, readSales } from './history';
import { localOf, serverZone } from '../../localTime';
import { metricsOf } from '../../../resources/telemetry';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Stores computed per batch (one read of their sales each). */
const BATCH = 50;
/** The consumables a robot uses up (telemetry levels that fall with use and jump at a refill). */
export const CONSUMABLES = ['milk_level', 'bean_level', 'cups_left'] as const;
/** Days of telemetry a consumable's use is read from. */
const CONSUMABLE_DAYS = 7;

export interface ForecastRow {
  _id: string;
  integrator: string;
  dealer: string;
  device: string | null;
  kind: 'product' | 'consumable';
  product: string | null;
  metric: string | null;
  name: string;
  stock: number;
  per_day: number[];
  empty_at: Date | null;
  days_left: number | null;
  low: Date | null;
  high: Date | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The moment `hours` after `now`, or null. */
const after = (now: number, hours: number | null | undefined) =>
  hours === null || hours === undefined ? null : new Date(now + hours * HOUR_MS);

/**
 * Forecasts of the stores given (all stores when none), computed with the history up to `now`, written in place of
 * their previous rows. Answers the rows written.
 */
export async function refreshForecasts(db: DB, opts: { dealers?: string[]; now?: Date } = {}): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  let q = db.selectFrom('dealer').select(['_id', 'integrator', 'tz']).where('status', '<>', 'deleted');
  if (opts.dealers) {
    if (opts.dealers.length === 0) return 0;
    q = q.where('_id', 'in', opts.dealers);
  }
  const stores = await q.orderBy('_id').execute();
  let written = 0;
  for (let i = 0; i < stores.length; i += BATCH) written += await refreshBatch(db, stores.slice(i, i + BATCH), now);
  return written;
}

interface Store {
  _id: string;
  integrator: string;
  tz: string | null;
}

async function refreshBatch(db: DB, stores: Store[], now: number): Promise<number> {
  const ids = stores.map((s) => s._id);
  const zones = new Map(stores.map((s) => [s._id, s.tz ?? serverZone()]));
  // the same local day numbers for every store: today in the first store's zone is close enough for the window
  const today = localOf(zones.get(ids[0])!, now).day;
  const first = today - HISTORY_DAYS;
  const [sales, products, robots, brand, levels] = await Promise.all([
    readSales(db, zones, first, today),
    db
      .selectFrom('product')
      .select(['_id', 'integrator', 'dealer', 'code', 'name', 'type', 'devices', 'stock'])
      .where('dealer', 'in', ids)
      .where('freeze', '=', false)
      .execute(),
    sql<{ _id: string; dealer: string; type: string; sold: number }>`
      SELECT d._id, d.dealer, d.type, count(o._id)::int AS sold FROM device d
        LEFT JOIN orders o ON o.device = d._id AND o.create_time > ${new Date(now - 28 * DAY_MS).toISOString()}::timestamptz
       WHERE d.dealer IN (${sql.join(ids)}) GROUP BY d._id, d.dealer, d.type ORDER BY sold DESC, d._id`.execute(db),
    // the brand's fallback: units a day of each code, per store that sold it, over the last 28 days
    sql<{ integrator: string; code: string; per_day: number }>`
      SELECT integrator, code, (sum(quantity)::float8 / 28 / count(DISTINCT dealer))::float8 AS per_day
        FROM orders_products_daily
       WHERE integrator IN (${sql.join([...new Set(stores.map((s) => s.integrator))])})
         AND day >= ${new Date(now - 28 * DAY_MS).toISOString().slice(0, 10)}::date
       GROUP BY integrator, code`.execute(db),
    sql<{ device: string; metric: string; hour: Date | string; level: number }>`
      SELECT h.device, h.metric, h.hour, (h.sum / h.count)::float8 AS level FROM telemetry_hourly h
        JOIN device d ON d._id = h.device
       WHERE d.dealer IN (${sql.join(ids)}) AND h.metric IN (${sql.join([...CONSUMABLES])})
         AND h.hour >= ${new Date(now - CONSUMABLE_DAYS * DAY_MS).toISOString()}::timestamptz
       ORDER BY h.device, h.metric, h.hour`.execute(db),
  ]);
  const brandLevel = new Map(brand.rows.map((r) => [`${r.integrator}\u0000${r.code}`, Number(r.per_day)]));
  const rows: ForecastRow[] = [];
  for (const store of stores) {
    const tz = zones.get(store._id)!;
    const local = localOf(tz, now);
    const s = sales.get(store._id)!;
    // history: whole local days up to yesterday
    const last = local.day - 1;
    const shape = hourShape(perHour(s.byCode.values()));
    const storeDays: Day[] = daysOf(undefined, first, last);
    for (const days of s.byCode.values())
      for (let d = first; d <= last; d++) storeDays[d - first].sold += days[d - first].reduce((a, b) => a + b, 0);
    const rhythm = weeklyRhythm(storeDays, shape);
    const own = products
      .filter((p) => p.dealer === store._id)
      .map((p) => {
        let soldOut: { day: number; hour: number } | undefined;
        if (p.stock === 0) {
          const at = s.lastSale.get(p.code);
          const since = at ? localOf(tz, at) : { day: first, hour: 0 };
          soldOut = { day: since.day, hour: since.hour };
        }
        const days = daysOf(s.byCode.get(p.code), first, last, soldOut);
        return { p, days, level: ownLevel(days, rhythm, shape) };
      });
    // the store's fallback: the mean level of its products of the same robot type that have a week of history
    const typeLevel = new Map<string, number>();
    for (const type of new Set(own.map((o) => o.p.type))) {
      const known = own.filter((o) => o.p.type === type && o.level.days >= 7);
      if (known.length) typeLevel.set(type, known.reduce((t, o) => t + o.level.perDay, 0) / known.length);
    }
    const storeRobots = robots.rows.filter((r) => r.dealer === store._id);
    for (const { p, days, level: mine } of own) {
      const fallback = typeLevel.get(p.type) ?? brandLevel.get(`${p.integrator}\u0000${p.code}`) ?? null;
      const level = blendLevel(mine, fallback);
      const days7 = perDay(level, rhythm, local.weekday);
      const e = emptying(p.stock, level, rhythm, shape, local, dispersion(days, level, rhythm, shape));
      // the robot that sells it: the one it is limited to, else the store's robot of its type that sells most
      const device = p.devices[0] ?? storeRobots.find((r) => r.type === p.type)?._id ?? null;
      rows.push({
        _id: p._id,
        integrator: p.integrator,
        dealer: p.dealer,
        device,
        kind: 'product',
        product: p._id,
        metric: null,
        name: p.name,
        stock: p.stock,
        per_day: days7.map(round2),
        empty_at: after(now, e?.hours),
        days_left: e ? Math.round((e.hours / DAY_HOURS) * 10) / 10 : null,
        low: after(now, e?.low),
        high: after(now, e?.high),
      });
    }
    for (const r of storeRobots) {
      for (const metric of metricsOf(r.type).filter((m) => (CONSUMABLES as readonly string[]).includes(m))) {
        const points = levels.rows.filter((x) => x.device === r._id && x.metric === metric);
        const c = consumable(points.map((x) => Number(x.level)));
        if (!c) continue;
        rows.push({
          _id: `${r._id}:${metric}`,
          integrator: store.integrator,
          dealer: store._id,
          device: r._id,
          kind: 'consumable',
          product: null,
          metric,
          name: metric,
          stock: Math.round(c.level),
          per_day: new Array<number>(7).fill(round2(c.perDay)),
          empty_at: after(now, c.hours),
          days_left: c.hours === null ? null : Math.round((c.hours / DAY_HOURS) * 10) / 10,
          low: after(now, c.low),
          high: after(now, c.high),
        });
      }
    }
  }
  await writeRows(db, stores, rows);
  return rows.length;
}

/**
 * A consumable's use from its hourly levels (oldest first): what it fell by between hours (a rise is a refill, not
 * use) per day, and when its last level reaches zero at that pace. The interval: the same at the pace of its
 * busiest and its quietest day.
 */
export function consumable(
  levels: number[],
): { level: number; perDay: number; hours: number | null; low: number | null; high: number | null } | null {
  if (levels.length < 2) return null;
  // what it fell by in each hour, then per whole day of them
  const drops = levels.slice(1).map((x, i) => Math.max(0, levels[i] - x));
  const perDayUse = (drops.reduce((a, b) => a + b, 0) / drops.length) * DAY_HOURS;
  const daily: number[] = [];
  for (let i = 0; i + DAY_HOURS <= drops.length; i += DAY_HOURS)
    daily.push(drops.slice(i, i + DAY_HOURS).reduce((a, b) => a + b, 0));
  const level = levels[levels.length - 1];
  if (perDayUse <= 0) return { level, perDay: 0, hours: null, low: null, high: null };
  const busiest = Math.max(perDayUse, ...daily);
  const quietest = Math.max(perDayUse / 3, Math.min(perDayUse, ...daily));
  return {
    level,
    perDay: perDayUse,
    hours: (level / perDayUse) * DAY_HOURS,
    low: (level / busiest) * DAY_HOURS,
    high: (level / quietest) * DAY_HOURS,
  };
}

/** The stores' rows replaced, each store's in the same transaction. */
async function writeRows(db: DB, stores: Store[], rows: ForecastRow[]) {
  const ids = stores.map((s) => s._id);
  const write = async (trx: DB) => {
    await trx.deleteFrom('forecast').where('dealer', 'in', ids).execute();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('forecast')
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, per_day: JSON.stringify(r.per_day) })))
        .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** The stores with sales or stock changes since `since`. */
async function changedStores(db: DB, since: Date): Promise<string[]> {
  const at = since.toISOString();
  const { rows } = await sql<{ dealer: string }>`
    SELECT DISTINCT dealer FROM orders WHERE create_time > ${at}::timestamptz
    UNION SELECT dealer FROM product WHERE update_time > ${at}::timestamptz OR restock_time > ${at}::timestamptz`.execute(
    db,
  );
  return rows.map((r) => r.dealer);
}

/**
 * Keeps the forecasts fresh: every store at once and then hourly, the changed stores every FORECAST_REFRESH_SECONDS,
 * until the answer is called. One process at a time does a run (a transaction-level advisory lock; on PGlite there
 * is one process anyway). The run that did it then makes the day's visit plans come due (./daily.ts).
 */
export function startForecastRefresh(db: DB, onError: (e: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let lastRun: Date | null = null;
  let lastFull = 0;
  const run = () => {
    if (stopped) return;
    running = running
      .then(async () => {
        if (stopped) return;
        const started = new Date();
        const full = lastRun === null || started.getTime() - lastFull >= HOUR_MS;
        const done = await db.transaction().execute(async (trx) => {
          const lock = await sql<{
            ok: boolean;
          }>`SELECT pg_try_advisory_xact_lock(hashtext('vf_forecast_refresh')) AS ok`.execute(trx);
          if (!lock.rows[0].ok) return false; // another process is at it
          const dealers = full ? undefined : await changedStores(trx, lastRun!);
          await refreshForecasts(trx, { dealers, now: started });
          return true;
        });
        if (!done) return;
        lastRun = started;
        if (full) lastFull = started.getTime();
        // the stores' plans of the day, once each, on the forecasts just refreshed (./daily.ts)
        await dailyPlans(db, started);
      })
      .catch(onError);
  };
  run();
  const timer = setInterval(run, setting('FORECAST_REFRESH_SECONDS') * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
