// `npm run bench:beat`: what a robot's heartbeat costs (docs/performance.md "The heartbeat: `npm run
// bench:beat`"): the built server with NODE_ENV=production on PostgreSQL, in a process of its
// own, a fleet of robots beating in turn (autocannon, 10 connections), and per beat: the server process's CPU ms
// (/proc), the statements the database ran and its planning + execution ms (pg_stat_statements, reset before each
// round, as `npm run bench` reads them). Three rows:
//   - plain: `{}` — the fleet's common beat;
//   - 3 metrics: telemetry stored with the beat (server/features/telemetry/);
//   - open commands: every robot has a command queued (handed over on its first beat, then open until acknowledged).
// Rounds are interleaved (plain, 3 metrics, …) and each figure is the median of its rounds.
//
//   DATABASE_URL=postgres://… npm run bench:beat
//
// A database vf_beat beside DATABASE_URL's (made once, with the demo data and the robots; BEAT_FRESH=1 makes it
// again). Options: BENCH_ROBOTS (1000), BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_RATE
// (beats per second in all, e.g. 300: latency at a fleet's pace; flat out when not set), BEAT_ROWS
// (a pattern of the rows to run, e.g. `plain` for a profile), BENCH_NODE_ARGS (the server's node options, e.g.
// "--cpu-prof --cpu-prof-dir=.tmp/prof"), BENCH_MAIN (another build's dist/server/main.js to measure instead, e.g.
// a copy of main's kept under .tmp/: runs alternated with this checkout's compare two builds under the same load).
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, isEmpty, DEMO_PASSWORD } from '../server/db/seed';
import { buildForProduction, startBuiltServer, stopBuiltServer, cpuSeconds } from './builtServer';
import { beatOnce } from './bench-telemetry';

const URL_ = process.env.DATABASE_URL;
if (!URL_) throw new Error('DATABASE_URL: the heartbeat is measured on PostgreSQL (its statements)');
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** beats per second in all (autocannon's overallRate): latency at a fleet's pace rather than flat out */
const RATE = Number(process.env.BENCH_RATE ?? 0);
const ROWS = process.env.BEAT_ROWS ? new RegExp(process.env.BEAT_ROWS, 'i') : undefined;
const deviceId = (i: number) => `BEAT-${String(i).padStart(6, '0')}`;
const key = (i: number) => `beat-key-${i}`;

/** The bench database: the demo data and ROBOTS ice-cream robots of brand_a, keyed `beat-key-<i>`. */
async function prepare(): Promise<string> {
  const u = new URL(URL_!);
  u.pathname = '/vf_beat';
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  if (process.env.BEAT_FRESH === '1') await admin.query('DROP DATABASE IF EXISTS vf_beat WITH (FORCE)');
  if (!(await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'vf_beat'`)).rowCount)
    await admin.query('CREATE DATABASE vf_beat');
  await admin.end();
  const d = await openDatabase({ url: u.toString() });
  try {
    await migrate(d.db);
    if (await isEmpty(d.db)) await seedDemo(d.db);
    await sql`
      INSERT INTO device (_id, device_id, name, sn, type, category, integrator, dealer, key_hash, state)
      SELECT 'beat-' || i, 'BEAT-' || lpad(i::text, 6, '0'), 'Beat ' || i, 'SN-BEAT-' || i, 'icecream', 'bench', 'brand_a',
             CASE WHEN i % 2 = 0 THEN 'store_a1' ELSE 'store_a2' END, encode(sha256(convert_to('beat-key-' || i, 'UTF8')), 'hex'), 'idle'
        FROM generate_series(0, ${ROBOTS - 1}::int) AS i
      ON CONFLICT (_id) DO NOTHING`.execute(d.db);
    // no command left open by an earlier run: the plain rows must hand nothing over
    await sql`UPDATE command SET state = 'cancelled' WHERE device LIKE 'beat-%' AND state IN ('queued', 'sent')`.execute(
      d.db,
    );
  } finally {
    await d.close();
  }
  return u.toString();
}

/** pg_stat_statements of the bench database, without its own and pg-boss's polling (as scripts/bench.ts counts). */
async function meter(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const mine = `dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat_statements%' AND query NOT ILIKE '%pgboss%'`;
  return {
    reset: () => c.query('SELECT pg_stat_statements_reset()'),
    async read() {
      const r = await c.query(
        `SELECT coalesce(sum(calls), 0)::float8 AS n, coalesce(sum(total_plan_time + total_exec_time), 0)::float8 AS ms FROM pg_stat_statements WHERE ${mine}`,
      );
      return { statements: Number(r.rows[0].n), ms: Number(r.rows[0].ms) };
    },
    async top(beats: number) {
      const r = await c.query(
        `SELECT calls, total_plan_time + total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q FROM pg_stat_statements WHERE ${mine} ORDER BY calls DESC LIMIT 8`,
      );
      return r.rows.map(
        (x) => `      ${(x.calls / beats).toFixed(3)}/beat ${(x.ms / beats).toFixed(4)} ms/beat: ${x.q}`,
      );
    },
    close: () => c.end(),
  };
}

async function main() {
  const url = await prepare();
  await buildForProduction();
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
  const main = process.env.BENCH_MAIN ? path.resolve(process.env.BENCH_MAIN) : undefined;
  const server = await startBuiltServer({ databaseUrl: url, nodeArgs, main });
  const m = await meter(url);
  const pid = server.child.pid!;
  let turn = 0;
  const each = () => {
    const i = turn++ % ROBOTS;
    return { 'x-device-id': deviceId(i), 'x-device-key': key(i) };
  };
  const beats = async (body: unknown, seconds: number) => {
    const r = await autocannon({
      url: `${server.url}/api/device-gateway/heartbeat`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
      duration: seconds,
      ...(RATE ? { overallRate: RATE } : {}),
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...each() } }) }],
    });
    const { p50, p99 } = r.latency as unknown as Record<string, number>;
    return {
      calls: Math.max(1, r.requests.total),
      errors: r.errors + r.timeouts + r.non2xx,
      rps: r.requests.average,
      p50,
      p99,
    };
  };
  const round = async (name: string, body: unknown) => {
    await m.reset();
    const cpu0 = cpuSeconds(pid);
    const r = await beats(body, SECONDS);
    const cpuMs = ((cpuSeconds(pid) - cpu0) * 1000) / r.calls;
    const db = await m.read();
    if (process.env.BENCH_STATEMENTS === '1') console.log(`    ${name}:\n${(await m.top(r.calls)).join('\n')}`);
    const row = {
      cpuMs,
      statements: db.statements / r.calls,
      dbMs: db.ms / r.calls,
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      errors: r.errors,
    };
    console.log(
      `  ${name}: ${Math.round(r.rps)} beats/s, p50 ${r.p50} / p99 ${r.p99} ms, CPU ${cpuMs.toFixed(3)} ms, ${row.statements.toFixed(3)} statements, DB ${row.dbMs.toFixed(4)} ms per beat${r.errors ? `, ${r.errors} errors` : ''}`,
    );
    return row;
  };
  type Row = Awaited<ReturnType<typeof round>>;
  const results = new Map<string, Row[]>();
  const run = async (rows: Array<[string, unknown]>) => {
    const chosen = rows.filter(([name]) => !ROWS || ROWS.test(name));
    for (const [, body] of chosen) await beats(body, 1); // warm-up
    for (let i = 0; i < ROUNDS; i++)
      for (const [name, body] of chosen) results.set(name, [...(results.get(name) ?? []), await round(name, body)]);
  };
  try {
    // every robot online first: a robot's first beat after a silence (its online message, webhooks) is not a beat's cost
    await beatOnce(server.url, ROBOTS, (i) => ({ 'x-device-id': deviceId(i), 'x-device-key': key(i) }), 50);
    await run([
      ['plain', {}],
      ['3 metrics', { telemetry: { freezer_temp: -18.2, cups_left: 240, waste_level: 31 } }],
    ]);
    if (!ROWS || ROWS.test('open commands')) {
      const signin = await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      const token = ((await signin.json()) as { data: { token: string } }).data.token;
      const sent = await fetch(`${server.url}/api/command/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          devices: Array.from({ length: ROBOTS }, (_, i) => `beat-${i}`),
          command: 'clean',
          expires_in: 3600,
        }),
      });
      if (!sent.ok) throw new Error(`command/send: ${sent.status} ${await sent.text()}`);
      await run([['open commands', {}]]);
    }
  } finally {
    await m.close();
    await stopBuiltServer(server);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  console.log(`\n${ROBOTS} robots, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, load ${load}`);
  console.log(
    '| beat | server CPU ms/beat | statements/beat | DB ms/beat | beats/s | p50 / p99 ms |\n|---|---:|---:|---:|---:|---:|',
  );
  for (const [name, rs] of results)
    console.log(
      `| ${name} | ${median(rs.map((r) => r.cpuMs)).toFixed(3)} | ${median(rs.map((r) => r.statements)).toFixed(2)} | ${median(rs.map((r) => r.dbMs)).toFixed(3)} | ${Math.round(median(rs.map((r) => r.rps)))} | ${median(rs.map((r) => r.p50))} / ${median(rs.map((r) => r.p99))} |`,
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
