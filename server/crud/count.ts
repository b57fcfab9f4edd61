// A list's total: exact up to EXACT_TOTAL_LIMIT rows, the planner's estimate beyond (remembered a while per
// list, without counting again), so a page of a million-row list costs its page, not a count of the million.
import { sql, CompiledQuery } from 'kysely';
import type { DB } from '../db';
import { byName } from './table';
import type { Where } from './filters';
import { compiledOnce } from './shapes';
import type { ResourceDef } from '../../resources/types';

/**
 * Totals are exact up to this many rows; past it the planner's estimate is given (with `total_estimated`, and
 * the browser says "about"). `npm run bench` measured why: on 1,000,000 orders an exact count of one brand's
 * closed orders scanned half a million rows (≈ 200 ms) for every page, while the page itself took 0.2 ms; a
 * count capped at 10,000 still cost 1.3 ms of the 2.2 ms a page took in the database, capped at 1,000 0.3 ms.
 */
export const EXACT_TOTAL_LIMIT = 1_000;

/** The number of matching rows: counted up to EXACT_TOTAL_LIMIT, estimated by the planner beyond. */
export async function totalOf(db: DB, def: ResourceDef, where: Where): Promise<{ total: number; estimated: boolean }> {
  const t = byName(db);
  const matching = () =>
    t
      .selectFrom(def.table)
      .select(sql`1`.as('one'))
      .where(where);
  // compiled once per shape of the list's WHERE (./shapes.ts)
  const shape = (kind: string) => (where.shape === undefined ? undefined : `${kind}:${where.shape}`);
  const counting = compiledOnce(def, shape('count'), [...where.values, EXACT_TOTAL_LIMIT + 1], () =>
    t
      .selectFrom(
        matching()
          .limit(EXACT_TOTAL_LIMIT + 1)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('n')),
  );
  // a list already counted past the limit gives its estimate again without counting (see `pastLimit`)
  const key = `${counting.sql}\u0000${JSON.stringify(counting.parameters)}`;
  const known = recentEstimate(db, key);
  if (known !== undefined) return { total: known, estimated: true };
  const capped = (await db.executeQuery<{ n: number }>(counting)).rows[0];
  if (capped.n <= EXACT_TOTAL_LIMIT) return { total: capped.n, estimated: false };
  // never fewer than the rows already seen to exist
  const total = Math.max(
    await estimateOf(db, compiledOnce(def, shape('matching'), where.values, matching)),
    EXACT_TOTAL_LIMIT + 1,
  );
  remember(db, key, total);
  return { total, estimated: true };
}

/**
 * A list counted past EXACT_TOTAL_LIMIT, by its WHERE and values (not its sort or page), per database: its total
 * is the planner's estimate, which moves only when the statistics do (autovacuum's ANALYZE), so for ESTIMATE_MS
 * the same list paged, sorted or refreshed again gives that estimate without counting its first 1,001 rows again
 * (13 index pages of one brand's orders on the demo, most of the order list's database time: docs/performance.md)
 * or asking EXPLAIN. What it may miss in that while: rows deleted down to the limit or below (the total then says
 * "about" a figure that was true a minute ago, as the estimate itself does). Lists at or under the limit are
 * counted on every call, so a total shown exact always is. Each process keeps its own (a hint no other needs).
 */
const ESTIMATE_MS = 60_000;
const MAX_ESTIMATES = 1_000;
const pastLimit = new WeakMap<DB, Map<string, { total: number; at: number }>>();

function recentEstimate(db: DB, key: string): number | undefined {
  const hit = pastLimit.get(db)?.get(key);
  return hit && Date.now() - hit.at < ESTIMATE_MS ? hit.total : undefined;
}

function remember(db: DB, key: string, total: number) {
  let known = pastLimit.get(db);
  if (!known) pastLimit.set(db, (known = new Map()));
  known.delete(key);
  if (known.size >= MAX_ESTIMATES) known.delete(known.keys().next().value!);
  known.set(key, { total, at: Date.now() });
}

/** The planner's estimate of the rows `q` reads. */
async function estimateOf(db: DB, q: CompiledQuery): Promise<number> {
  // EXPLAIN's JSON comes back parsed, like every json column, on both engines (node-postgres's json parser)
  const plan = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]),
  );
  return Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}
