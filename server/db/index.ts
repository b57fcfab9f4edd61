// One query interface over two engines: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both go through node-postgres, so kysely runs the same code path on either.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { setting } from '../config';
import type { DeclaredTables } from './schema/rows';
import type { HandTables } from './schema/hand';
import { lockFolder } from './folderLock';
import { openPrepared, preparedShare } from './prepared';
import { PLANNER_COSTS } from './planner';

// Counts and sums come back as int8; as JS numbers they are exact far past any figure we keep.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Every table the server queries, typed: the declared ones derived from resources/ (schema/rows.ts), the
 * hand-written ones described beside them (schema/hand.ts). */
export type Tables = DeclaredTables & HandTables;
export type DB = Kysely<Tables>;

export interface Database {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** a connection string for LISTEN/NOTIFY (PostgreSQL only) */
  url?: string;
  /** the connection pool (its counts are metrics) */
  pool: pg.Pool;
  /**
   * The embedded engine only: its data folder as a gzipped tarball taken at one instant — between two
   * statements, so as a crash would leave it: PostgreSQL's recovery on opening it rolls back what was not
   * committed (docs/operations.md, "Backups").
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** how long a query waits for a connection (DB_CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A bounded wait for a connection: with the database down or the pool exhausted a request fails (503)
    // instead of hanging past a client's time-out.
    const max = opts.poolSize ?? setting('DB_POOL_MAX');
    const connectionTimeoutMillis = opts.connectTimeoutMs ?? setting('DB_CONNECT_TIMEOUT_MS');
    // a share of the connections is kept for the prepared statements of fixed-shape queries (./prepared.ts)
    const prepared = preparedShare(max);
    const pool = new pg.Pool({ connectionString: opts.url, max: max - prepared, connectionTimeoutMillis });
    // An idle connection the server ends (a restart, a failover, an administrator) must not take the
    // process down: the pool drops that client and the next query opens a new one.
    pool.on('error', (e) => console.warn(`database connection lost while idle: ${e.message}`));
    // The pool listens for errors only on idle connections. One the server ends while a request holds it
    // (between a transaction's statements) would raise an unhandled 'error' and crash the process: the
    // request's own query fails instead (a 503, server/http/unavailable.ts) and the pool drops the client.
    // JIT compiling pays off for long analytical queries, not for a console's: a 365-day chart at 10 M orders
    // spent 65 ms compiling (450 ms on a loaded machine) to run 76 ms of work, so this pool's sessions turn it
    // off (a SET, not a startup option, so that connection poolers that refuse those still connect).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      client.query(`SET jit = off; ${PLANNER_COSTS}`).catch(() => undefined);
    });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    const closePrepared = prepared
      ? openPrepared(db, { connectionString: opts.url, max: prepared, connectionTimeoutMillis }, pool)
      : undefined;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      pool,
      close: async () => {
        await db.destroy();
        await closePrepared?.();
      },
    };
  }
  const dir = path.resolve(opts.dataDir ?? './data');
  fs.mkdirSync(dir, { recursive: true });
  // one process at a time on the folder (an operating-system lock: a crash never leaves it behind)
  const { release } = lockFolder(dir);
  try {
    // pg_trgm: the order search's trigram indexes (migration 013)
    const pglite = new PGlite(path.join(dir, 'pgdata'), { extensions: { pg_trgm } });
    await pglite.waitReady;
    // its one backend serves every client of the pool below: a session setting holds for all of them
    await pglite.exec(PLANNER_COSTS);
    const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'pglite',
      pool,
      snapshot: async () => {
        // written-out pages make a restore's recovery short; the tarball is whole without it
        await pglite.exec('CHECKPOINT').catch(() => undefined);
        return pglite.dumpDataDir('gzip');
      },
      close: async () => {
        await db.destroy();
        await pglite.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
