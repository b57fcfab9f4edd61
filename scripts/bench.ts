// `npm run bench`: loads orders (with their items, refunds, messages, log entries and a voucher batch in
// proportion) into a bench database per size, then measures the real HTTP server with autocannon and prints one
// table per size against the targets of docs/performance.md, and the curve over the sizes.
//
//   DATABASE_URL=postgres://… BENCH_ORDERS=100000,1000000,10000000 npm run bench   PostgreSQL: a database
//                                                  vf_bench_<size> per size (kept with BENCH_KEEP=1)
//   npm run bench                                  PGlite in .tmp/bench-pglite-100000, 100,000 orders
//
// Options (environment): BENCH_ORDERS (a comma-separated list of sizes), BENCH_SECONDS (per measurement,
// default 5), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3), BENCH_ONLY (a pattern: measure only the rows whose name
// matches it), BENCH_KEEP=1 (reuse a loaded database of the same size), BENCH_EXPORT=1 (also stream every
// order as a file, by the built server in a process of its own: time, its CPU seconds and peak memory), BENCH_ROBOTS (extra robots, 1000),
// BENCH_STATEMENTS=1 (print each row's statements, most costly first), BENCH_NODE_ARGS (node options of the
// server, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof").
// BENCH_TELEMETRY_ROBOTS and BENCH_TELEMETRY_HOURS (the telemetry rows' fleet and its hours of points,
// scripts/bench-telemetry.ts). Results also go to .tmp/bench.json.
// BENCH_ENCODINGS (`browser,none`: each row with the Accept-Encoding a browser sends and without it;
// scripts/bench-wire.ts), BENCH_DEMO=1 (no load: the demo data as the server seeds it on its first start, measured
// right after that start, with no ANALYZE of the bench's own), BENCH_STRACE=1 (each row's system calls per call
// counted by strace: scripts/bench-syscalls.ts), BENCH_COMPRESSION=1 (what each encoding and level would cost on the
// rows' answers, an export and the app's files: scripts/bench-compression.ts; always with BENCH_DEMO=1).
//
// Every row is measured against the built server in a process of its own (scripts/bench-server.ts: the server
// plus the floor route), autocannon in this one; besides p50/p95 each row shows what a call costs: the server
// process's CPU ms (/proc/<pid>/stat), and on PostgreSQL the database's planning + execution ms and its
// statements (pg_stat_statements, reset before each row: shared_preload_libraries = pg_stat_statements and
// pg_stat_statements.track_planning = on), each against the floor's. A bare Fastify route answering the floor's
// SQL (scripts/bench-bare.ts, a process of its own) is the limit the floor is held against.
//
// Each measurement runs BENCH_ROUNDS times, the rounds interleaved (all measurements, then all again …), and
// the table shows each one's median round: on a shared machine a burst of other work then spoils one round of
// each measurement rather than all rounds of one — and the generic list and its floor always run side by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, isEmpty, DEMO_DEVICES, demoDeviceKey } from '../server/db/seed';
import {
  buildForProduction,
  buildBenchServer,
  startBuiltServer,
  stopBuiltServer,
  cpuSeconds,
  statusMb,
  signIn,
  type BuiltServer,
} from './builtServer';
import { benchTelemetry, type TelemetryRow } from './bench-telemetry';
import {
  browserTargets,
  probe,
  wireHeaders,
  wireLabel,
  wiresOf,
  ORDER_PAGE,
  ROBOT_PAGE,
  PROFILE_BARE,
  PAGE_ALONE,
  type Wire,
} from './bench-wire';
import { printCompressionMatrix, staticSamples, type Sample } from './bench-compression';
import { countSyscalls, describeSyscalls, type SyscallCounts } from './bench-syscalls';
import { LISTED_FIELDS } from '../src/orders/listed';

const ROOT = path.resolve(import.meta.dirname, '..');
const URL_ = process.env.DATABASE_URL;
/** the demo data as `npm start` leaves it (docs/performance.md, "As a browser pays it"): size 0, nothing loaded */
const DEMO = process.env.BENCH_DEMO === '1';
/** the sizes of the curve, e.g. `100000,1000000,10000000`: one bench database per size */
const SIZES = DEMO
  ? [0]
  : (process.env.BENCH_ORDERS ?? (URL_ ? '1000000' : '100000'))
      .split(',')
      .map((s) => Number(s.trim().replace(/_/g, '')));
if (SIZES.some((n) => !Number.isInteger(n) || (n < 1000 && !DEMO)))
  throw new Error('BENCH_ORDERS: a comma-separated list of order counts, each at least 1000');
const WIRES = wiresOf();
const STRACE = process.env.BENCH_STRACE === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** robots that beat in the ingest measurement, besides the demo ones: a fleet, not a handful of rows */
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const robotKey = (i: number) => `bench-key-${i}`;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ONLY = process.env.BENCH_ONLY
  ? new RegExp(process.env.BENCH_ONLY, 'i')
  : DEMO
    ? // the calls of docs/performance.md's "As a browser pays it"
      /^(order list: brand, page 1|robot list: brand, page 1|profile|bare route: the profile|bare route: the floor's page alone|dashboard charts: 30 days, UTC$|robot heartbeat)/
    : undefined;
/** the export rows stream every order: minutes at 10 M, so only when asked (BENCH_EXPORT=1) */
const EXPORT = process.env.BENCH_EXPORT === '1';
/** the voucher batch the voucher list pages through */
const BATCH = 100_000;

/**
 * BENCH_DEMO=1 on PostgreSQL: autovacuum off in the whole cluster while the demo is measured (ALTER SYSTEM, reset
 * afterwards), so that "right after the first start" stays that for every round rather than turning into "after
 * autovacuum's ANALYZE" at some point of the first minute. Use a cluster of the bench's own.
 */
async function holdAutovacuum(off: boolean) {
  if (!URL_ || !DEMO) return;
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(off ? 'ALTER SYSTEM SET autovacuum = off' : 'ALTER SYSTEM RESET autovacuum');
  await admin.query('SELECT pg_reload_conf()');
  await admin.end();
}

/** The bench database of this size, and where a server process finds it. */
async function openBenchDatabase(
  orders: number,
): Promise<{ d: Database; target: { databaseUrl?: string; dataDir?: string } }> {
  const name = `vf_bench_${orders || 'demo'}`;
  // the demo is measured right after its first start: always a new database
  const keep = process.env.BENCH_KEEP === '1' && !DEMO;
  if (URL_) {
    const u = new URL(URL_);
    u.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: URL_ });
    await admin.connect();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      d: await openDatabase({ url: u.toString(), poolSize: CONNECTIONS }),
      target: { databaseUrl: u.toString() },
    };
  }
  const dir = path.join(ROOT, '.tmp', `bench-pglite-${orders || 'demo'}`);
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  return { d: await openDatabase({ dataDir: dir }), target: { dataDir: dir } };
}

const BULK_TABLES = ['orders', 'refund', 'message', 'log', 'lecode'];

/** The secondary indexes of the bulk-loaded tables (not those behind a constraint): dropped for the load, built after. */
async function secondaryIndexes(d: Database) {
  const r = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(BULK_TABLES)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`.execute(
    d.db,
  );
  return r.rows;
}

/**
 * `orders` over the last 90 days across every robot (the demo ones and the bench fleet), 3% of the paid ones
 * refunded, a robot message per 20 orders, an operation-log entry per 10, and one voucher batch of 100,000.
 * The fastest honest way on both engines: set-based INSERT … SELECT generate_series in the server, with the
 * secondary indexes and the rollup triggers off; then the indexes are built, the rollups built in one pass
 * (orders_rollups_rebuild, migration 033) and the triggers turned back on for live writes.
 */
async function load(d: Database, orders: number) {
  const have = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE _id LIKE 'bench-%'`.execute(d.db)).rows[0].n,
  );
  if (have === orders) return;
  if (have) throw new Error(`the bench database holds ${have} bench orders, not ${orders}: run without BENCH_KEEP`);
  const t0 = Date.now();
  const step = (name: string, since: number) =>
    console.log(`  load: ${name} ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const indexes = await secondaryIndexes(d);
  for (const i of indexes) await sql`DROP INDEX ${sql.id(i.name)}`.execute(d.db);
  await sql`ALTER TABLE orders DISABLE TRIGGER USER`.execute(d.db);
  let t = Date.now();
  const CHUNK = 1_000_000;
  for (let from = 0; from < orders; from += CHUNK) {
    const to = Math.min(orders, from + CHUNK) - 1;
    // robot i % n (a hash join on a numbered list: no per-row lookup)
    await sql`
      WITH r AS (SELECT (row_number() OVER (ORDER BY _id) - 1)::int AS k, * FROM device), n AS (SELECT count(*)::int AS n FROM device)
      INSERT INTO orders (_id, integrator, dealer, device, device_type, device_name, channel, status, pay_status, pay_time, pay_type,
                          work_status, amount, quantity, products, pickup_code, pay, refund_status, refund_amount, create_time, update_time)
      SELECT 'bench-' || i, r.integrator, r.dealer, r._id, r.type, r.name,
             CASE WHEN i % 3 = 0 THEN 'APP' ELSE 'MINIPROGRAM' END,
             CASE WHEN i % 10 = 0 THEN 'CANCEL' WHEN i % 10 = 1 THEN 'CREATED' ELSE 'CLOSE' END,
             CASE WHEN i % 10 = 0 THEN 'CANCEL' WHEN i % 10 = 1 THEN 'WAITPAY' ELSE 'PAID' END,
             t, 'WECHAT', CASE WHEN i % 10 = 1 THEN 'WAIT' ELSE 'END' END,
             (1 + i % 5) * 500, 1 + i % 3,
             jsonb_build_array(jsonb_build_object('item', 1, 'code', 'P' || (i % 40), 'name', 'Product ' || (i % 40), 'price', (1 + i % 5) * 500, 'quantity', 1 + i % 3)),
             lpad((i % 10000)::text, 4, '0'), jsonb_build_object('transaction_id', 'BENCH-' || i),
             CASE WHEN i % 10 > 1 AND i % 33 = 2 THEN 'SUCCESS' END, CASE WHEN i % 10 > 1 AND i % 33 = 2 THEN (1 + i % 5) * 500 ELSE 0 END,
             t, t
      FROM generate_series(${from}::int, ${to}::int) AS i
      CROSS JOIN LATERAL (SELECT now() - (i::float8 / ${orders}::float8) * interval '90 days' AS t) AS tt
      JOIN r ON r.k = i % (SELECT n FROM n)
      -- by time (newest first), as a server's appended orders lie: in the hash join's order a window's orders lay one
      -- to a heap page, and a chart's edges read ~3× the pages they would (docs/performance.md, "How a call's cost is measured")
      ORDER BY i`.execute(d.db);
  }
  step('orders', t);
  t = Date.now();
  await sql`
    INSERT INTO refund (_id, "order", integrator, dealer, status, amount, real_amount, request_time, refund_time, reason, source)
    SELECT 'bench-r-' || o._id, o._id, o.integrator, o.dealer, 'SUCCESS', o.amount, o.amount, o.create_time + interval '5 minutes', o.create_time + interval '6 minutes', 'bench', 'console'
    FROM orders o WHERE o._id LIKE 'bench-%' AND o.refund_status = 'SUCCESS'`.execute(d.db);
  await sql`
    INSERT INTO message (_id, code, level, category, device, integrator, dealer, read, create_time)
    SELECT 'bench-m-' || o._id, 100001, 'success', 'connection', o.device, o.integrator, o.dealer, true, o.create_time
    FROM orders o WHERE o._id LIKE 'bench-%' AND (substr(o._id, 7))::int % 20 = 0`.execute(d.db);
  await sql`
    INSERT INTO log (_id, time, operator, account_type, integrator, dealer, action, resource, record, after, ip)
    SELECT 'bench-l-' || o._id, o.create_time + interval '1 minute', CASE WHEN o.dealer = 'store_b1' THEN 'brand-b' ELSE 'brand-a' END, 'INTEGRATOR',
           o.integrator, o.dealer, 'edit', 'order', o._id, jsonb_build_object('remark', 'bench'), '127.0.0.1'
    FROM orders o WHERE o._id LIKE 'bench-%' AND (substr(o._id, 7))::int % 10 = 3`.execute(d.db);
  // one batch, as generation makes it: every voucher of the batch created at the same time
  await sql`
    INSERT INTO lecode (_id, batch, code, status, product, quantity, valid_from, valid_to, integrator, dealer, create_time)
    SELECT 'bench-v-' || i, 'bench-batch', 'BV' || lpad(i::text, 7, '0'), CASE WHEN i % 4 = 0 THEN 'SOLD' ELSE 'CREATED' END,
           p._id, 1, now() - interval '1 day', now() + interval '365 days', p.integrator, p.dealer, now() - interval '1 day'
    FROM generate_series(0, ${BATCH - 1}::int) AS i,
         (SELECT _id, integrator, dealer FROM product WHERE dealer = 'store_a1' ORDER BY _id LIMIT 1) AS p`.execute(
    d.db,
  );
  step('refunds, messages, log, vouchers', t);
  t = Date.now();
  for (const i of indexes) await sql.raw(i.def).execute(d.db);
  step(`${indexes.length} indexes`, t);
  t = Date.now();
  await sql`SELECT orders_rollups_rebuild()`.execute(d.db);
  await sql`ALTER TABLE orders ENABLE TRIGGER USER`.execute(d.db);
  step('rollups', t);
  t = Date.now();
  // the steady state autovacuum keeps: statistics, and a visibility map so index-only scans stay index-only
  await sql`VACUUM ANALYZE`.execute(d.db);
  step('vacuum analyze', t);
  const seconds = Math.round((Date.now() - t0) / 1000);
  console.log(`loaded ${orders.toLocaleString('en')} orders in ${seconds} s`);
  return seconds;
}

/** BENCH_ROBOTS robots spread over the demo stores, keyed `bench-key-<i>` (hashed as the server hashes keys). */
async function loadRobots(d: Database) {
  await sql`
    INSERT INTO device (_id, device_id, name, sn, type, integrator, dealer, key_hash, state)
    SELECT 'bench-d-' || i, 'BENCH-' || lpad(i::text, 6, '0'), 'Bench ' || i, 'SN-BENCH-' || i, s.type, s.integrator, s.dealer,
           encode(sha256(convert_to('bench-key-' || i, 'UTF8')), 'hex'), (ARRAY['idle', 'busy', 'failure', 'lack', 'pause'])[1 + i % 5]
    FROM generate_series(0, ${ROBOTS - 1}::int) AS i
    JOIN LATERAL (SELECT * FROM device WHERE _id NOT LIKE 'bench-%' ORDER BY _id OFFSET (i % 16) LIMIT 1) AS s ON true
    ON CONFLICT (_id) DO NOTHING`.execute(d.db);
}

interface Row {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** what a call costs: the server process's CPU ms (user + system, /proc) */
  cpuMs: number;
  /** the database's planning + execution ms, and its statements (pg_stat_statements; PostgreSQL only) */
  dbMs?: number;
  statements?: number;
  target?: string;
  pass?: boolean;
  /** the cost targets, and whether they are met */
  costTarget?: string;
  costPass?: boolean;
  /** asked with a browser's Accept-Encoding or none (scripts/bench-wire.ts) */
  wire?: Wire;
  /** bytes a call's answer took on the wire, headers included (autocannon's count), and its Content-Encoding */
  bytes?: number;
  sentAs?: string;
  /** system calls per call (BENCH_STRACE=1) */
  syscalls?: SyscallCounts;
}

/**
 * What the database spent, from pg_stat_statements (`shared_preload_libraries = pg_stat_statements` and, for
 * planning time, `pg_stat_statements.track_planning = on`): reset before a measurement, read after it. Only
 * the bench database's statements count, not this meter's own nor the webhook queue's polling (pgboss).
 * Undefined on PGlite, and (said so loudly) when PostgreSQL has not loaded the extension.
 */
async function statementMeter(databaseUrl: string | undefined) {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  } catch (e) {
    console.log(
      `\n  !! pg_stat_statements is not loaded (${(e as Error).message.split('\n')[0]}): DB ms/call and statements/call are NOT measured.`,
    );
    console.log(
      `  !! Add shared_preload_libraries = 'pg_stat_statements' and pg_stat_statements.track_planning = on to postgresql.conf and restart PostgreSQL.\n`,
    );
    await client.end();
    return undefined;
  }
  const planning =
    (await client.query(`SELECT current_setting('pg_stat_statements.track_planning') AS v`)).rows[0].v === 'on';
  if (!planning)
    console.log(
      `  !! pg_stat_statements.track_planning is off: DB ms/call leaves planning out (set it on and restart PostgreSQL).`,
    );
  const db = (await client.query('SELECT current_database() AS d')).rows[0].d as string;
  const mine = `s.dbid = (SELECT oid FROM pg_database WHERE datname = '${db}') AND s.query NOT ILIKE '%pg_stat_statements%' AND s.query NOT ILIKE '%pgboss%'`;
  const calls = async () =>
    Number(
      (await client.query(`SELECT coalesce(sum(calls), 0)::float8 AS n FROM pg_stat_statements s WHERE ${mine}`))
        .rows[0].n,
    );
  return {
    planning,
    /**
     * Waits until the database has run no statement of the bench database for 100 ms (2 s at most): calls of the
     * row before that were still queued in the server when autocannon stopped would otherwise count in this one.
     */
    async settle() {
      for (let i = 0, last = -1; i < 20; i++) {
        const now = await calls();
        if (now === last) return;
        last = now;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** whether the tables the lists read have statistics (the demo is measured without an ANALYZE of ours) */
    async analyzed(when: string) {
      const r = await client.query(
        `SELECT relname, last_analyze, last_autoanalyze FROM pg_stat_user_tables WHERE relname IN ('orders', 'device', 'account') ORDER BY relname`,
      );
      const said = r.rows.map(
        (x: { relname: string; last_analyze: Date | null; last_autoanalyze: Date | null }) =>
          `${x.relname} ${x.last_analyze ? `analyzed ${x.last_analyze.toISOString()}` : 'never analyzed'}${x.last_autoanalyze ? `, by autovacuum ${x.last_autoanalyze.toISOString()}` : ''}`,
      );
      console.log(`  statistics at the ${when}: ${said.join('; ')}`);
    },
    reset: () => client.query('SELECT pg_stat_statements_reset()'),
    async read() {
      const r = await client.query(
        `SELECT coalesce(sum(calls), 0)::float8 AS calls, coalesce(sum(total_plan_time + total_exec_time), 0)::float8 AS ms FROM pg_stat_statements s WHERE ${mine}`,
      );
      return { statements: Number(r.rows[0].calls), ms: Number(r.rows[0].ms) };
    },
    /** the statements of the last measurement, most costly first (BENCH_STATEMENTS=1 prints them) */
    async top(calls: number) {
      const r = await client.query(
        `SELECT calls, total_plan_time + total_exec_time AS ms, total_plan_time AS plan, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS q FROM pg_stat_statements s WHERE ${mine} ORDER BY 2 DESC LIMIT 10`,
      );
      return r.rows.map(
        (x) =>
          `      ${(x.calls / calls).toFixed(2)}/call ${(x.ms / calls).toFixed(3)} ms/call (plan ${(x.plan / calls).toFixed(3)}): ${x.q}`,
      );
    },
    close: () => client.end(),
  };
}
type Meter = NonNullable<Awaited<ReturnType<typeof statementMeter>>>;

interface Measurement {
  name: string;
  opts: Target;
  /** the cost target (docs/performance.md), shown in the table */
  goal?: string;
  pass?: (r: Row) => boolean;
  /** the row's target on what a call costs (docs/performance.md "What a call costs"), against the floor's row and the
   * bare route's */
  cost?: { goal: string; pass: (r: Row, floor: Row, bare?: Row) => boolean };
  /** measured on the bare route's process, not the server's */
  bare?: boolean;
  /** brings the server to the row's steady state just before it is measured (not counted) */
  prepare?: () => Promise<void>;
}

/** a measurement as one encoding asks it (scripts/bench-wire.ts) */
interface Variant extends Measurement {
  base: string;
  wire: Wire;
}

/** the rows every cost is read against (always measured) */
const FLOOR = 'floor: same list, hand-written route';
const BARE = "bare route: the floor's SQL, no plugin or session";

interface Target {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** headers per request (e.g. a different robot each time) */
  each?: () => Record<string, string>;
}

async function measure(
  server: BuiltServer,
  name: string,
  opts: Target,
  seconds = SECONDS,
  meter?: Meter,
): Promise<Row> {
  const headers = { 'content-type': 'application/json', ...opts.headers };
  const each = opts.each;
  await meter?.settle();
  await meter?.reset();
  const cpu0 = cpuSeconds(server.child.pid!);
  const r = await autocannon({
    url: `${server.url}${opts.path}`,
    method: opts.method ?? 'POST',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    connections: CONNECTIONS,
    duration: seconds,
    requests: each ? [{ setupRequest: (req) => ({ ...req, headers: { ...headers, ...each() } }) }] : undefined,
  });
  const errors = r.errors + r.timeouts + r.non2xx;
  // autocannon's percentiles: p97_5 and p99 exist; p95 is interpolated between p90 and p97.5
  const l = r.latency as unknown as Record<string, number>;
  const p95 = l.p90 + ((l.p97_5 - l.p90) * (95 - 90)) / (97.5 - 90);
  // every answer counts (autocannon's total), the row's errors say which were not a success
  const calls = Math.max(1, (r.requests as unknown as { total: number }).total);
  const cpuMs = ((cpuSeconds(server.child.pid!) - cpu0) * 1000) / calls;
  const bytes = Math.round(r.throughput.total / calls);
  const db = await meter?.read();
  if (meter && process.env.BENCH_STATEMENTS === '1' && name !== 'warm-up')
    console.log(`    ${name}:\n${(await meter.top(calls)).join('\n')}`);
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    name,
    p50: l.p50,
    p95: Math.round(p95 * 10) / 10,
    p99: l.p99,
    rps: Math.round(r.requests.average),
    errors,
    cpuMs: round3(cpuMs),
    bytes,
    ...(db ? { dbMs: round3(db.ms / calls), statements: Math.round((db.statements / calls) * 100) / 100 } : {}),
  };
}

/**
 * The whole order list as a file, as the browser asks for it (signed in as the platform: every order; the
 * browser's Accept-Encoding), from a server process of its own started for this one export — so its memory is
 * the server's alone, not this bench's (which holds the loaded database's client, autocannon and the results).
 * Measured: the time to the last byte, the server's CPU seconds (user + system: far less sensitive to a loaded
 * machine than the wall time), its resident memory at rest before the export and its peak during it (VmHWM,
 * reset just before the request by writing 5 to /proc/<pid>/clear_refs), and the rows and bytes of the file.
 */
async function measureExport(
  target: { databaseUrl?: string; dataDir?: string },
  name: string,
  format: 'xlsx' | 'csv',
  orders: number,
) {
  const server = await startBuiltServer(target);
  try {
    const pid = server.child.pid!;
    const { authorization } = await authOf(server.url, 'admin');
    // at rest: what start-up and the sign-in left behind
    await new Promise((r) => setTimeout(r, 1000));
    const baseMb = statusMb(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const cpu0 = cpuSeconds(pid);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/order/export`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' },
      body: JSON.stringify({ format }),
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const cpu = Math.round((cpuSeconds(pid) - cpu0) * 10) / 10;
    const peakMb = statusMb(pid, 'VmHWM');
    // .xlsx: the rows the server announced (reading a million rows back out of the zip is a test's job)
    const rows = format === 'csv' ? lines - 1 : Number(res.headers.get('x-total-count'));
    const encoding = res.headers.get('content-encoding') ?? 'identity';
    console.log(
      `  ${name}: ${res.status}, ${rows.toLocaleString('en')} rows, ${bytes.toLocaleString('en')} bytes (sent as ${encoding}) in ${seconds} s, server CPU ${cpu} s, server RSS ${baseMb} MB at rest, peak ${peakMb} MB`,
    );
    return {
      name,
      rows,
      mb: Math.round(bytes / 2 ** 20),
      seconds,
      cpu,
      peakMb,
      baseMb,
      pass: res.status === 200 && rows >= orders && seconds <= 60 && peakMb <= 250,
    };
  } finally {
    await stopBuiltServer(server);
  }
}

const authOf = async (url: string, username: string) => ({ authorization: `Bearer ${await signIn(url, username)}` });

async function post<T>(url: string, path_: string, headers: Record<string, string>, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path_}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
}

interface SizeResult {
  orders: number;
  loadSeconds?: number;
  rows: Row[];
  exports: Array<Awaited<ReturnType<typeof measureExport>>>;
  telemetry?: TelemetryRow[];
}

async function benchSize(orders: number): Promise<SizeResult> {
  await holdAutovacuum(true);
  try {
    return await benchOne(orders);
  } finally {
    await holdAutovacuum(false);
  }
}

async function benchOne(orders: number): Promise<SizeResult> {
  const { d, target } = await openBenchDatabase(orders);
  console.log(
    `\nbench on ${d.kind}, ${DEMO ? 'the demo data right after the first start' : `${orders.toLocaleString('en')} orders`}, ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} rounds, ${WIRES.map(wireLabel).join(' and ')}`,
  );
  let loadSeconds: number | undefined;
  if (!DEMO) {
    await migrate(d.db);
    if (await isEmpty(d.db)) await seedDemo(d.db);
    await loadRobots(d);
    loadSeconds = await load(d, orders);
  }
  // The statements' meter (PostgreSQL), then this process lets go of the database: the server is another process.
  const meter = await statementMeter(target.databaseUrl);
  await d.close();
  const bundle = await buildBenchServer();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=.tmp/prof" profiles the server (as bench:fleet's BENCH_FLEET_NODE_ARGS)
  const server = await startBuiltServer({
    ...target,
    bench: bundle,
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
    // the demo: the server migrates and seeds the new database itself, as on a first `npm start`
    env: DEMO ? { SEED_DEMO: '1' } : undefined,
  });
  const url = server.url;
  const auth = await authOf(url, 'brand-a');
  const store = await authOf(url, 'store-a1');
  const platform = await authOf(url, 'admin');
  // the bare route's profile answers this very JSON (scripts/bench-bare.ts)
  const profileJson = path.join(ROOT, '.tmp', 'bench-profile.json');
  fs.writeFileSync(profileJson, (await probe(`${url}/api/user/profile`, { headers: auth })).body);
  const bare = target.databaseUrl
    ? await startBuiltServer({
        ...target,
        bench: bundle.replace(/main\.js$/, 'bare.js'),
        env: { BARE_PROFILE: profileJson },
      })
    : undefined;
  await meter?.analyzed('start');
  // robots take turns, as a fleet does (one robot's row would measure its row lock, not ingest)
  let turn = 0;
  const fleet = [
    ...DEMO_DEVICES.map((r) => ({ 'x-device-id': r.device_id, 'x-device-key': demoDeviceKey(r.device_id) })),
    // the bench's fleet is loaded with the orders (not in the demo)
    ...Array.from({ length: DEMO ? 0 : ROBOTS }, (_, i) => ({
      'x-device-id': `BENCH-${String(i).padStart(6, '0')}`,
      'x-device-key': robotKey(i),
    })),
  ];
  const nextRobot = () => fleet[turn++ % fleet.length];
  const now = Date.now();
  const day = 86_400_000;

  const list = { status: 'CLOSE' };
  // the deep page: 500, or the last but one of a small load (BENCH_ORDERS=1000 holds a few dozen pages; its
  // total is exact, a large load's an estimate far past 500 pages)
  const pages = Math.ceil(
    (await post<{ total: number }>(url, '/api/order/list', auth, { filter: list, pageSize: 20 })).total / 20,
  );
  const deep = Math.max(2, Math.min(500, pages - 1));
  // where the page before it ends: the browser's next page after it goes by that position (server/crud/cursor.ts)
  const endBefore = (
    await post<{ next: string }>(url, '/api/order/list', auth, { filter: list, pageSize: 20, page: deep - 1 })
  ).next;
  // an order in the middle of the brand's history, read by its id as the detail screen does
  const middle = (
    await post<{ list: Array<{ _id: string }> }>(url, '/api/order/list', auth, {
      filter: list,
      pageSize: 20,
      page: Math.ceil(deep / 2),
    })
  ).list[0]._id;
  // the ranges end now and start at an arbitrary minute, as a browser's do; tz_offset is getTimezoneOffset()
  const range = (days: number, tz = 0) => ({
    from: new Date(now - days * day - 7 * 60_000).toISOString(),
    to: new Date(now).toISOString(),
    tz_offset: tz,
  });
  const within = (ms: number) => (r: Row) => r.p95 <= ms;
  // the cost targets (docs/performance.md "What a call costs"): a generic list costs what the floor does; a chart or
  // figure at most twice the floor's database time; statements are counted only on PostgreSQL (undefined passes on
  // PGlite)
  const stmts = (r: Row, most: number | undefined) =>
    r.statements === undefined || most === undefined || r.statements <= most + 0.05;
  const dbWithin = (r: Row, floor: Row, x: number) =>
    r.dbMs === undefined || floor.dbMs === undefined || r.dbMs <= x * floor.dbMs;
  const asList = {
    goal: "statements = floor's, CPU ≤ 1.1× floor's",
    pass: (r: Row, f: Row) => stmts(r, f.statements) && r.cpuMs <= 1.1 * f.cpuMs,
  };
  const listRow = (name: string, path_: string, body: unknown, headers = auth): Measurement => ({
    name,
    opts: { path: path_, headers, body },
    goal: 'p95 ≤ 20 ms',
    pass: within(20),
    cost: asList,
  });
  const dash = (name: string, path_: string, body: unknown, headers = auth): Measurement => ({
    name,
    opts: { path: path_, headers, body },
    goal: 'p95 ≤ 50 ms',
    pass: within(50),
    cost: path_.endsWith('charts')
      ? { goal: "DB ≤ 2× floor's, ≤ 4 statements", pass: (r, f) => dbWithin(r, f, 2) && stmts(r, 4) }
      : { goal: "DB ≤ 2× floor's", pass: (r, f) => dbWithin(r, f, 2) },
  });
  const plan: Measurement[] = [
    {
      ...listRow('order list: brand + status, by time', '/api/order/list', { filter: list, pageSize: 20 }),
      cost: { goal: 'CPU ≤ 0.8 ms, ≤ 2 statements', pass: (r) => r.cpuMs <= 0.8 && stmts(r, 2) },
    },
    {
      name: FLOOR,
      opts: { path: '/api/bench/floor', headers: auth, body: list },
      cost: { goal: "CPU ≤ 2× bare route's", pass: (r, _f, b) => !b || r.cpuMs <= 2 * b.cpuMs },
    },
    ...(bare
      ? [
          { name: BARE, opts: { path: '/bare', body: list }, bare: true },
          { name: PAGE_ALONE, opts: { path: '/bare/page', body: list }, bare: true },
          {
            name: PROFILE_BARE,
            opts: { method: 'GET' as const, path: '/bare/profile', headers: auth },
            bare: true,
          },
        ]
      : []),
    {
      name: 'profile',
      opts: { method: 'GET', path: '/api/user/profile', headers: auth },
      cost: { goal: '≤ 2 statements', pass: (r: Row) => stmts(r, 2) },
    },
    // the first page a brand's console shows, the default sort (docs/performance.md, "As a browser pays it"), asking
    // for what the console's list asks (the order list: the columns it shows; the robot list: the whole rows)
    listRow(ORDER_PAGE, '/api/order/list', { pageSize: 20, fields: LISTED_FIELDS }),
    listRow(ROBOT_PAGE, '/api/device/list', { pageSize: 20 }),
    listRow(`order list: page ${deep} by number (deep)`, '/api/order/list', { filter: list, pageSize: 20, page: deep }),
    listRow(`order list: page ${deep} after page ${deep - 1} (keyset)`, '/api/order/list', {
      filter: list,
      pageSize: 20,
      page: deep,
      after: endBefore,
    }),
    listRow('order list: free-text search', '/api/order/list', { filter: { q: '0042' }, pageSize: 20 }),
    {
      name: 'order detail',
      opts: { method: 'GET', path: `/api/order/detail/${middle}`, headers: auth },
      goal: 'p95 ≤ 20 ms',
      pass: within(20),
    },
    listRow('refund list: brand', '/api/refund/list', { pageSize: 20 }),
    listRow('message list: brand', '/api/message/list', { pageSize: 20 }),
    listRow('alarm list: brand', '/api/alarm/list', { pageSize: 20 }),
    listRow(`voucher list: one batch of ${BATCH.toLocaleString('en')}`, '/api/lecode/list', {
      filter: { batch: 'bench-batch' },
      pageSize: 20,
    }),
    listRow('operation log: brand, first page', '/api/log/list', { pageSize: 20 }),
    listRow('robot list: brand, state = failure', '/api/device/list', { filter: { state: 'failure' }, pageSize: 20 }),
    dash('dashboard figures: 1 day', '/api/dashboard/summary', range(1)),
    dash('dashboard figures: 30 days', '/api/dashboard/summary', range(30)),
    dash('dashboard figures: 365 days, UTC+5:45', '/api/dashboard/summary', range(365, -345)),
    dash('dashboard charts: 1 day, UTC+8', '/api/dashboard/charts', range(1, -480)),
    dash('dashboard charts: 1 day, UTC+5:30', '/api/dashboard/charts', range(1, -330)),
    dash('dashboard charts: 30 days, UTC', '/api/dashboard/charts', range(30)),
    dash('dashboard charts: 30 days, UTC+8', '/api/dashboard/charts', range(30, -480)),
    dash('dashboard charts: 30 days, UTC+5:30', '/api/dashboard/charts', range(30, -330)),
    dash('dashboard charts: 30 days, UTC-5, store', '/api/dashboard/charts', range(30, 300), store),
    dash('dashboard charts: 30 days, UTC+8, platform', '/api/dashboard/charts', range(30, -480), platform),
    dash('dashboard charts: 365 days, UTC+8', '/api/dashboard/charts', range(365, -480)),
    {
      name: `robot heartbeat ingest (${fleet.length.toLocaleString('en')} robots)`,
      opts: { path: '/api/device-gateway/heartbeat', each: nextRobot, body: {} },
      // every robot online first: the rows before take longer than the offline window, and a robot's first
      // beat after it (an online message, its offline alarm cleared, webhooks) is not what a beat costs
      prepare: async () => {
        for (let i = 0; i < fleet.length; i += 50) {
          await Promise.all(
            fleet.slice(i, i + 50).map((h) =>
              fetch(`${url}/api/device-gateway/heartbeat`, {
                method: 'POST',
                headers: { ...h, 'content-type': 'application/json' },
                body: '{}',
              }),
            ),
          );
        }
      },
      goal: '≥ 5,000 req/s',
      pass: (r: Row) => r.rps >= 5000,
    },
  ];
  // the floor and the bare route always run: every cost is read against them
  const chosen = plan.filter((m) => !ONLY || ONLY.test(m.name) || m.name === FLOOR || m.name === BARE);
  // each row as a browser asks (its Accept-Encoding) and as a script does (none): scripts/bench-wire.ts
  const variants: Variant[] = chosen.flatMap((m) =>
    WIRES.map((wire) => ({
      ...m,
      base: m.name,
      wire,
      name: `${m.name} · ${wireLabel(wire)}`,
      opts: { ...m.opts, headers: { ...m.opts.headers, ...wireHeaders(wire) } },
    })),
  );
  const on = (m: Measurement) => (m.bare ? bare! : server);

  // warm every route first, so none pays for another's cold caches
  for (const m of variants) await measure(on(m), 'warm-up', m.opts, 1);
  const rounds = new Map<string, Row[]>(variants.map((m) => [m.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const m of variants) {
      await m.prepare?.();
      const r = await measure(on(m), m.name, m.opts, SECONDS, meter);
      rounds.get(m.name)!.push(r);
      const cost = `server CPU ${r.cpuMs} ms/call${r.dbMs === undefined ? '' : `, DB ${r.dbMs} ms/call, ${r.statements} statements/call`}, ${r.bytes} B/call`;
      console.log(
        `  round ${round}: ${r.name}: p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.rps} req/s, ${cost}${r.errors ? `, ${r.errors} errors` : ''}`,
      );
    }
  }
  await meter?.analyzed('end');
  const median = <T>(xs: T[], by: (x: T) => number) =>
    [...xs].sort((a, b) => by(a) - by(b))[Math.floor((xs.length - 1) / 2)];
  const rows: Row[] = [];
  for (const m of variants) {
    const all = rounds.get(m.name)!;
    // each cost figure its own median over the rounds (a burst of other work spoils one round's clock, rarely its cost)
    const r: Row = {
      ...median(all, (x) => (m.goal?.startsWith('≥') ? -x.rps : x.p95)),
      cpuMs: median(all, (x) => x.cpuMs).cpuMs,
      bytes: median(all, (x) => x.bytes!).bytes,
      ...(all[0].dbMs === undefined
        ? {}
        : { dbMs: median(all, (x) => x.dbMs!).dbMs, statements: median(all, (x) => x.statements!).statements }),
      wire: m.wire,
    };
    // how the server encoded it, and (BENCH_STRACE=1) its system calls per call, counted outside the rounds
    const body = m.opts.body === undefined ? undefined : JSON.stringify(m.opts.body);
    const headers = { 'content-type': 'application/json', ...m.opts.headers, ...m.opts.each?.() };
    r.sentAs = (await probe(`${on(m).url}${m.opts.path}`, { method: m.opts.method ?? 'POST', headers, body })).encoding;
    if (STRACE) r.syscalls = await countSyscalls(on(m), m.opts, Math.min(CONNECTIONS, 8));
    // an answer that is not a success is not a measurement of the screen
    rows.push(m.goal ? { ...r, target: m.goal, pass: m.pass!(r) && r.errors === 0 } : r);
  }
  const rowOf = (base: string, wire: Wire | undefined) => {
    const i = variants.findIndex((v) => v.base === base && v.wire === wire);
    return i < 0 ? undefined : rows[i];
  };
  // the floor and the bare route of the same encoding
  const floorOf = (r: Row) => rowOf(FLOOR, r.wire)!;
  const bareOf = (r: Row) => rowOf(BARE, r.wire);
  variants.forEach((m, i) => {
    const r = rows[i];
    if (m.cost)
      Object.assign(r, { costTarget: m.cost.goal, costPass: m.cost.pass(r, floorOf(r), bareOf(r)) && r.errors === 0 });
  });
  for (const wire of WIRES) {
    const generic = rounds.get(variants.find((v) => v.base === plan[0].name && v.wire === wire)?.name ?? '');
    const floor = rounds.get(variants.find((v) => v.base === FLOOR && v.wire === wire)!.name)!;
    if (generic) {
      // the ratio of each round (both ran back to back), then the median of those
      const ratio = median(
        generic.map((g, i) => Math.round((g.p95 / floor[i].p95) * 100) / 100),
        (x) => x,
      );
      Object.assign(rowOf(FLOOR, wire)!, { target: `generic/floor p95 = ${ratio}x ≤ 1.3x`, pass: ratio <= 1.3 });
    }
  }

  // what each encoding and level would cost on these very answers, an export and the app's files
  if (DEMO || process.env.BENCH_COMPRESSION === '1') {
    const samples: Sample[] = [];
    for (const m of chosen.filter((c) => !c.bare && c.name !== FLOOR)) {
      const body = m.opts.body === undefined ? undefined : JSON.stringify(m.opts.body);
      const headers = { 'content-type': 'application/json', ...m.opts.headers, ...m.opts.each?.() };
      samples.push({
        name: m.name,
        body: (await probe(`${url}${m.opts.path}`, { method: m.opts.method ?? 'POST', headers, body })).body,
      });
    }
    const csv = await probe(`${url}/api/order/export`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    samples.push({ name: "export: the brand's orders, csv", body: csv.body });
    printCompressionMatrix([...samples, ...staticSamples(path.join(ROOT, 'dist'))]);
  }

  await stopBuiltServer(server);
  if (bare) await stopBuiltServer(bare);
  await meter?.close();

  // the exports, by the built server in a process of its own (PGlite: once this process has let go of the folder)
  const exports = [];
  const formats = (['xlsx', 'csv'] as const).filter((f) => EXPORT && (!ONLY || ONLY.test(`export: every order, ${f}`)));
  if (formats.length) {
    await buildForProduction();
  }
  for (const format of formats)
    exports.push(await measureExport(target, `export: every order, ${format}`, format, orders));

  const fmt = (n: number) => String(n).padStart(7);
  const loadAvg = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const what = DEMO ? 'the demo data' : `${orders.toLocaleString('en')} orders`;
  if (rows.length)
    console.log(
      `\n${what} on ${d.kind}, load average ${loadAvg}:\n| measurement | p50 ms | p95 ms | p99 ms | req/s | errors | target | met |\n|---|---:|---:|---:|---:|---:|---|---|`,
    );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.rps)} | ${r.errors} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'yes' : 'NO'} |`,
    );
  // what a call costs, each against the floor's (× floor), and the cost targets
  const x = (v: number | undefined, f: number | undefined) =>
    v === undefined ? '—' : f ? `${v} (${(v / f).toFixed(2)}×)` : String(v);
  if (rows.length)
    console.log(
      `\nCost per call (the server's CPU from /proc, the database's from pg_stat_statements, the answer's bytes on the wire${STRACE ? ', system calls from strace' : ''}), ${what} on ${d.kind}, load average ${loadAvg}:\n| measurement | server CPU ms (× floor) | DB ms (× floor) | statements (floor ${rowOf(FLOOR, WIRES[0])?.statements ?? '—'}) | bytes/call (sent as) |${STRACE ? ' syscalls/call |' : ''} cost target | met |\n|---|---:|---:|---:|---:|${STRACE ? '---|' : ''}---|---|`,
    );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${x(r.cpuMs, floorOf(r).cpuMs)} | ${x(r.dbMs, floorOf(r).dbMs)} | ${r.statements ?? '—'} | ${r.bytes} (${r.sentAs}) |${STRACE ? ` ${r.syscalls ? describeSyscalls(r.syscalls) : ''} |` : ''} ${r.costTarget ?? ''} | ${r.costPass === undefined ? '' : r.costPass ? 'yes' : 'NO'} |`,
    );
  const paid = browserTargets((base, wire) => rowOf(base, wire));
  if (paid.length)
    console.log(
      `\nAs a browser pays it (ratios of the same run; docs/performance.md):\n| target | measured | met |\n|---|---|---|\n${paid.map((t) => `| ${t.goal} | ${t.measured} | ${t.pass ? 'yes' : 'NO'} |`).join('\n')}`,
    );
  if (exports.length) {
    console.log(
      `\nExport by the built server (node dist/server/main.js), ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} load average:`,
    );
    console.log(
      `| measurement | rows | MB | seconds | server CPU s | server peak RSS MB (at rest) | target | met |\n|---|---:|---:|---:|---:|---:|---|---|`,
    );
    for (const x of exports)
      console.log(
        `| ${x.name} | ${x.rows.toLocaleString('en')} | ${x.mb} | ${x.seconds} | ${x.cpu} | ${x.peakMb} (${x.baseMb}) | ≤ 60 s, ≤ 250 MB | ${x.pass ? 'yes' : 'NO'} |`,
      );
  }
  // telemetry (docs/telemetry.md): its own fleet and points, measured on the built server
  const telemetry =
    !ONLY || ONLY.test('telemetry')
      ? await benchTelemetry(target, { seconds: SECONDS, connections: CONNECTIONS })
      : undefined;
  return { orders, loadSeconds, rows, exports, telemetry };
}

async function main() {
  const results: SizeResult[] = [];
  for (const orders of SIZES) results.push(await benchSize(orders));
  if (results.length > 1) {
    // the curve: each measurement's p95 (or req/s) per size, met only when met at every size
    const head = results.map((r) => `${r.orders.toLocaleString('en')}`);
    console.log(
      `\nThe curve (p95 ms; ingest in req/s), ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} load average at the end:`,
    );
    console.log(
      `| measurement | ${head.join(' | ')} | target | met |\n|---|${head.map(() => '---:').join('|')}|---|---|`,
    );
    for (const r0 of results[0].rows) {
      const per = results.map((r) => r.rows.find((x) => x.name === r0.name));
      const cells = per.map((x) => (x ? String(r0.target?.startsWith('≥') ? x.rps : x.p95) : ''));
      const met = per.map((x) => (x?.pass === undefined ? '' : x.pass ? 'yes' : 'NO')).join(' / ');
      console.log(`| ${r0.name} | ${cells.join(' | ')} | ${r0.target ?? ''} | ${met} |`);
    }
    console.log(`| load time, s | ${results.map((r) => r.loadSeconds ?? 'kept').join(' | ')} | | |`);
  }
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, '.tmp', 'bench.json'),
    JSON.stringify(
      {
        engine: URL_ ? 'postgres' : 'pglite',
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        at: new Date().toISOString(),
        loadavg: os.loadavg(),
        sizes: results,
      },
      null,
      2,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
