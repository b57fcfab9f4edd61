// The demo as its first start leaves it: statistics of what the seed wrote, and every page of it marked all-visible
// (VACUUM's visibility map), so that a list's capped count reads its index alone from the first call rather than
// every row's page until autovacuum comes round (docs/performance.md, "Fresh statistics"; server/db/analyze.ts).
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { EXACT_TOTAL_LIMIT } from '../../server/crud/count';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

interface PlanNode {
  'Node Type': string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

it('leaves every table the seed filled analyzed and all-visible; a capped count reads no row', async () => {
  const tables = await sql<{ name: string; pages: number; visible: number; tuples: number }>`
    SELECT c.relname AS name, c.relpages AS pages, c.relallvisible AS visible, c.reltuples::int AS tuples
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname IN ('orders', 'device', 'account', 'product')`.execute(
    s.db,
  );
  expect(tables.rows).toHaveLength(4);
  for (const t of tables.rows) {
    expect(t.pages, t.name).toBeGreaterThan(0);
    expect(t.tuples, `${t.name} analyzed`).toBeGreaterThan(0);
    expect(t.visible, `${t.name} all-visible`).toBe(t.pages);
  }
  // the order list's total as server/crud/count.ts counts it
  const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`
    EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM
      (SELECT 1 FROM orders WHERE integrator = 'brand_a' LIMIT ${EXACT_TOTAL_LIMIT + 1}) AS m`.execute(s.db);
  const scans = nodes(plan.rows[0]['QUERY PLAN'][0].Plan).filter((n) => /Scan$/.test(n['Node Type']));
  expect(scans.map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
  expect(scans[0]['Heap Fetches']).toBe(0);
});
