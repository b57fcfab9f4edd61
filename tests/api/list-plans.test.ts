// A list's first page walks an index in the list's order and stops after its rows, whatever the statistics
// say: the first page of every declared list, in its default sort, as platform staff, a brand and a store ask
// for it, planned by the database after 5,000 rows were loaded into each list's table WITHOUT an ANALYZE —
// a bulk load the statistics have not caught up with, as on the demo right after its first start
// (docs/performance.md, "Fresh statistics"). A plan that sorts (a Sort node) or reads the table whole (a
// sequential or bitmap scan) reads every matching row to show twenty.
import { sql, CompiledQuery } from 'kysely';
import { startServer } from '../../server/main';
import { postgresDatabase } from '../support/postgres';
import { DEMO_PASSWORD } from '../../server/db/seed';
import type { DB } from '../../server/db';
import { resources, type ResourceDef } from '../../resources';
import { callPath } from '../../resources/types';
import { analyzeTables } from '../../server/db/analyze';
import { catchingStatements } from '../support/db';

/**
 * The lists whose first page may sort: configuration a person types in, which stays a few dozen rows per brand
 * (the sort of a few dozen rows costs less than an index to keep), and one that is no table.
 */
const SORTED_ON_PURPOSE: Record<string, string> = {
  restock: 'a view over stock, sorted by an urgency it computes (no column to index)',
};

const LOADED = 5_000;
const LISTS = resources.filter((def) => def.permissions.list && !(def.name in SORTED_ON_PURPOSE));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];
const describe_ = (p: PlanNode): string =>
  `${p['Node Type']}${p['Index Name'] ? ` using ${p['Index Name']}` : p['Relation Name'] ? ` on ${p['Relation Name']}` : ''}${p.Filter ? ` (filter ${p.Filter})` : ''}${p.Plans?.length ? ` > ${p.Plans.map(describe_).join(' + ')}` : ''}`;

/** Copies of the table's rows (new ids, unique text made unique, its sort column spread back in time) up to LOADED. */
async function load(db: DB, def: ResourceDef) {
  const table = def.table;
  // a unique text column is made unique by a suffix, unless a CHECK holds it to its choices (a firmware's robot type,
  // unique with its version: the version's suffix is enough)
  const columns = await sql<{ name: string; type: string; unique: boolean }>`
    SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
           EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisunique AND a.attnum = ANY(i.indkey))
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                            WHERE k.conrelid = a.attrelid AND k.contype = 'c' AND a.attnum = ANY(k.conkey)) AS unique
    FROM pg_attribute a
    WHERE a.attrelid = ${table}::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''`.execute(
    s.db,
  );
  // "not analyzed" is the subject: autovacuum would analyze a table 50 rows in, and on a slow run it did before the
  // plans were read (a table whose copies are all brand A's then rightly walks the plain index and filters)
  const kind = await sql<{ relkind: string }>`SELECT relkind FROM pg_class WHERE oid = ${table}::regclass`.execute(db);
  if (kind.rows[0]?.relkind === 'r')
    await sql`ALTER TABLE ${sql.table(table)} SET (autovacuum_enabled = false)`.execute(db);
  const have = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n;
  expect(have, `${table} has no row to copy`).toBeGreaterThan(0);
  const copies = Math.ceil(LOADED / have);
  const value = (c: { name: string; type: string; unique: boolean }) => {
    const col = sql.ref(`x.${c.name}`);
    if (c.unique && c.type === 'text') return sql`${col} || '~' || i`;
    if (c.name === def.list.sort.field && c.type.startsWith('timestamp')) return sql`${col} - i * interval '1 minute'`;
    return col;
  };
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.rows.map((c) => sql.id(c.name)))})
    SELECT ${sql.join(columns.rows.map(value))}
    FROM ${sql.table(table)} AS x, generate_series(1, ${copies}::int) AS i`.execute(db);
}

// PostgreSQL's planner is what is checked (PGlite's is the same code): a copy of the seeded template on CI's
// PostgreSQL, a cluster of the file's own elsewhere (tests/support/postgres.ts)
let s: { db: DB; url: string; close: () => Promise<void> };
const call = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${s.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: { token: string }; message?: string } };
};
const callers: Array<[string, string]> = [];
beforeAll(async () => {
  const database = await postgresDatabase();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.url,
    logger: false,
    distDir: '/nonexistent',
  });
  s = {
    db: server.database.db,
    url: server.address.replace('0.0.0.0', '127.0.0.1'),
    close: async () => {
      await server.close();
      await database.close();
    },
  };
  for (const who of ['admin', 'brand-a', 'store-a1'])
    callers.push([who, (await call('/auth/signin', { username: who, password: DEMO_PASSWORD })).body.data.token]);
  // the lists the demo leaves empty get a row of brand A's store and one of brand B's to copy
  await sql`
    INSERT INTO alarm (_id, code, level, device, integrator, dealer, state, clear_time)
    VALUES ('plan-a1', 100001, 'error', 'dev_cf2031', 'brand_a', 'store_a1', 'cleared', now()),
           ('plan-b1', 100001, 'error', 'dev_cf2031', 'brand_b', 'store_b1', 'cleared', now())`.execute(s.db);
  await sql`
    INSERT INTO log (_id, action, resource, integrator, dealer)
    VALUES ('plan-a1', 'edit', 'order', 'brand_a', 'store_a1'), ('plan-b1', 'edit', 'order', 'brand_b', 'store_b1')`.execute(
    s.db,
  );
  await sql`
    INSERT INTO command (_id, device, command, created_by, expires_at, integrator, dealer)
    VALUES ('plan-a1', 'dev_cf2031', 'reboot', 'admin', now(), 'brand_a', 'store_a1'),
           ('plan-b1', 'dev_cf2031', 'reboot', 'admin', now(), 'brand_b', 'store_b1')`.execute(s.db);
  await sql`
    INSERT INTO webhook_delivery (_id, webhook, event, event_id, attempt, status, duration_ms, integrator, dealer)
    VALUES ('plan-a1', 'webhook_demo_a', 'order_paid', 'e1', 1, 'success', 5, 'brand_a', 'store_a1'),
           ('plan-b1', 'webhook_demo_a', 'order_paid', 'e2', 1, 'success', 5, 'brand_b', 'store_b1')`.execute(s.db);
  await sql`
    INSERT INTO message (_id, code, level, device, integrator, dealer, create_time)
    VALUES ('plan-a1', 100001, 'success', 'dev_cf2031', 'brand_a', 'store_a1', now()),
           ('plan-b1', 100001, 'success', 'dev_cf2031', 'brand_b', 'store_b1', now())`.execute(s.db);
  // Statistics of their two rows (brand A half of them): a table last analyzed empty, then filled in bulk with no
  // ANALYZE after, breaks the rule of bulk loads (server/db/analyze.ts) — and autovacuum analyzes a table 50 rows
  // in. What this file checks is that the plan does not hang on statistics being up to date, only on there being some.
  await sql`
    INSERT INTO notification (_id, channel, state, subject, integrator, dealer)
    VALUES ('plan-a1', 'notify_channel_brand_a', 'sent', 'Plan', 'brand_a', 'store_a1'),
           ('plan-b1', 'notify_channel_brand_b', 'sent', 'Plan', 'brand_b', 'store_b1')`.execute(s.db);
  await analyzeTables(s.db, ['alarm', 'log', 'command', 'webhook_delivery', 'message', 'notification']);
  // the copies' references need not exist and no trigger need keep anything: one connection, replica mode
  await s.db.connection().execute(async (c) => {
    await sql`SET session_replication_role = replica`.execute(c);
    for (const def of LISTS) await load(c, def);
    await sql`RESET session_replication_role`.execute(c);
  });
}, 120_000);
afterAll(() => s?.close());

/** The page statement a list call ran (server/crud/query.ts), caught on its way to the database, and its plan. */
async function firstPagePlan(def: ResourceDef, token: string): Promise<PlanNode | undefined> {
  const ran = await catchingStatements(s.db, async (ran) => {
    const r = await call(callPath(def, 'list'), {}, token);
    if (r.status === 403) return undefined;
    expect(r.status, `${def.name}: ${r.body.message}`).toBe(200);
    return ran;
  });
  if (!ran) return undefined;
  const page = ran.find(
    (q) => /\border by\b/i.test(q.sql) && /\blimit\b/i.test(q.sql) && q.sql.includes(`"${def.table}"`),
  );
  expect(page, `${def.name}: no page statement seen`).toBeDefined();
  const plan = await s.db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${page!.sql}`, [...page!.parameters]),
  );
  return plan.rows[0]['QUERY PLAN'][0].Plan;
}

it(`plans every declared list's first page as a walk of an index in its order, ${LOADED.toLocaleString('en')} rows loaded and not analyzed`, async () => {
  const sorted: string[] = [];
  let planned = 0;
  for (const def of LISTS) {
    for (const [who, token] of callers) {
      const plan = await firstPagePlan(def, token);
      if (!plan) continue;
      planned++;
      const all = nodes(plan);
      // one row by its id (a brand's own record, a store's own) needs no walk
      const byId = all.some((n) => n['Index Name'] === `${def.table}_pkey` && n['Node Type'] === 'Index Scan');
      const walks =
        byId ||
        all.every(
          (n) =>
            n['Node Type'] !== 'Sort' &&
            !(n['Relation Name'] === def.table && !/^Index (Only )?Scan$/.test(n['Node Type'])) &&
            // the caller's own rows from the index, not everyone's filtered (a small brand behind a large one)
            !(n['Relation Name'] === def.table && /\b(integrator|dealer)\b/.test(n.Filter ?? '')),
        );
      if (!walks) sorted.push(`${def.name} as ${who}: ${describe_(plan)}`);
    }
  }
  expect(sorted).toEqual([]);
  expect(planned).toBeGreaterThan(LISTS.length);
}, 120_000);
