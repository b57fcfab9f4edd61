// Order-list and dashboard timings on a large data set, on a throw-away PostgreSQL cluster
// holding the demo data plus ORDERS generated orders spread over a year across the demo robots.
// Usage: ORDERS=1000000 npx tsx scripts/orders-timings.ts   (prints medians and p95 of the HTTP round trip)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { postgresDatabase } from '../tests/support/postgres';
import { startServer } from '../server/main';
import { DEMO_PASSWORD } from '../server/db/seed';

const N = Number(process.env.ORDERS ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 30);

async function main() {
  const pg = await postgresDatabase();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: pg.url,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vf-t-')),
    logger: false,
    distDir: '/nonexistent',
  });
  const db = server.database.db;
  const url = server.address.replace('0.0.0.0', '127.0.0.1');
  const t0 = Date.now();
  // One statement: robots picked round-robin, times over 365 days, 90 % paid, 3 % of those refunded.
  await sql`
    INSERT INTO orders (_id, integrator, dealer, device, device_type, device_name, channel, status, pay_status, work_status,
                        amount, quantity, products, pickup_code, refund_status, refund_amount, create_time)
    SELECT 'bulk_' || g, d.integrator, d.dealer, d._id, d.type, d.name,
           CASE WHEN g % 3 = 0 THEN 'MINIPROGRAM' ELSE 'APP' END, 'CLOSE',
           CASE WHEN g % 10 = 0 THEN 'WAITPAY' ELSE 'PAID' END, 'END',
           1000 + (g % 7) * 100, 1 + g % 2,
           jsonb_build_array(jsonb_build_object('item', 1, 'code', 'P' || (g % 12), 'name', 'Product ' || (g % 12), 'price', 1000 + (g % 7) * 100, 'quantity', 1 + g % 2)),
           lpad((g % 1000000)::text, 6, '0'),
           CASE WHEN g % 33 = 1 THEN 'SUCCESS' END, CASE WHEN g % 33 = 1 THEN 500 ELSE 0 END,
           now() - (g::float / ${N} * interval '365 days')
    FROM generate_series(1, ${N}) g
    JOIN LATERAL (SELECT * FROM device WHERE dealer IS NOT NULL ORDER BY _id OFFSET (g % (SELECT count(*) FROM device WHERE dealer IS NOT NULL)) LIMIT 1) d ON true`.execute(
    db,
  );
  // Steady state, as autovacuum leaves it: the rollup's rows were rewritten once per generated order.
  await sql`VACUUM ANALYZE orders`.execute(db);
  await sql`VACUUM ANALYZE orders_daily`.execute(db);
  const total = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  console.log(`${total.n} orders loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const token = async (u: string) => {
    const r = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: u, password: DEMO_PASSWORD }),
    });
    return ((await r.json()) as { data: { token: string } }).data.token;
  };
  const day = 86_400_000;
  const now = Date.now();
  const cases: Array<[string, string, object]> = [
    ['order list, page 1, newest first', '/api/order/list', { page: 1, pageSize: 20 }],
    ['order list, pay status PAID', '/api/order/list', { page: 1, pageSize: 20, filter: { pay_status: 'PAID' } }],
    ['order list, page 50', '/api/order/list', { page: 50, pageSize: 20 }],
    ['order list, pickup code', '/api/order/list', { page: 1, pageSize: 20, filter: { pickup_code: '004242' } }],
    [
      'dashboard summary, today',
      '/api/dashboard/summary',
      { from: new Date(now - (now % day)).toISOString(), to: new Date(now).toISOString() },
    ],
    [
      'dashboard summary, 30 days',
      '/api/dashboard/summary',
      { from: new Date(now - 30 * day).toISOString(), to: new Date(now).toISOString() },
    ],
    [
      'dashboard summary, 365 days',
      '/api/dashboard/summary',
      { from: new Date(now - 366 * day).toISOString(), to: new Date(now).toISOString() },
    ],
    [
      'dashboard charts, 30 days',
      '/api/dashboard/charts',
      { from: new Date(now - 30 * day).toISOString(), to: new Date(now).toISOString() },
    ],
  ];
  for (const user of ['admin', 'brand-a', 'store-a1']) {
    const tk = await token(user);
    for (const [name, p, body] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const r = await fetch(`${url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tk}` },
          body: JSON.stringify(body),
        });
        await r.json();
        if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${user.padEnd(9)} ${name.padEnd(34)} median ${times[Math.floor(RUNS / 2)].toFixed(1).padStart(7)} ms   p95 ${times[Math.floor(RUNS * 0.95)].toFixed(1).padStart(7)} ms`,
      );
    }
  }
  await server.close();
  await pg.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
