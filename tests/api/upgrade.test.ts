// Upgrades keep every row. A database is built at an older schema — the migrations up to ten (and five) back
// from the newest, with the rows of tests/support/upgradeFixture.ts written between them as those releases
// would have written them — then migrated to the newest schema as production does, by the built server's
// one-off step (`node dist/server/main.js migrate`). Nothing may be lost or change its meaning: every table's
// rows (the columns it had) stay as they were, counts, money per store and every life cycle's states equal,
// new NOT NULL columns are filled and every constraint holds, and the rollups equal a rebuild from the orders.
// On PostgreSQL in the PostgreSQL run (DATABASE_URL); in the default run the same upgrade of the embedded
// database (a one-machine deployment upgrades that one). Break a migration on purpose (delete or rewrite
// a row in one) and it fails, naming the table. The webhook queue's jobs, written by pg-boss 10, are pg-boss
// 12's after it (migration 053): every one kept as it was, and the due ones fetched as the attempt they reached.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { openDatabase, type Database, type DB } from '../../server/db';
import { onPool } from '../../server/features/webhooks/queue';
import { applyMigrations, migrationNames } from '../../server/db/migrate';
import { buildServer } from '../../scripts/build-server';
import { ROOT } from '../../scripts/buildIfStale';
import { emptyPostgresDatabase, TMP } from '../support/db';
import { FILLS, STORES } from '../support/upgradeFixture';

const ALL = migrationNames();
const BUILT = path.join(TMP, `upgrade-${process.pid}`);

/** Tables a later migration replaces on purpose (their content lives on elsewhere, checked below). */
const RETIRED: Record<string, string> = {
  orders_hourly: '034 replaced it by orders_quarters (rebuilt from the orders)',
  orders_products_hourly: '044 replaced it by orders_products_quarters (rebuilt from the orders)',
};
/** Tables whose rows a migration adds to or rewrites on purpose, and what must still hold of them. */
const GROWING: Record<string, string> = {
  permission: 'new features declare permissions: every old one stays (checked by id)',
  role: 'new permissions are granted to the built-in roles: every role stays, keeping every authorization it had',
  schema_migration: 'one row per migration applied',
};

beforeAll(async () => {
  await buildServer(path.join(BUILT, 'server'));
}, 120_000);
afterAll(() => fs.rmSync(BUILT, { recursive: true, force: true }));

it('keys every fill by a migration this build carries', () => {
  expect(Object.keys(FILLS).filter((k) => !ALL.includes(k))).toEqual([]);
});

// ten migrations behind (the oldest database an upgrade must take), and on PostgreSQL five behind too (the
// webhook tables exist by then); the embedded engine, three times slower at this, takes the first only
for (const behind of process.env.DATABASE_URL ? [10, 5] : [10]) {
  const last = ALL[ALL.length - 1 - behind];
  it(`upgrades a filled database from ${last} (${behind} migrations behind) without losing or changing a row`, async () => {
    const target = await newDatabase();
    try {
      const older = await openDatabase({ url: target.url, dataDir: target.dataDir, poolSize: 1 });
      let before: Snapshot;
      try {
        for (const name of ALL.slice(0, ALL.indexOf(last) + 1)) {
          await applyMigrations(older.db, [name]);
          if (FILLS[name]) await sql.raw(FILLS[name]).execute(older.db);
        }
        before = await snapshot(older.db);
      } finally {
        await older.close();
      }
      expect(before.counts.orders).toBeGreaterThan(200);

      // production's one-off step, by the built server
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LOG: '0', DEMO_ROBOTS: 'off' };
      if (target.url) env.DATABASE_URL = target.url;
      else env.DATA_DIR = target.dataDir;
      const run = spawnSync(process.execPath, [path.join(BUILT, 'server', 'main.js'), 'migrate'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);

      const newer = await openDatabase({ url: target.url, dataDir: target.dataDir, poolSize: 1 });
      try {
        const after = await snapshot(newer.db, before.columns);
        expect(after.migrations).toEqual(ALL);
        // tables: none gone but the retired ones
        expect(
          Object.keys(before.columns)
            .filter((t) => !(t in after.columns))
            .sort(),
        ).toEqual(
          Object.keys(RETIRED)
            .filter((t) => t in before.columns)
            .sort(),
        );
        for (const table of Object.keys(before.columns)) {
          if (table in RETIRED) continue;
          if (table in GROWING) {
            expect(after.counts[table], `${table}: ${GROWING[table]}`).toBeGreaterThanOrEqual(before.counts[table]);
            continue;
          }
          expect({ table, count: after.counts[table] }).toEqual({ table, count: before.counts[table] });
          // every row, in the columns it had, as it was
          expect({ table, rows: after.rows[table] }).toEqual({ table, rows: before.rows[table] });
        }
        expect(before.permissions.filter((p) => !after.permissions.includes(p))).toEqual([]);
        for (const [role, granted] of Object.entries(before.grants))
          expect({ role, lost: granted.filter((g) => !after.grants[role]?.includes(g)) }).toEqual({ role, lost: [] });
        expect(after.money).toEqual(before.money);
        expect(after.states).toEqual(before.states);
        // the queue's jobs: every one, in every state, as pg-boss 10 left it
        expect(before.jobs).toHaveLength(8);
        expect(after.jobs).toEqual(before.jobs);
        await expect(dueJobs(newer)).resolves.toEqual([
          { id: '00000000-0000-4000-8000-000000000001', retryCount: 0 },
          // its third attempt (10 and 12 both count one as it is claimed)
          { id: '00000000-0000-4000-8000-000000000003', retryCount: 2 },
        ]);
        // columns added since: every NOT NULL one filled, and no constraint left unchecked (NOT VALID)
        const added = (await columns(newer.db)).filter(
          (c) => c.table in before.columns && !before.columns[c.table].includes(c.column),
        );
        for (const c of added.filter((c) => !c.nullable)) {
          const nulls = await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM ${sql.table(c.table)} WHERE ${sql.ref(c.column)} IS NULL`.execute(newer.db);
          expect({ column: `${c.table}.${c.column}`, nulls: nulls.rows[0].n }).toEqual({
            column: `${c.table}.${c.column}`,
            nulls: 0,
          });
        }
        const unchecked = await sql<{
          conname: string;
        }>`SELECT conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND NOT c.convalidated`.execute(
          newer.db,
        );
        expect(unchecked.rows).toEqual([]);
        // the rollups the triggers and backfills kept equal what a rebuild from the orders makes
        await expect(rollupsAgainstRebuild(newer.db)).resolves.toEqual({
          kept: expect.anything(),
          rebuilt: expect.anything(),
          same: true,
        });
      } finally {
        await newer.close();
      }
    } finally {
      await target.drop();
    }
  }, 180_000);
}

interface Target {
  url?: string;
  dataDir?: string;
  drop(): Promise<void>;
}

/** An empty database on the run's engine. */
async function newDatabase(): Promise<Target> {
  if (process.env.DATABASE_URL) return emptyPostgresDatabase(process.env.DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(TMP, 'upgrade-db-'));
  return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function columns(db: DB) {
  const r = await sql<{ table: string; column: string; nullable: string }>`
    SELECT c.table_name AS table, c.column_name AS column, c.is_nullable AS nullable
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`.execute(
    db,
  );
  return r.rows.map((c) => ({ table: c.table, column: c.column, nullable: c.nullable === 'YES' }));
}

interface Snapshot {
  columns: Record<string, string[]>;
  counts: Record<string, number>;
  /** per table, an md5 of its rows (the given columns as text, sorted) */
  rows: Record<string, string>;
  migrations: string[];
  permissions: string[];
  grants: Record<string, string[]>;
  money: unknown;
  states: unknown;
  /** the webhook queue's jobs (tests/support/upgradeFixture.ts, 032) */
  jobs: string[];
}

/** What the database holds, in the columns `only` names (default: all it has). */
async function snapshot(db: DB, only?: Record<string, string[]>): Promise<Snapshot> {
  const all: Record<string, string[]> = {};
  for (const c of await columns(db)) (all[c.table] ??= []).push(c.column);
  const counts: Record<string, number> = {};
  const rows: Record<string, string> = {};
  for (const [table, cols] of Object.entries(all)) {
    const wanted = (only?.[table] ?? cols).filter((c) => cols.includes(c));
    const r = await sql<{ n: number; digest: string }>`
      SELECT count(*) AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS digest
      FROM (SELECT ROW(${sql.join(wanted.map((c) => sql.ref(c)))})::text AS r FROM ${sql.table(table)}) s`.execute(db);
    counts[table] = r.rows[0].n;
    rows[table] = r.rows[0].digest;
  }
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows;
  const money = {
    // per store: sold, refunded (orders and the refund records), shared out
    orders:
      await one(sql`SELECT dealer, count(*) FILTER (WHERE pay_status IN ('PAID', 'FREE')) AS sold, sum(amount) FILTER (WHERE pay_status IN ('PAID', 'FREE')) AS fee,
      sum(refund_amount) FILTER (WHERE refund_status = 'SUCCESS') AS refunded FROM orders WHERE dealer IN (${sql.join(STORES)}) GROUP BY dealer ORDER BY dealer`),
    refunds: await one(
      sql`SELECT dealer, status, count(*) AS n, sum(amount) AS amount, sum(real_amount) AS real FROM refund GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    shares: await one(
      sql`SELECT dealer, status, count(*) AS n, sum(amount) AS amount FROM profit_share GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  };
  const states: Record<string, unknown> = {
    orders: await one(
      sql`SELECT status, pay_status, work_status, refund_status, count(*) AS n FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
    vouchers: await one(sql`SELECT status, count(*) AS n FROM lecode GROUP BY 1 ORDER BY 1`),
    stores: await one(sql`SELECT status, count(*) AS n FROM dealer GROUP BY 1 ORDER BY 1`),
    accounts: await one(sql`SELECT status, count(*) AS n FROM account GROUP BY 1 ORDER BY 1`),
    robots: await one(sql`SELECT state, online, count(*) AS n FROM device GROUP BY 1, 2 ORDER BY 1, 2`),
    reports: await one(sql`SELECT status, count(*) AS n FROM report GROUP BY 1 ORDER BY 1`),
  };
  const has = (t: string) => t in all && (!only || t in only);
  if (has('alarm')) states.alarms = await one(sql`SELECT state, count(*) AS n FROM alarm GROUP BY 1 ORDER BY 1`);
  if (has('webhook_delivery'))
    states.deliveries = await one(sql`SELECT status, count(*) AS n FROM webhook_delivery GROUP BY 1 ORDER BY 1`);
  const grants: Record<string, string[]> = {};
  for (const r of await one(sql<{ _id: string; authorizations: string[] }>`SELECT _id, authorizations FROM role`))
    grants[r._id] = r.authorizations;
  return {
    columns: all,
    counts,
    rows,
    migrations: (await one(sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name`)).map((r) => r.name),
    permissions: (await one(sql<{ _id: string }>`SELECT _id FROM permission ORDER BY _id`)).map((r) => r._id),
    grants,
    money,
    states,
    jobs: await jobs(db),
  };
}

/**
 * The queue's jobs, each a row of the columns pg-boss 10 (schema version 24, with its archive) and pg-boss 12 both
 * keep; 10's expire_in interval is 12's expire_seconds.
 */
async function jobs(db: DB): Promise<string[]> {
  const cols = sql`id, name, priority, data, state::text, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
    started_on, singleton_key, created_on, completed_on, keep_until, output, policy`;
  const version = (await sql<{ version: number }>`SELECT version FROM pgboss.version`.execute(db)).rows[0].version;
  const rows =
    version < 25
      ? sql`SELECT ROW(${cols}, extract(epoch FROM expire_in)::int)::text AS r FROM pgboss.job
          UNION ALL SELECT ROW(${cols}, extract(epoch FROM expire_in)::int)::text FROM pgboss.archive`
      : sql`SELECT ROW(${cols}, expire_seconds)::text AS r FROM pgboss.job`;
  return (await sql<{ r: string }>`SELECT r FROM (${rows}) j ORDER BY r`.execute(db)).rows.map((j) => j.r);
}

/** What pg-boss 12 hands a worker now from the upgraded queue (the ids and their attempts). */
async function dueJobs(database: Database) {
  const boss = new PgBoss({ db: onPool(database.pool), schedule: false, supervise: false, migrate: false });
  await boss.start();
  try {
    const due = await boss.fetch('webhook-delivery', { batchSize: 50 });
    return due.map((j) => ({ id: j.id, retryCount: j.retryCount })).sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}

/** The orders rollups as kept, and as orders_rollups_rebuild() makes them from the orders (rolled back). */
async function rollupsAgainstRebuild(db: DB) {
  const tables = (await columns(db))
    .map((c) => c.table)
    .filter((t, i, a) => a.indexOf(t) === i && /^orders_(daily|quarters|products_daily|products_quarters)$/.test(t));
  // a row of nothing but zeros means what no row means (the triggers leave such rows where an unsold order
  // passed through; a rebuild makes none)
  const measures = await sql<{ table: string; column: string; type: string }>`
    SELECT table_name AS table, column_name AS column, data_type AS type FROM information_schema.columns
    WHERE table_schema = 'public' AND (data_type IN ('integer', 'bigint') OR data_type = 'ARRAY')`.execute(db);
  const read = async (trx: DB) => {
    const out: Record<string, string[]> = {};
    for (const t of tables) {
      const zero = measures.rows
        .filter((m) => m.table === t)
        .map((m) => (m.type === 'ARRAY' ? sql`0 = ALL(${sql.ref(m.column)})` : sql`${sql.ref(m.column)} = 0`));
      out[t] = (
        await sql<{
          r: string;
        }>`SELECT ROW(x.*)::text AS r FROM ${sql.table(t)} x WHERE NOT (${sql.join(zero, sql` AND `)}) ORDER BY 1`.execute(
          trx,
        )
      ).rows.map((r) => r.r);
    }
    return out;
  };
  let result: { kept: Record<string, string[]>; rebuilt: Record<string, string[]>; same: boolean } | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      const kept = await read(trx);
      await sql`SELECT orders_rollups_rebuild()`.execute(trx);
      const rebuilt = await read(trx);
      expect(tables.length).toBe(4);
      expect(kept).toEqual(rebuilt);
      expect(kept.orders_daily.length).toBeGreaterThan(10);
      result = { kept, rebuilt, same: JSON.stringify(kept) === JSON.stringify(rebuilt) };
      throw new RolledBack();
    })
    .catch((e) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return result;
}
class RolledBack extends Error {}
