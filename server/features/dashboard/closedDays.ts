// The charts of whole local days, kept by each server process and served again while the days are unchanged
// (docs/performance.md "Why it costs that"). A 30-day chart read the quarter rollups of every day of the range on
// every call; the days before today rarely change. A day's charts are kept under its scope (the compiled scope
// conditions: one brand's days are never another's), the viewer's time zone and its local day, with the
// signature of the UTC days it touches: the count and sum of their versions (orders_day_version, migration
// 052), taken anew in the transaction of every change that moves their rollups. Each call reads the signatures
// of its range first (one statement) and computes only the days whose signature differs from the one they
// were kept with — so a kept day is exact in every process, with no message between processes. Reading the
// signatures before computing makes a race harmless: a change committed in between is in the values but not
// in the signature kept with them, so the next call computes the day again.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { runPrepared } from '../../db/prepared';

/** What a local day holds for the charts: sales per robot type, and each product sold. */
export interface DayCharts {
  types: Array<{ type: string; orders: number; fee: number; refund_fee: number }>;
  products: Array<{ code: string; name: string; quantity: number; fee: number }>;
}

/** How many days a process keeps, over every scope and time zone (the least recently read go first). */
const MAX_DAYS = 5_000;

/** Days kept under a key with their signature, at most `max` (the least recently read go first). */
export class KeptDays<T> {
  private days = new Map<string, { sig: string; charts: T }>();

  constructor(private readonly max: number) {}

  get(key: string, sig: string): T | undefined {
    const had = this.days.get(key);
    if (!had || had.sig !== sig) return undefined;
    // most recently read last
    this.days.delete(key);
    this.days.set(key, had);
    return had.charts;
  }

  /** Of `ids` under `prefix`: those kept with their signature `sigOf(id)`, and the ones to compute again. */
  take(prefix: string, ids: Iterable<number>, sigOf: (id: number) => string) {
    const kept = new Map<number, T>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const had = this.get(prefix + id, sigOf(id));
      if (had) kept.set(id, had);
      else missing.push(id);
    }
    return { kept, missing };
  }

  set(key: string, sig: string, charts: T) {
    this.days.delete(key);
    this.days.set(key, { sig, charts });
    if (this.days.size > this.max) this.days.delete(this.days.keys().next().value!);
  }
}

/** Kept values per database (a test process may serve several), at most `max` in each. */
export function keptPerDatabase<T>(max: number): (db: DB) => KeptDays<T> {
  const stores = new WeakMap<object, KeptDays<T>>();
  return (db) => {
    let s = stores.get(db);
    if (!s) stores.set(db, (s = new KeptDays<T>(max)));
    return s;
  };
}

/** The whole local days' charts of a database. */
export const closedDaysOf = keptPerDatabase<DayCharts>(MAX_DAYS);

type Scope = (eb: never) => Expression<SqlBool>;

/** The key of a scope: its conditions as compiled, with their values. */
export function scopeKey(db: DB, scope: Scope): string {
  const q = db
    .selectFrom('orders_day_version')
    .select('day')
    .where(scope as never)
    .compile();
  return `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
}

/** The signature of each UTC day in [firstDay, lastDay] (days since 1970) that has rows in the scope, by that day. */
export async function daySignatures(
  db: DB,
  scope: Scope,
  firstDay: number,
  lastDay: number,
): Promise<Map<number, string>> {
  const epoch = sql`DATE '1970-01-01'`;
  const rows = await runPrepared(
    db,
    db
      .selectFrom('orders_day_version')
      .where(scope as never)
      .where('day', '>=', sql<Date>`${epoch} + ${firstDay}::int`)
      .where('day', '<=', sql<Date>`${epoch} + ${lastDay}::int`)
      .select([sql<number>`day - ${epoch}`.as('day'), sql<string>`count(*) || ':' || sum(version)`.as('sig')])
      .groupBy('day')
      .compile(),
  );
  return new Map(rows.map((r) => [Number(r.day), r.sig]));
}
