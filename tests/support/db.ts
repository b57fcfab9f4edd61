// Test databases: each test file gets its own copy of a migrated, seeded template — a copied PGlite
// folder by default, or `CREATE DATABASE … TEMPLATE` on PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import { openDatabase, type DB } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export const TMP = path.resolve('.tmp');
// One template per test run (named by the runner's pid), so that runs side by side never share one.
const RUN = process.env.VF_TEST_RUN ?? String(process.pid);
process.env.VF_TEST_RUN = RUN;

/** Memory-backed scratch space (/dev/shm) where the machine has it, else undefined. */
export function memoryScratch(): string | undefined {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

/**
 * Where the embedded databases of a run live: the template and each file's copy. In memory where the machine has
 * it: a copy of the template's 1,400 files cost 0.15–0.7 CPU-s on ext4 and 0.06 there, and each write a test makes
 * is a memory write, not a disk's (docs/testing.md, "What a slow API file pays for"). Else .tmp.
 */
const SCRATCH = memoryScratch();
const DATABASES = SCRATCH ? path.join(SCRATCH, 'vendfleet-tests') : TMP;
const TEMPLATE_DIR = path.join(DATABASES, `pglite-template-${RUN}`);
const COPY_PREFIX = `db-${RUN}-`;

/** Copies left by a run that ended without its teardown (killed): its pid is gone, and so are they. */
function sweepAbandoned() {
  if (!fs.existsSync(DATABASES)) return;
  for (const name of fs.readdirSync(DATABASES)) {
    const run = /^(?:pglite-template-|db-)(\d+)/.exec(name)?.[1];
    if (!run || run === RUN) continue;
    try {
      process.kill(Number(run), 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH')
        fs.rmSync(path.join(DATABASES, name), { recursive: true, force: true });
    }
  }
}
const TEMPLATE_DB = `vf_template_${RUN}`;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Builds the template once per test run (vitest globalSetup); returns what removes it. */
export async function buildTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await admin(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    });
    const d = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), poolSize: 1 });
    await migrate(d.db);
    await seedDemo(d.db);
    await d.close();
    return () =>
      admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)).then(() => undefined);
  }
  const drop = async () => fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  // the unit and API projects of the `pglite` run each ask for it (their global setups, in one process): built
  // once, ~5.5 CPU-s. The mark names this process's build, so a folder another run left under a reused pid is not taken.
  const mark = path.join(TEMPLATE_DIR, '.built-by');
  const built = process.env.VF_TEMPLATE_BUILT;
  if (built && fs.existsSync(mark) && fs.readFileSync(mark, 'utf8') === built) return drop;
  sweepAbandoned();
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const d = await openDatabase({ dataDir: TEMPLATE_DIR });
  await migrate(d.db);
  await seedDemo(d.db);
  await d.close();
  process.env.VF_TEMPLATE_BUILT = randomBytes(8).toString('hex');
  fs.writeFileSync(mark, process.env.VF_TEMPLATE_BUILT);
  return drop;
}

export interface TestDatabase {
  dataDir?: string;
  databaseUrl?: string;
  drop: () => Promise<void>;
}

/** A new, empty database (no tables) on the PostgreSQL server of `url`: what a first deployment starts on. */
export async function emptyPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vf_empty_${randomBytes(5).toString('hex')}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(url, name),
    drop: () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A fresh database holding the demo data, for one test file. */
export async function freshDatabase(): Promise<TestDatabase> {
  const id = randomBytes(5).toString('hex');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `vf_test_${id}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
    return {
      databaseUrl: withDatabase(url, name),
      drop: () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const dataDir = path.join(DATABASES, `${COPY_PREFIX}${id}`);
  fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  fs.rmSync(path.join(dataDir, 'pgdata.lock'), { force: true });
  return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Runs a set-up load (rows a test only lists, counts or exports) with the tables' triggers (foreign-key checks
 * too) off, in one transaction: the dashboard's rollups are kept by a trigger per order row, which on PGlite
 * cost 29 CPU seconds for list-total's 10,500 orders — for figures those files never read. The rollups then
 * leave these rows out, so only a file that reads no dashboard figure may load this way (docs/testing.md,
 * "What a slow API file pays for").
 */
export function loadWithoutTriggers(db: DB, load: RawBuilder<unknown>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    // SET LOCAL: ends with this transaction, on whichever pooled connection it ran
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await load.execute(trx);
  });
}

/**
 * Runs `fn` with every statement the server's database runs meanwhile caught on its way there (kysely's
 * executeQuery), in order: what a call costs in statements, or the text of the one a test asks the plan of.
 */
export async function catchingStatements<T>(db: DB, fn: (ran: CompiledQuery[]) => Promise<T>): Promise<T> {
  const ran: CompiledQuery[] = [];
  const inner = db as unknown as { executeQuery: (q: CompiledQuery) => Promise<QueryResult<unknown>> };
  const execute = inner.executeQuery;
  inner.executeQuery = (q) => {
    ran.push(q);
    return execute.call(db, q);
  };
  try {
    return await fn(ran);
  } finally {
    inner.executeQuery = execute;
  }
}
