// The server `npm run bench` measures, in a process of its own: the server as production starts it
// (startServer, bundled by esbuild as `npm run build` bundles dist/server/main.js, run on plain node with
// NODE_ENV=production) plus the floor: the same brand + status page as POST /api/order/list, written by hand,
// behind the same sign-in (it is under /api/), the same rows and total, but no declaration, validation or hooks.
import { sql } from 'kysely';
import { startServer } from '../server/main';
import { ok } from '../server/http/envelope';
import { EXACT_TOTAL_LIMIT } from '../server/crud/count';
import type { ORDER_STATUSES } from '../resources/order';

const server = await startServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  poolSize: process.env.DB_POOL_MAX ? Number(process.env.DB_POOL_MAX) : undefined,
  // BENCH_DEMO=1: an empty database the server fills with the demo data, as on a first start
  seedDemo: process.env.SEED_DEMO === '1',
  logger: false,
  distDir: process.env.BENCH_DIST,
  routes(app, db) {
    app.post('/api/bench/floor', async (req) => {
      const b = req.body as { status: (typeof ORDER_STATUSES)[number] };
      const list = await db
        .selectFrom('orders')
        .selectAll()
        .where('integrator', '=', 'brand_a')
        .where('status', '=', b.status)
        .orderBy('create_time', 'desc')
        .orderBy('_id', 'desc')
        .limit(20)
        .execute();
      // the same total rule as the generic list: exact up to EXACT_TOTAL_LIMIT, the planner's estimate beyond
      const where = sql`integrator = 'brand_a' AND status = ${b.status}`;
      const capped = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM orders WHERE ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) m`.execute(
        db,
      );
      let total = capped.rows[0].n;
      if (total > EXACT_TOTAL_LIMIT) {
        const plan = await sql<{
          'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
        }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM orders WHERE ${where}`.execute(db);
        total = Math.max(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'], total);
      }
      return ok({ list, total });
    });
  },
});
const stop = () =>
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
