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
// The profile's own answer (BARE_PROFILE: the file the bench wrote it to), after the profile's own statement, sent as
// the route sends it (a named statement: scripts/bench.ts reads the account's roles and authorizations first), and
// serialized per call as any route returning an object is: what the profile route costs is held against this — the
// same data read, the same JSON answered, and nothing else.
const profile = process.env.BARE_PROFILE
  ? (JSON.parse(fs.readFileSync(process.env.BARE_PROFILE, 'utf8')) as object)
  : {};
const PROFILE_SQL = `SELECT a._id, a.nickname, a.email, a.avatar, a.account_type, a.roles,
  to_char(a.create_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS create_timestamp,
  to_char(a.last_login AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_login, a.status, a.integrator, a.dealer, i.name AS integrator_name, i.logo AS integrator_logo, d.name AS dealer_name,
  d.logo AS dealer_logo,
  coalesce((SELECT json_agg(json_build_object('_id', r._id, 'display_name', r.display_name))
              FROM role r WHERE r._id = ANY($1::text[])), '[]') AS roles_detail,
  coalesce((SELECT json_agg(json_build_object('_id', p._id, 'display_name', p.display_name) ORDER BY p._id)
              FROM permission p WHERE p._id = ANY($2::text[])), '[]') AS authorizations_detail
  FROM account a LEFT JOIN integrator i ON i._id = a.integrator LEFT JOIN dealer d ON d._id = a.dealer
 WHERE a._id = $3`;
const account = 'brand-a';
const { rows: held } = await pool.query(
  `SELECT a.roles, coalesce((SELECT array_agg(DISTINCT x) FROM role r, unnest(r.authorizations) x
                              WHERE r._id = ANY(a.roles)), '{}') AS auths FROM account a WHERE a._id = $1`,
  [account],
);
app.get('/bare/profile', async () => {
  await pool.query({
    name: 'bare_profile',
    text: PROFILE_SQL,
    values: [held[0]?.roles ?? [], held[0]?.auths ?? [], account],
  });
  return profile;
});
app.get('/api/health/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
process.on('SIGTERM', () => void stop());
