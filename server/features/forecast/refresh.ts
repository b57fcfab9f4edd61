// The forecast refresh (docs/replenishment.md, "When forecasts are computed"): the stores whose sales or stock changed
// since the last run, and every store at least hourly, get their forecast rows written again — a store's rows in one
// transaction, so a list never sees half a store. Reading a forecast computes nothing. Every server process runs the
// job; an advisory lock lets one at a time do the work.
import { sql, type Selectable } from 'kysely';
import { dailyPlans } from './daily';
import type { DB, Tables } from '../../db';
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
  type Rhythm,
  type Shape,
} from './method';
import { daysOfTotals, readSales, type StoreSales } from './history';
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
 * What a store's history up to yesterday says (method.ts): its hour-of-day shape, its weekly rhythm, and each
 * product's level and dispersion. None of it changes within the store's local day (the history ends yesterday), so a
 * refresh that is given a cache (`ModelCache`: the job's, ./refresh.ts `startForecastRefresh`) makes it once a local
 * day — reading 56 days of sales rollups for every store on every tick was the refresh's cost at 10,000 robots
 * (docs/replenishment.md, "What a refresh costs"). A product whose code or type changed, a new one, or one that sold
 * out or came back (a sold-out product's history reads differently) makes its store's model anew — from the days it
 * keeps (`StoreHistory`), not from the rollups again.
 */
interface StoreModel {
  day: number;
  shape: Shape;
  rhythm: Rhythm;
  products: Map<string, { code: string; type: string; soldOut: boolean; level: number; disp: number }>;
  /** the store's robots, the one that sold most in the last 28 days first (of each type) */
  robots: Array<{ _id: string; type: string }>;
}

/**
 * A store's sales over its model's local days [first, last] (the HISTORY_DAYS before its day), as the model reads
 * them: units per day and hour of all its products together (the shape and the rhythm), units per day of each code
 * (a product's level and dispersion), and each code's last sale up to when it was read (a sold-out product is off
 * sale since). Kept beside the store's model so that the next day's is made from it and the days since, read alone:
 * making every store's model from 56 days of rollups at its midnight cost the hour after it more than the target
 * (docs/replenishment.md, "What a refresh costs"). Sums of whole units, so the model made from it is the one a read
 * of the 56 days makes, to the bit.
 */
interface StoreHistory {
  /** the zone its days are of (a store whose zone is edited is read whole again) */
  tz: string;
  first: number;
  last: number;
  /** units per local day (index day − first) and hour, all codes together; null while it sold nothing */
  hours: Int32Array | null;
  /** units per local day of each code that sold in the window */
  codes: Map<string, Int32Array>;
  lastSale: Map<string, { at: number; day: number }>;
}

/**
 * Each store's model of its local day and the days it is made from, and each brand's fallback (units a day of each
 * code, per store that sold it, over the 28 days to the day named), kept by the refresh job between its runs; within
 * one refresh call at least, so a brand's fallback is read once, not once per batch of stores (at 10,000 robots that
 * repeated read was a third of a start-up's database time).
 */
export interface ModelCache {
  stores: Map<string, StoreModel>;
  histories: Map<string, StoreHistory>;
  brands: Map<string, { since: string; levels: Map<string, number> }>;
}
export const newModelCache = (): ModelCache => ({ stores: new Map(), histories: new Map(), brands: new Map() });

/**
 * Forecasts of the stores given (all stores when none), computed with the history up to `now`, written in place of
 * their previous rows. With `products` (ids), only those products' rows are written again, and nothing else of
 * their stores (the job's run between its hourly full ones). Answers the rows written.
 */
export async function refreshForecasts(
  db: DB,
  opts: { dealers?: string[]; now?: Date; cache?: ModelCache; products?: string[] } = {},
): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  if (opts.products) return refreshProducts(db, opts.products, now, opts.cache ?? newModelCache());
  let q = db.selectFrom('dealer').select(['_id', 'integrator', 'tz']).where('status', '<>', 'deleted');
  if (opts.dealers) {
    if (opts.dealers.length === 0) return 0;
    q = q.where('_id', 'in', opts.dealers);
  }
  const stores = await q.orderBy('_id').execute();
  let written = 0;
  for (let i = 0; i < stores.length; i += BATCH)
    written += await refreshBatch(db, stores.slice(i, i + BATCH), now, opts.cache ?? newModelCache());
  return written;
}

interface Store {
  _id: string;
  integrator: string;
  tz: string | null;
}

/** A store's model's local days: the HISTORY_DAYS before its local day `day`. */
const windowOf = (day: number) => ({ first: day - HISTORY_DAYS, last: day - 1 });

/** The days [from, h.last] of a read (`s`) added into a history (their counts zero before). */
function addDays(h: StoreHistory, s: StoreSales, from: number) {
  const n = h.last - h.first + 1;
  for (const [code, days] of s.byCode) {
    let totals = h.codes.get(code);
    for (let d = Math.max(from, s.first, h.first); d <= Math.min(h.last, s.last); d++) {
      const row = days[d - s.first];
      let sold = 0;
      for (let hour = 0; hour < DAY_HOURS; hour++) sold += row[hour];
      if (sold === 0) continue;
      if (!totals) {
        totals = new Int32Array(n);
        h.codes.set(code, totals);
      }
      totals[d - h.first] += sold;
      h.hours ??= new Int32Array(n * DAY_HOURS);
      for (let hour = 0; hour < DAY_HOURS; hour++) h.hours[(d - h.first) * DAY_HOURS + hour] += row[hour];
    }
  }
  // each code's last sale, where it is from `from` on (the read may start earlier, for another store of its batch)
  for (const [code, at] of s.lastSale) {
    const day = s.lastDay.get(code)!;
    if (day >= from) h.lastSale.set(code, { at, day });
  }
}

/** A store's history of the local days [first, last], from a read of them (and up to now, for the last sales). */
function historyOf(s: StoreSales, tz: string, first: number, last: number): StoreHistory {
  const h: StoreHistory = { tz, first, last, hours: null, codes: new Map(), lastSale: new Map() };
  addDays(h, s, first);
  return h;
}

/**
 * A history moved on to the window that starts at `first`: the days before it dropped, and the days from `from` (the
 * last day it held: read once more, for a sale a robot sends late or a refund) read again from `s`, a read from `from`
 * up to now. False when it cannot tell when a code last sold (its last sale, read before, is gone from the days read
 * again): the store's days are then read whole.
 */
function rollHistory(h: StoreHistory, s: StoreSales, first: number, from: number): boolean {
  const n = h.last - h.first + 1;
  const shift = first - h.first;
  const kept = from - first; // days [first, from) are kept, moved to the front
  if (h.hours) {
    h.hours.copyWithin(0, shift * DAY_HOURS);
    h.hours.fill(0, kept * DAY_HOURS);
  }
  for (const totals of h.codes.values()) {
    totals.copyWithin(0, shift);
    totals.fill(0, kept);
  }
  h.first = first;
  h.last = first + n - 1;
  for (const [code, l] of h.lastSale) if (l.day < first || l.day >= from) h.lastSale.delete(code);
  addDays(h, s, from);
  for (const [code, totals] of h.codes) {
    if (totals.every((x) => x === 0)) h.codes.delete(code);
    else if (!h.lastSale.has(code)) return false;
  }
  return true;
}

const productColumns = ['_id', 'integrator', 'dealer', 'code', 'name', 'type', 'devices', 'stock'] as const;
/** A product as the refresh reads it: those columns of its row. */
type ProductIn = Pick<Selectable<Tables['product']>, (typeof productColumns)[number]>;

/** Is the store's cached model still the one its products and day would make? */
function fresh(m: StoreModel | undefined, day: number, own: ProductIn[]): m is StoreModel {
  // its day: the store's window is the HISTORY_DAYS before it, in the store's own zone
  if (!m || m.day !== day) return false;
  return own.every((p) => {
    const x = m.products.get(p._id);
    return !!x && x.code === p.code && x.type === p.type && x.soldOut === (p.stock === 0);
  });
}

/**
 * The models of the stores given, made from their history, put in `cache`: a store whose kept history still has days
 * of its window reads only the days since (`rollHistory`), any other all of them — one read for each kind of a batch;
 * and the brand's fallback and, where a store has more than one robot of a type, which sold most.
 */
async function makeModels(db: DB, stores: Store[], products: ProductIn[], now: number, cache: ModelCache) {
  if (stores.length === 0) return;
  const ids = stores.map((s) => s._id);
  const zones = new Map(stores.map((s) => [s._id, s.tz ?? serverZone()]));
  const locals = new Map(stores.map((s) => [s._id, localOf(zones.get(s._id)!, now)]));
  const window = (s: Store) => windowOf(locals.get(s._id)!.day);
  // a kept history that ends within the new window (and began no later) moves on; any other is read whole
  const rolls = new Map<string, number>(); // store → the first day read again
  for (const s of stores) {
    const h = cache.histories.get(s._id);
    const w = window(s);
    if (h && h.tz === zones.get(s._id) && h.first <= w.first && h.last >= w.first && h.last <= w.last)
      rolls.set(s._id, h.last);
  }
  const full = stores.filter((s) => !rolls.has(s._id));
  // each store's days from `from` up to today (today's sales: a product's last sale)
  const read = async (list: Store[], from: (s: Store) => number) =>
    list.length
      ? readSales(
          db,
          new Map(list.map((s) => [s._id, zones.get(s._id)!])),
          Math.min(...list.map(from)),
          Math.max(...list.map((s) => locals.get(s._id)!.day)),
        )
      : new Map<string, StoreSales>();
  const since = new Date(now - 28 * DAY_MS).toISOString().slice(0, 10);
  const brandsToRead = [...new Set(stores.map((s) => s.integrator))].filter(
    (b) => cache.brands.get(b)?.since !== since,
  );
  const [rolled, made, robots, brand] = await Promise.all([
    read(
      stores.filter((s) => rolls.has(s._id)),
      (s) => rolls.get(s._id)!,
    ),
    read(full, (s) => window(s).first),
    db.selectFrom('device').select(['_id', 'dealer', 'type']).where('dealer', 'in', ids).orderBy('_id').execute(),
    // the brand's fallback: units a day of each code, per store that sold it, over the last 28 days — of the
    // brands not read yet for this window
    brandsToRead.length
      ? sql<{ integrator: string; code: string; per_day: number }>`
          SELECT integrator, code, (sum(quantity)::float8 / 28 / count(DISTINCT dealer))::float8 AS per_day
            FROM orders_products_daily
           WHERE integrator IN (${sql.join(brandsToRead)}) AND day >= ${since}::date
           GROUP BY integrator, code`.execute(db)
      : { rows: [] },
  ]);
  for (const s of full)
    cache.histories.set(s._id, historyOf(made.get(s._id)!, zones.get(s._id)!, window(s).first, window(s).last));
  const again = stores.filter(
    (s) =>
      rolls.has(s._id) &&
      !rollHistory(cache.histories.get(s._id)!, rolled.get(s._id)!, window(s).first, rolls.get(s._id)!),
  );
  if (again.length) {
    const reread = await read(again, (s) => window(s).first);
    for (const s of again)
      cache.histories.set(s._id, historyOf(reread.get(s._id)!, zones.get(s._id)!, window(s).first, window(s).last));
  }
  for (const b of brandsToRead) cache.brands.set(b, { since, levels: new Map() });
  for (const r of brand.rows) cache.brands.get(r.integrator)!.levels.set(r.code, Number(r.per_day));
  // the robot that sells a product is the store's robot of its type that sold most: counted only where a store has
  // more than one robot of a type (it is the orders of 28 days)
  const kinds = new Map<string, number>();
  for (const r of robots) kinds.set(`${r.dealer}\u0000${r.type}`, (kinds.get(`${r.dealer}\u0000${r.type}`) ?? 0) + 1);
  const shared = robots.filter((r) => kinds.get(`${r.dealer}\u0000${r.type}`)! > 1).map((r) => r._id);
  const sold = new Map<string, number>();
  if (shared.length)
    for (const r of (
      await sql<{ device: string; sold: number }>`
        SELECT device, count(*)::int AS sold FROM orders
         WHERE device IN (${sql.join(shared)}) AND create_time > ${new Date(now - 28 * DAY_MS).toISOString()}::timestamptz
         GROUP BY device`.execute(db)
    ).rows)
      sold.set(r.device, Number(r.sold));
  for (const store of stores) {
    const tz = zones.get(store._id)!;
    const h = cache.histories.get(store._id)!;
    const { first, last } = h;
    const perHour = new Array<number>(DAY_HOURS).fill(0);
    if (h.hours) for (let i = 0; i < h.hours.length; i++) perHour[i % DAY_HOURS] += h.hours[i];
    const shape = hourShape(perHour);
    const storeDays: Day[] = daysOfTotals(undefined, first, last);
    for (const totals of h.codes.values()) for (let d = 0; d <= last - first; d++) storeDays[d].sold += totals[d];
    const rhythm = weeklyRhythm(storeDays, shape);
    const own = products
      .filter((p) => p.dealer === store._id)
      .map((p) => {
        let soldOut: { day: number; hour: number } | undefined;
        if (p.stock === 0) {
          const at = h.lastSale.get(p.code)?.at;
          const since = at ? localOf(tz, at) : { day: first, hour: 0 };
          soldOut = { day: since.day, hour: since.hour };
        }
        const days = daysOfTotals(h.codes.get(p.code), first, last, soldOut);
        return { p, days, level: ownLevel(days, rhythm, shape) };
      });
    // the store's fallback: the mean level of its products of the same robot type that have a week of history
    const typeLevel = new Map<string, number>();
    for (const type of new Set(own.map((o) => o.p.type))) {
      const known = own.filter((o) => o.p.type === type && o.level.days >= 7);
      if (known.length) typeLevel.set(type, known.reduce((t, o) => t + o.level.perDay, 0) / known.length);
    }
    const model: StoreModel = {
      day: locals.get(store._id)!.day,
      shape,
      rhythm,
      products: new Map(),
      robots: robots
        .filter((r) => r.dealer === store._id)
        .sort((a, b) => (sold.get(b._id) ?? 0) - (sold.get(a._id) ?? 0) || (a._id < b._id ? -1 : 1)),
    };
    for (const { p, days, level: mine } of own) {
      const fallback = typeLevel.get(p.type) ?? cache.brands.get(p.integrator)?.levels.get(p.code) ?? null;
      const level = blendLevel(mine, fallback);
      model.products.set(p._id, {
        code: p.code,
        type: p.type,
        soldOut: p.stock === 0,
        level,
        disp: dispersion(days, level, rhythm, shape),
      });
    }
    cache.stores.set(store._id, model);
  }
}

/** A product's forecast row from its store's model. */
function productRow(p: ProductIn, m: StoreModel, local: ReturnType<typeof localOf>, now: number): ForecastRow {
  const { level, disp } = m.products.get(p._id)!;
  const days7 = perDay(level, m.rhythm, local.weekday);
  const e = emptying(p.stock, level, m.rhythm, m.shape, local, disp);
  // the robot that sells it: the one it is limited to, else the store's robot of its type that sells most
  const device = p.devices[0] ?? m.robots.find((r) => r.type === p.type)?._id ?? null;
  return {
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
  };
}

async function refreshBatch(db: DB, stores: Store[], now: number, cache: ModelCache): Promise<number> {
  const ids = stores.map((s) => s._id);
  const [products, levels] = await Promise.all([
    db.selectFrom('product').select(productColumns).where('dealer', 'in', ids).where('freeze', '=', false).execute(),
    sql<{ device: string; metric: string; hour: Date | string; level: number }>`
      SELECT h.device, h.metric, h.hour, (h.sum / h.count)::float8 AS level FROM telemetry_hourly h
        JOIN device d ON d._id = h.device
       WHERE d.dealer IN (${sql.join(ids)}) AND h.metric IN (${sql.join([...CONSUMABLES])})
         AND h.hour >= ${new Date(now - CONSUMABLE_DAYS * DAY_MS).toISOString()}::timestamptz
       ORDER BY h.device, h.metric, h.hour`.execute(db),
  ]);
  const byStore = groupBy(products, (p) => p.dealer);
  const locals = new Map(stores.map((s) => [s._id, localOf(s.tz ?? serverZone(), now)]));
  const stale = stores.filter((s) => !fresh(cache.stores.get(s._id), locals.get(s._id)!.day, byStore.get(s._id) ?? []));
  await makeModels(db, stale, products, now, cache);
  const byRobot = groupBy(levels.rows, (x) => `${x.device}\u0000${x.metric}`);
  const rows: ForecastRow[] = [];
  for (const store of stores) {
    const m = cache.stores.get(store._id)!;
    const local = locals.get(store._id)!;
    for (const p of byStore.get(store._id) ?? []) rows.push(productRow(p, m, local, now));
    for (const r of m.robots) {
      for (const metric of metricsOf(r.type).filter((x) => (CONSUMABLES as readonly string[]).includes(x))) {
        const points = byRobot.get(`${r._id}\u0000${metric}`) ?? [];
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
 * The rows of the products given, from their stores' models (made anew where stale): the run between the job's
 * hourly full ones, for the products whose stock or record changed.
 */
async function refreshProducts(db: DB, ids: string[], now: number, cache: ModelCache): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const changed = await db
      .selectFrom('product')
      .select(productColumns)
      .where('_id', 'in', ids.slice(i, i + 5000))
      .where('freeze', '=', false)
      .execute();
    if (!changed.length) continue;
    const stores = await db
      .selectFrom('dealer')
      .select(['_id', 'integrator', 'tz'])
      .where('_id', 'in', [...new Set(changed.map((p) => p.dealer))])
      .where('status', '<>', 'deleted')
      .orderBy('_id')
      .execute();
    for (let j = 0; j < stores.length; j += BATCH) {
      const batch = stores.slice(j, j + BATCH);
      const locals = new Map(batch.map((s) => [s._id, localOf(s.tz ?? serverZone(), now)]));
      const mine = new Set(batch.map((s) => s._id));
      const byStore = groupBy(
        changed.filter((p) => mine.has(p.dealer)),
        (p) => p.dealer,
      );
      const stale = batch.filter((s) => !fresh(cache.stores.get(s._id), locals.get(s._id)!.day, byStore.get(s._id)!));
      // a stale store's products are all written again: their rows rest on its model too. Its consumables are not:
      // they rest on the telemetry, read at the hourly run
      const staleIds = new Set(stale.map((s) => s._id));
      const products = stale.length
        ? await db
            .selectFrom('product')
            .select(productColumns)
            .where('dealer', 'in', [...staleIds])
            .where('freeze', '=', false)
            .execute()
        : [];
      await makeModels(db, stale, products, now, cache);
      const rows = [...products, ...batch.filter((s) => !staleIds.has(s._id)).flatMap((s) => byStore.get(s._id)!)].map(
        (p) => productRow(p, cache.stores.get(p.dealer)!, locals.get(p.dealer)!, now),
      );
      await upsertRows(db, rows);
      written += rows.length;
    }
  }
  return written;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
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

/** Rows written in place of the same products' rows (ON CONFLICT: a product's row may not exist yet). */
async function upsertRows(db: DB, rows: ForecastRow[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('forecast')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, per_day: JSON.stringify(r.per_day) })))
      .onConflict((oc) =>
        oc.column('_id').doUpdateSet((eb) => ({
          device: eb.ref('excluded.device'),
          name: eb.ref('excluded.name'),
          stock: eb.ref('excluded.stock'),
          per_day: eb.ref('excluded.per_day'),
          empty_at: eb.ref('excluded.empty_at'),
          days_left: eb.ref('excluded.days_left'),
          low: eb.ref('excluded.low'),
          high: eb.ref('excluded.high'),
          update_time: sql<Date>`now()`,
        })),
      )
      .execute();
}

/**
 * The products whose stock or record changed since `since` (a sale takes stock and stamps update_time,
 * catalog/stock.ts; a restock stamps restock_time). A sale changes nothing else a forecast reads before the store's
 * next local day: the history ends yesterday.
 */
async function changedProducts(db: DB, since: Date): Promise<string[]> {
  const at = since.toISOString();
  const { rows } = await sql<{ _id: string }>`
    SELECT _id FROM product WHERE update_time > ${at}::timestamptz OR restock_time > ${at}::timestamptz`.execute(db);
  return rows.map((r) => r._id);
}

/** Where the refresh job stands between its runs: when it last ran, its last full run, and the stores' models. */
export interface RefreshState {
  lastRun: Date | null;
  lastFull: number;
  /** each store zone's local day at the last full run */
  days: Map<string, number>;
  cache: ModelCache;
}

export const newRefreshState = (): RefreshState => ({
  lastRun: null,
  lastFull: 0,
  days: new Map(),
  cache: newModelCache(),
});

/**
 * One run of the job at `now`: every store at the first run, hourly, and when a store zone's day has turned since the
 * last full run, else the products whose stock or record changed since the last run. One process at a time does a run
 * (a transaction-level advisory lock; on PGlite there is one process anyway). Answers whether this process did it.
 */
export async function refreshRun(db: DB, state: RefreshState, now = new Date()): Promise<boolean> {
  // at a zone's midnight every store of it has a new model and every row of its products changes: written once, by a
  // full run that is the hour's, rather than store by store and again at the hourly run (docs/replenishment.md,
  // "What a refresh costs")
  const turned = [...state.days].some(([tz, day]) => localOf(tz, now.getTime()).day !== day);
  const full = state.lastRun === null || now.getTime() - state.lastFull >= HOUR_MS || turned;
  const done = await db.transaction().execute(async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(hashtext('vf_forecast_refresh')) AS ok`.execute(trx);
    if (!lock.rows[0].ok) return false; // another process is at it
    if (full) await refreshForecasts(trx, { now, cache: state.cache });
    else await refreshForecasts(trx, { now, cache: state.cache, products: await changedProducts(trx, state.lastRun!) });
    return true;
  });
  if (!done) return false;
  state.lastRun = now;
  if (full) {
    state.lastFull = now.getTime();
    const zones = new Set([...state.cache.histories.values()].map((h) => h.tz));
    state.days = new Map([...zones].map((tz) => [tz, localOf(tz, now.getTime()).day]));
  }
  return true;
}

/**
 * Keeps the forecasts fresh (refreshRun) every FORECAST_REFRESH_SECONDS until the answer is called. The run that did
 * it then makes the day's visit plans come due (./daily.ts).
 */
export function startForecastRefresh(db: DB, onError: (e: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const state = newRefreshState();
  const run = () => {
    if (stopped) return;
    running = running
      .then(async () => {
        if (stopped) return;
        const started = new Date();
        if (!(await refreshRun(db, state, started))) return;
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
