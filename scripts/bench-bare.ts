// The limit the floor is held against (`npm run bench`, row "bare route"): Fastify with no plugin, hook or
// session answering the floor's SQL (the same brand + status page of 20 and its capped total) from
// PostgreSQL through pg's pool of 10 — what any Node server pays per call, whatever it adds.
import fs from 'node:fs';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import pg from 'pg';
import { COMPRESSION } from '../server/http/compression';
import { PLANNER_COSTS } from '../server/db/planner';

const EXACT_TOTAL_LIMIT = Number(process.env.EXACT_TOTAL_LIMIT ?? 1000);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// the server's own session settings (server/db/index.ts)
pool.on('connect', (c) => void c.query(`SET jit = off; ${PLANNER_COSTS}`).catch(() => undefined));
const app = Fastify();
// compressed as the app compresses, for a client that asks (the bench's browser rows)
await app.register(fastifyCompress, COMPRESSION);
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
// The page alone, without its count: what a second statement costs a call — the most that sending page and count in
// one round trip (pipelining) could save (docs/performance.md, "Why it costs that").
app.post('/bare/page', async (req) => {
  const { status } = req.body as { status: string };
  const list = await pool.query(
    `SELECT * FROM orders WHERE integrator = 'brand_a' AND status = $1 ORDER BY create_time DESC, _id DESC LIMIT 20`,
    [status],
  );
  return { code: 0, data: { list: list.rows, total: list.rowCount } };
});
// The profile's own answer (BARE_PROFILE: the file the bench wrote it to), after one statement reading the account,
// as the profile's one statement does: what the profile route costs is held against this.
const profile = process.env.BARE_PROFILE ? fs.readFileSync(process.env.BARE_PROFILE, 'utf8') : '{}';
app.get('/bare/profile', async (_req, reply) => {
  await pool.query(`SELECT _id, nickname, account_type, roles FROM account WHERE _id = $1`, ['brand-a']);
  return reply.type('application/json; charset=utf-8').send(profile);
});
app.get('/api/health/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', () => void stop());
