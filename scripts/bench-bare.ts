// The limit the floor is held against (`npm run bench`, row "bare route"): Fastify with no plugin, hook or
// session answering the floor's SQL (the same brand + status page of 20 and its capped total) from
// PostgreSQL through pg's pool of 10 — what any Node server pays per call, whatever it adds.
import Fastify from 'fastify';
import pg from 'pg';

const EXACT_TOTAL_LIMIT = Number(process.env.EXACT_TOTAL_LIMIT ?? 1000);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('connect', (c) => void c.query('SET jit = off').catch(() => undefined));
const app = Fastify();
app.post('/bare', async (req) => {
  const { status } = req.body as { status: string };
  const list = await pool.query(
    `SELECT * FROM orders WHERE integrator = 'brand_a' AND status = $1 ORDER BY create_time DESC, _id DESC LIMIT 20`,
    [status],
  );
  const capped = await pool.query(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM orders WHERE integrator = 'brand_a' AND status = $1 LIMIT ${EXACT_TOTAL_LIMIT + 1}) m`,
    [status],
  );
  let total = capped.rows[0].n as number;
  if (total > EXACT_TOTAL_LIMIT) {
    const plan = await pool.query(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM orders WHERE integrator = 'brand_a' AND status = $1`,
      [status],
    );
    total = Math.max(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'], total);
  }
  return { code: 0, data: { list: list.rows, total } };
});
app.get('/api/health/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', () => void stop());
