// Prepared statements for the queries of a fixed shape that a screen runs on every call (the dashboard's;
// docs/performance.md, "Why it costs that"). kysely's pg driver sends every query as pg's unnamed statement,
// so PostgreSQL parses and plans it again each time, and for the dashboard's rollup reads planning was over half
// of their database time. Named statements alone did not help the largest of them: PostgreSQL's default
// (plan_cache_mode = auto) keeps planning a statement for its values while the generic plan's estimate is
// higher, and a time range's is.
//
// So on PostgreSQL a few of the pool's connections (a quarter of DB_POOL_MAX, from 4 on; the total stays
// DB_POOL_MAX) are kept for these queries: on them every query is a named statement (its name a hash of its
// text, so a new shape — another scope, another number of edge runs — is another statement, parsed once per
// connection) and plan_cache_mode is force_generic_plan, so its plan is made once per connection. Only
// `runPrepared` sends queries there. Elsewhere (PGlite, whose pool clients share one backend, where a name
// prepared by one would collide with the next's; a pool under 4) `runPrepared` runs the query as any other.
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';

/** The prepared connections of a database, and its main pool, by the kysely instance every caller holds. */
const preparedOf = new WeakMap<object, { kysely: Kysely<never>; pool: pg.Pool; main: pg.Pool }>();

/**
 * Runs a compiled query of a fixed shape on the prepared connections where there are some (else as any query).
 * There it goes to pg's pool as it is, named: through kysely's executor (no plugin, nothing to transform on this
 * pool) a query took seven async steps to acquire a connection, run and release it, most of what a profile call
 * cost beyond a bare route's (docs/performance.md, "As a browser pays it").
 */
export async function runPrepared<R>(db: Kysely<never> | object, q: CompiledQuery<R>): Promise<R[]> {
  const on = preparedOf.get(db);
  if (!on) return (await (db as Kysely<never>).executeQuery<R>(q)).rows;
  const r = await on.pool.query({ name: nameOf(q.sql), text: q.sql, values: [...q.parameters] });
  return r.rows as R[];
}

/**
 * Runs a compiled query of a fixed shape that needs no generic plan (a lookup by key, as the profile's) as a named
 * statement on the main pool where there are prepared connections (PostgreSQL; else as any query): parsed once per
 * connection, and sent to pg's pool as it is. Not on the prepared connections: they are a quarter of the pool (2 of
 * the default 10), and with more calls at once than that the calls queued for a connection — a profile call at 10 at
 * a time cost ~20 µs more CPU there than on the whole pool (docs/performance.md, "As a browser pays it").
 */
export async function runNamed<R>(db: Kysely<never> | object, q: CompiledQuery<R>): Promise<R[]> {
  const on = preparedOf.get(db);
  if (!on) return (await (db as Kysely<never>).executeQuery<R>(q)).rows;
  const r = await on.main.query({ name: nameOf(q.sql), text: q.sql, values: [...q.parameters] });
  return r.rows as R[];
}

/** How many of a pool's `max` connections are kept for prepared statements. */
export const preparedShare = (max: number) => (max >= 4 ? Math.floor(max / 4) : 0);

/** Names by text; the shapes are few (bounded by the code), the bound only guards against a mistake. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= 1000) names.clear();
    name = `vf_${createHash('sha1').update(text).digest('hex')}`;
    names.set(text, name);
  }
  return name;
}

/** Opens the prepared connections of `db` (PostgreSQL): a pool of `max`, each query a named statement with a generic
 * plan; `main` is the pool `db` runs on (runNamed's). */
export function openPrepared(db: object, config: pg.PoolConfig, main: pg.Pool): () => Promise<void> {
  const pool = new pg.Pool(config);
  pool.on('error', (e) => console.warn(`database connection lost while idle: ${e.message}`));
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // as the main pool (server/db/index.ts): no JIT; one plan per statement and connection; and no parallel
    // workers (a generic plan's estimates are rougher, and starting workers cost a 30-day chart ~70 ms)
    client
      .query('SET jit = off; SET plan_cache_mode = force_generic_plan; SET max_parallel_workers_per_gather = 0')
      .catch(() => undefined);
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) =>
      typeof text === 'string' && rest.length === 1 && Array.isArray(rest[0])
        ? query({ name: nameOf(text), text, values: rest[0] })
        : query(text, ...rest);
  });
  const prepared = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  preparedOf.set(db, { kysely: prepared, pool, main });
  return () => prepared.destroy();
}
