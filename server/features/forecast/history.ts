// A store's sales history in its own clock, read from the sales rollups the dashboard keeps (orders_products_quarters,
// migration 044: per store, UTC day and product code, running totals over the day's 96 quarters of an hour), so the
// refresh never expands orders item by item. One statement for a batch of stores.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { DAY_HOURS, type Day } from './method';
import { offsetMinutes } from '../../localTime';

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

/** Units sold per local day and hour of each product code of one store, over local days [first, last]. */
export interface StoreSales {
  first: number;
  last: number;
  /** code → local day − first → units per local hour */
  byCode: Map<string, number[][]>;
  /** the moment of the last sale of each code (ms, the end of its quarter of an hour), within the window */
  lastSale: Map<string, number>;
  /** the local day of that last sale */
  lastDay: Map<string, number>;
}

const emptyDays = (n: number) => Array.from({ length: n }, () => new Array<number>(DAY_HOURS).fill(0));

/**
 * Sales of the stores given over their local days [first, last] (the same day numbers for every store: days since
 * 1970-01-01 in the store's own zone), each store in its zone (`zones`).
 */
export async function readSales(
  db: DB,
  zones: ReadonlyMap<string, string>,
  first: number,
  last: number,
): Promise<Map<string, StoreSales>> {
  const out = new Map<string, StoreSales>();
  for (const dealer of zones.keys())
    out.set(dealer, { first, last, byCode: new Map(), lastSale: new Map(), lastDay: new Map() });
  if (zones.size === 0) return out;
  // a UTC day either side: a zone's local day spans two UTC days
  const from = new Date((first - 1) * DAY_MS).toISOString().slice(0, 10);
  const to = new Date((last + 1) * DAY_MS).toISOString().slice(0, 10);
  // the running totals as text, split here: the driver's parse of a bigint[] (a string per element) was most of a
  // start-up refresh's CPU (docs/replenishment.md, "What a refresh costs")
  const { rows } = await sql<{ dealer: string; code: string; day: string; quantity: string }>`
    SELECT dealer, code, day::text AS day, array_to_string(quantity, ',') AS quantity FROM orders_products_quarters
     WHERE dealer IN (${sql.join([...zones.keys()])}) AND day >= ${from}::date AND day <= ${to}::date`.execute(db);
  // a zone's offset once per UTC day, not per row: offsetMinutes formats a date (Intl), and a refresh of 10,000 robots
  // reads millions of rows (docs/replenishment.md, "What a refresh costs")
  const offsets = new Map<string, number>();
  for (const r of rows) {
    const store = out.get(r.dealer)!;
    const tz = zones.get(r.dealer)!;
    const dayMs = Date.parse(`${r.day}T00:00:00Z`);
    const key = `${tz}\u0000${r.day}`;
    let offset = offsets.get(key);
    if (offset === undefined) {
      offset = offsetMinutes(tz, dayMs + DAY_MS / 2) * 60_000;
      offsets.set(key, offset);
    }
    let days = store.byCode.get(r.code);
    let previous = 0;
    const quantity = r.quantity.split(',');
    for (let q = 0; q < quantity.length; q++) {
      const total = Number(quantity[q]);
      const sold = total - previous;
      previous = total;
      if (sold <= 0) continue;
      const at = dayMs + q * QUARTER_MS;
      const local = at + offset;
      const day = Math.floor(local / DAY_MS);
      if (day < first || day > last) continue;
      if (!days) {
        days = emptyDays(last - first + 1);
        store.byCode.set(r.code, days);
      }
      days[day - first][Math.floor((local - day * DAY_MS) / 3_600_000)] += sold;
      // the latest quarter, whatever order the rows come in (a quarter's end against the latest end, not its start)
      if (at + QUARTER_MS > (store.lastSale.get(r.code) ?? 0)) {
        store.lastSale.set(r.code, at + QUARTER_MS);
        store.lastDay.set(r.code, day);
      }
    }
  }
  return out;
}

/**
 * A product's history as the method reads it (method.ts `Day`), local days [first, last]. `soldOutSince` (a local
 * day and hour) marks the hours from then on as not on sale: the product was sold out and its zero sales there are
 * no demand.
 */
export function daysOf(
  hours: number[][] | undefined,
  first: number,
  last: number,
  soldOutSince?: { day: number; hour: number },
): Day[] {
  return daysOfTotals(
    hours?.map((row) => row.reduce((a, b) => a + b, 0)),
    first,
    last,
    soldOutSince,
  );
}

/** daysOf from units per local day (index day − first) rather than per day and hour. */
export function daysOfTotals(
  totals: ArrayLike<number> | undefined,
  first: number,
  last: number,
  soldOutSince?: { day: number; hour: number },
): Day[] {
  const out: Day[] = [];
  for (let d = first; d <= last; d++) {
    const day: Day = { weekday: (((d + 4) % 7) + 7) % 7, sold: totals?.[d - first] ?? 0 };
    if (soldOutSince && d >= soldOutSince.day) {
      day.onSale = Array.from({ length: DAY_HOURS }, (_, h) => d === soldOutSince.day && h < soldOutSince.hour);
    }
    out.push(day);
  }
  return out;
}

/** Units per local hour of the day summed over every day and code given: the store's hour-of-day shape's data. */
export function perHour(all: Iterable<number[][]>): number[] {
  const sum = new Array<number>(DAY_HOURS).fill(0);
  for (const days of all) for (const day of days) for (let h = 0; h < DAY_HOURS; h++) sum[h] += day[h];
  return sum;
}
