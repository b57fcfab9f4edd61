// List totals: exact while small, the planner's estimate (flagged) past EXACT_TOTAL_LIMIT, so that a page
// of a million-row list never pays for counting them all (npm run bench measured it).
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { EXACT_TOTAL_LIMIT } from '../../server/crud/service';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  await sql`
    INSERT INTO orders (_id, integrator, dealer, channel, status, pay_status, amount, quantity, products, pickup_code, create_time)
    SELECT 'many-' || i, 'brand_b', 'store_b1', 'APP', 'CLOSE', 'PAID', 100, 1, '[]'::jsonb, 'M' || i, now() - i * interval '1 second'
    FROM generate_series(1, ${EXACT_TOTAL_LIMIT + 500}::int) AS i`.execute(s.db);
  await sql`ANALYZE orders`.execute(s.db);
});
afterAll(() => s?.close());

it('counts exactly up to the limit', async () => {
  const r = await s.call('POST', '/order/list', { token: admin, body: { filter: { integrator: 'brand_a' } } });
  const exact = await s.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('integrator', '=', 'brand_a').executeTakeFirstOrThrow();
  expect(r.status).toBe(200);
  expect(r.body.data.total).toBe(exact.n);
  expect(r.body.data.total_estimated).toBeUndefined();
});

it('past the limit gives an estimate, flagged, never below what exists for sure', async () => {
  const r = await s.call('POST', '/order/list', { token: admin, body: { filter: { integrator: 'brand_b' }, pageSize: 20 } });
  expect(r.status).toBe(200);
  expect(r.body.data.total_estimated).toBe(true);
  expect(r.body.data.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  // the planner's estimate after ANALYZE is close to the truth
  const exact = await s.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('integrator', '=', 'brand_b').executeTakeFirstOrThrow();
  expect(Math.abs(r.body.data.total - exact.n) / exact.n).toBeLessThan(0.2);
  expect(r.body.data.list).toHaveLength(20);
});
