// `npm run bench:fleet`: a fleet of robots against the built server on PostgreSQL, as production runs it
// (`node dist/server/main.js`), first one process, then two behind the bench's own round-robin, while browsers
// of different brands and stores keep the live-event stream open (docs/performance.md "10,000 robots").
//
//   DATABASE_URL=postgres://… npm run bench:fleet     a database vf_bench_fleet beside the one named, made anew
//
// Options (environment): BENCH_FLEET_ROBOTS (10000), BENCH_FLEET_SECONDS (300, per run), BENCH_FLEET_BEAT
// (seconds between a robot's beats, 10), BENCH_FLEET_PROCESSES (`1,2`: the runs, by number of processes),
// BENCH_FLEET_THREADS (worker threads the robots run in, 2), BENCH_FLEET_NODE_ARGS (node flags for the server
// processes, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`).
// BENCH_FLEET_SYNC_MENU (1): half-way through a run, one `sync_menu` to (up to) 1,000 of the robots in one call —
// the call's time, and the share acknowledged within two beat intervals (docs/commands.md); the heartbeat's server
// CPU per beat is measured over the first half, when no command is queued. BENCH_FLEET_SERVER: another build's
// dist/server/main.js to run instead (a baseline: the same bench against the service before a change; set
// BENCH_FLEET_SYNC_MENU=0 when it has no commands).
// Results also go to .tmp/bench-fleet.json.
//
// The robots are the simulator's (server/demo/simulator/): each beats, sells from its store's menu, breaks down with a
// real notification code and recovers; they start evenly over the first beat so the beats come steadily. Every robot
// call goes to the next process in turn. The browsers: one account per brand and one per store (10 brands of 4
// stores), each reading GET /api/events as EventSource does. What is measured:
// - a beat's acknowledgement: from sending the heartbeat to its answer;
// - an event's lag: from the robot sending the call that caused it to a browser reading it, matched exactly —
//   an order and a message by their id (the call's answer names it), a robot's status by robot and heartbeat time;
// - any event a browser receives of a robot outside its brand or store (must be none);
// - each server process's resident memory (RSS) before the load, a quarter into the run, at the end and its peak;
// - heartbeats sent, acknowledged, counted by the servers (vf_heartbeats_total), and robots whose stored last
//   heartbeat is older than the last one acknowledged to them (a lost beat).
import fs from 'node:fs';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { Worker } from 'node:worker_threads';
import {
  buildForProduction,
  cpuSeconds,
  startBuiltServer,
  stopBuiltServer,
  statusMb,
  signIn,
  type BuiltServer,
} from './builtServer';
import type { Rates } from '../server/demo/simulator/robot';
import type { RobotsJob, RobotsResult } from './bench-fleet-robots';

const ROOT = path.resolve(import.meta.dirname, '..');
const URL_ = process.env.DATABASE_URL;
const ROBOTS = Number(process.env.BENCH_FLEET_ROBOTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 300);
const BEAT_MS = Number(process.env.BENCH_FLEET_BEAT ?? 10) * 1000;
const RUNS = (process.env.BENCH_FLEET_PROCESSES ?? '1,2').split(',').map(Number);
const ROBOTS_FILE = new URL('./bench-fleet-robots.ts', import.meta.url).href;
/** worker threads the robots are spread over (scripts/bench-fleet-robots.ts) */
const THREADS = Number(process.env.BENCH_FLEET_THREADS ?? 2);
const BRANDS = 10;
const STORES_PER_BRAND = 4;
/**
 * Per beat: a robot sells about once every 100 beats (≈ 17 minutes at 10 s; 10,000 robots: 10 sales a second, each
 * six calls), breaks down once every 500 and is fixed within a few beats. Voucher write-offs need a console account
 * per robot and are left out.
 */
const RATES: Rates = { sell: 0.01, fault: 0.002, recover: 0.3, writeoff: 0 };
const METRICS_TOKEN = 'bench-fleet-metrics';
const SYNC_MENU = process.env.BENCH_FLEET_SYNC_MENU !== '0';
const SERVER_MAIN = process.env.BENCH_FLEET_SERVER;
/** robots one send may name (resources/command.ts MAX_COMMAND_DEVICES) */
const SYNC_MENU_ROBOTS = 1000;
const TYPES = ['icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood'];

if (!URL_) {
  console.error(
    'npm run bench:fleet needs DATABASE_URL (PostgreSQL): it creates the database vf_bench_fleet beside the one named.',
  );
  process.exit(2);
}
if (!Number.isInteger(ROBOTS) || ROBOTS < BRANDS * STORES_PER_BRAND)
  throw new Error(`BENCH_FLEET_ROBOTS: at least ${BRANDS * STORES_PER_BRAND}`);
if (!(SECONDS >= 10)) throw new Error('BENCH_FLEET_SECONDS: at least 10');
if (!(BEAT_MS >= 1000)) throw new Error('BENCH_FLEET_BEAT: at least 1 (second)');
if (!Number.isInteger(THREADS) || THREADS < 1 || THREADS > 16) throw new Error('BENCH_FLEET_THREADS: 1 to 16');
if (RUNS.some((n) => !Number.isInteger(n) || n < 1 || n > 4))
  throw new Error('BENCH_FLEET_PROCESSES: a comma-separated list of 1 to 4');

interface Tenant {
  integrator: string;
  dealer: string | null;
}
const brand = (b: number) => `fleet_b${b}`;
const store = (b: number, s: number) => `fleet_b${b}_s${s}`;
const STORES = Array.from({ length: BRANDS * STORES_PER_BRAND }, (_, i) => ({
  brand: brand(1 + Math.floor(i / STORES_PER_BRAND)),
  store: store(1 + Math.floor(i / STORES_PER_BRAND), 1 + (i % STORES_PER_BRAND)),
}));
/** robot i is in store i % 40 */
const robotTenant = (i: number): Tenant => ({
  integrator: STORES[i % STORES.length].brand,
  dealer: STORES[i % STORES.length].store,
});
const robotId = (i: number) => `fleet-d-${i}`;
const deviceId = (i: number) => `FLEET-${String(i).padStart(6, '0')}`;
const robotKey = (i: number) => `fleet-key-${i}`;

// ---------------------------------------------------------------------------------------------------------------
// The bench database: the demo data, then 10 brands of 4 stores (each store a copy of demo store A1's menu), a
// brand account per brand and a store account per store, and the robots — all set-based.

async function benchDatabase(): Promise<{ db: DB; url: string; close: () => Promise<void> }> {
  const u = new URL(URL_!);
  u.pathname = '/vf_bench_fleet';
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS vf_bench_fleet WITH (FORCE)');
  await admin.query('CREATE DATABASE vf_bench_fleet');
  await admin.end();
  const d = await openDatabase({ url: u.toString(), poolSize: 4 });
  return { db: d.db, url: u.toString(), close: () => d.close() };
}

/** Copies `table`'s rows matching `where` once per row of `from`, with some columns computed anew. */
async function cloneRows(
  db: DB,
  table: string,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  set: Record<string, RawBuilder<unknown>>,
) {
  const cols = (
    await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`.execute(
      db,
    )
  ).rows.map((r) => r.c);
  const values = cols.map((c) => set[c] ?? sql`src.${sql.ref(c)}`);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
    SELECT ${sql.join(values)} FROM ${sql.table(table)} AS src ${from} WHERE ${where}`.execute(db);
}

async function prepare(db: DB) {
  const t0 = Date.now();
  await migrate(db);
  await seedDemo(db);
  const brands = sql`CROSS JOIN (SELECT 'fleet_b' || b AS brand, b FROM generate_series(1, ${BRANDS}::int) AS b) AS t`;
  const stores = sql`CROSS JOIN (SELECT 'fleet_b' || b AS brand, 'fleet_b' || b || '_s' || s AS store, b, s
    FROM generate_series(1, ${BRANDS}::int) AS b, generate_series(1, ${STORES_PER_BRAND}::int) AS s) AS t`;
  await cloneRows(db, 'integrator', brands, sql`src._id = 'brand_a'`, {
    _id: sql`t.brand`,
    name: sql`'Fleet Brand ' || t.b`,
  });
  await cloneRows(db, 'dealer', stores, sql`src._id = 'store_a1'`, {
    _id: sql`t.store`,
    integrator: sql`t.brand`,
    name: sql`'Fleet Store ' || t.b || '-' || t.s`,
  });
  // the menu: store A1's products with unlimited stock (a 5-minute run would sell them out), and its groups
  await cloneRows(db, 'product', stores, sql`src.dealer = 'store_a1'`, {
    _id: sql`src._id || '@' || t.store`,
    integrator: sql`t.brand`,
    dealer: sql`t.store`,
    stock: sql`-1`,
    devices: sql`'{}'::text[]`,
  });
  await cloneRows(db, 'product_classify', stores, sql`src.dealer = 'store_a1'`, {
    _id: sql`src._id || '@' || t.store`,
    integrator: sql`t.brand`,
    dealer: sql`t.store`,
    products: sql`ARRAY(SELECT p || '@' || t.store FROM unnest(src.products) AS p)`,
  });
  await cloneRows(db, 'account', brands, sql`src._id = 'brand-a'`, {
    _id: sql`'fleet-b' || t.b`,
    integrator: sql`t.brand`,
    nickname: sql`'Fleet brand ' || t.b`,
    email: sql`'fleet-b' || t.b || '@bench.vendfleet.test'`,
  });
  await cloneRows(db, 'account', stores, sql`src._id = 'store-a1'`, {
    _id: sql`'fleet-b' || t.b || '-s' || t.s`,
    integrator: sql`t.brand`,
    dealer: sql`t.store`,
    nickname: sql`'Fleet store ' || t.b || '-' || t.s`,
    email: sql`'fleet-b' || t.b || '-s' || t.s || '@bench.vendfleet.test'`,
  });
  // keys hashed as the server hashes them (sha256, hex: server/features/fleet/device.ts)
  await sql`
    INSERT INTO device (_id, device_id, name, sn, type, integrator, dealer, key_hash, state, work_status)
    SELECT 'fleet-d-' || i, 'FLEET-' || lpad(i::text, 6, '0'), 'Fleet ' || i, 'SN-FLEET-' || i,
           (${TYPES}::text[])[1 + i % ${TYPES.length}::int], (${STORES.map((s) => s.brand)}::text[])[1 + i % ${STORES.length}::int],
           (${STORES.map((s) => s.store)}::text[])[1 + i % ${STORES.length}::int],
           encode(sha256(convert_to('fleet-key-' || i, 'UTF8')), 'hex'), 'idle', 'ready'
    FROM generate_series(0, ${ROBOTS - 1}::int) AS i`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(
    `prepared ${ROBOTS.toLocaleString('en')} robots in ${STORES.length} stores of ${BRANDS} brands, ${BRANDS + STORES.length} accounts, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// What the servers (built and run as production runs them: scripts/builtServer.ts) counted themselves.

interface ServerCounts {
  /** vf_heartbeats_total */
  beats: number;
  /** heartbeat answers in all, and within 50 ms of the server's own time (from the request to the answer) */
  answered: number;
  within50: number;
  /** the event loop's delay, p99 ms, since the process started */
  loopP99: number;
}

/** What a server counted itself (its /metrics): tells the server's share of a beat's time from the network's and the client's. */
async function serverCounts(s: BuiltServer): Promise<ServerCounts> {
  const text = await (
    await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const beats = (le: string) =>
    text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('http_request_duration_seconds_bucket{') &&
          l.includes('route="/api/device-gateway/heartbeat"') &&
          l.includes(`le="${le}"`),
      )
      .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    beats: Number(/^vf_heartbeats_total (\d+)/m.exec(text)?.[1] ?? 0),
    answered: beats('+Inf'),
    within50: beats('0.05'),
    loopP99: Math.round(Number(/^nodejs_eventloop_lag_p99_seconds (\S+)/m.exec(text)?.[1] ?? NaN) * 1000),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Browsers: EventSource's reading of GET /api/events, on a bearer token.

interface Browser {
  account: string;
  tenant: Tenant;
  /** events as read: the key of what caused it (if any), the robot it concerns, when read */
  events: Array<{ type: string; key?: string; device?: string; at: number }>;
  /** the stream ended while the run went on */
  dropped: number;
  close(): void;
}

/** What a robot call's event is matched by: an order or message id, or a robot's status at a heartbeat time. */
function eventKey(type: string, data: Record<string, unknown>): string | undefined {
  if (type === 'order.created') return `o:${data._id}`;
  if (type === 'message.created') return `m:${data._id}`;
  if (type === 'device.status') return `s:${data.device_id}:${data.last_heartbeat}`;
  return undefined;
}

async function openBrowser(url: string, account: string, tenant: Tenant): Promise<Browser> {
  const token = await signIn(url, account);
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`${account}: /api/events answered ${res.status}`);
  const b: Browser = { account, tenant, events: [], dropped: 0, close: () => abort.abort() };
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  void (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const at = performance.timeOrigin + performance.now();
      buf += decoder.decode(chunk, { stream: true });
      for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        let type = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) type = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (type === 'ready') ready();
        if (!data || type === 'ready') continue;
        const d = JSON.parse(data) as Record<string, unknown>;
        b.events.push({
          type,
          key: eventKey(type, d),
          device: String(type === 'device.status' ? d._id : d.device),
          at,
        });
      }
    }
    b.dropped++;
  })().catch(() => {
    if (!abort.signal.aborted) b.dropped++;
  });
  await isReady;
  return b;
}

// ---------------------------------------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : String(Math.round(n)));

interface Row {
  name: string;
  value: string;
  target?: string;
  pass?: boolean;
}

async function run(processes: number, dbUrl: string, db: DB): Promise<Row[]> {
  console.log(
    `\n${ROBOTS.toLocaleString('en')} robots, a beat every ${BEAT_MS / 1000} s, ${processes} process(es), ${SECONDS} s`,
  );
  const servers = await Promise.all(
    Array.from({ length: processes }, () =>
      startBuiltServer({
        main: SERVER_MAIN,
        databaseUrl: dbUrl,
        env: { ...process.env, METRICS_TOKEN },
        nodeArgs: (process.env.BENCH_FLEET_NODE_ARGS ?? '').split(' ').filter(Boolean),
      }),
    ),
  );
  try {
    // the browsers: each brand's and each store's account, spread over the processes
    const accounts = [
      ...Array.from({ length: BRANDS }, (_, b) => ({
        account: `fleet-b${b + 1}`,
        tenant: { integrator: brand(b + 1), dealer: null },
      })),
      ...STORES.map((s, i) => ({
        account: `fleet-b${1 + Math.floor(i / STORES_PER_BRAND)}-s${1 + (i % STORES_PER_BRAND)}`,
        tenant: { integrator: s.brand, dealer: s.store },
      })),
    ];
    const browsers: Browser[] = [];
    for (const [i, a] of accounts.entries())
      browsers.push(await openBrowser(servers[i % processes].url, a.account, a.tenant));

    // a steady fleet is online and ready, as the simulator's first beat reports it: the run measures its beats and
    // real changes, not 10,000 robots coming online at once
    await sql`UPDATE device SET online = true, last_heartbeat = now(), state = 'idle', work_status = 'ready' WHERE _id LIKE 'fleet-d-%'`.execute(
      db,
    );
    const counted0 = await Promise.all(servers.map(serverCounts));

    const rss = servers.map((s) => ({ start: statusMb(s.child.pid!, 'VmRSS'), warm: 0, end: 0, peak: 0 }));
    const sampler = setInterval(
      () => servers.forEach((s, i) => (rss[i].peak = Math.max(rss[i].peak, statusMb(s.child.pid!, 'VmRSS')))),
      1000,
    );
    const warm = setTimeout(
      () => servers.forEach((s, i) => (rss[i].warm = statusMb(s.child.pid!, 'VmRSS'))),
      (SECONDS * 1000) / 4,
    );
    const identities = Array.from({ length: ROBOTS }, (_, i) => ({
      device_id: deviceId(i),
      key: robotKey(i),
      name: deviceId(i),
      type: TYPES[i % TYPES.length],
    }));
    const started = performance.now();
    // robot i in thread i % THREADS: each thread starts its robots evenly over the first beat, so together too
    const threads = Array.from({ length: THREADS }, (_, w) => {
      const job: RobotsJob = {
        urls: servers.map((s) => s.url),
        identities: identities.filter((_, i) => i % THREADS === w),
        beatMs: BEAT_MS,
        rates: RATES,
      };
      // a worker does not inherit tsx's loader: it loads the TypeScript file through tsx's API
      const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => t.tsImport(${JSON.stringify(ROBOTS_FILE)}, ${JSON.stringify(import.meta.url)}))`;
      const worker = new Worker(boot, { eval: true, workerData: job });
      const result = new Promise<RobotsResult>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      return { worker, result };
    });
    // the first half: no command queued; the heartbeat's server CPU per beat is measured over it
    const cpu0 = servers.map((s) => cpuSeconds(s.child.pid!));
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    const half = await Promise.all(servers.map(serverCounts));
    const cpuPerBeat =
      (servers.reduce((a, s, i) => a + cpuSeconds(s.child.pid!) - cpu0[i], 0) * 1000) /
      Math.max(
        1,
        half.reduce((a, c, i) => a + c.beats - counted0[i].beats, 0),
      );
    const sync = SYNC_MENU ? await syncMenu(servers[0].url) : undefined;
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    for (const t of threads) t.worker.postMessage('stop');
    const parts = await Promise.all(threads.map((t) => t.result));
    await Promise.all(threads.map((t) => t.worker.terminate()));
    for (const line of parts.flatMap((p) => p.firstErrors).slice(0, 5)) console.log(`  ${line}`);
    const acks = parts.flatMap((p) => p.acks);
    const causes = new Map(parts.flatMap((p) => p.causes));
    const lastBeat = new Map(parts.flatMap((p) => p.lastBeat));
    const calls = { beats: 0, acked: 0, beatErrors: 0, other: 0, otherErrors: 0 };
    const tally = { sales: 0, faults: 0, recoveries: 0 };
    for (const p of parts) {
      for (const k of Object.keys(calls) as Array<keyof typeof calls>) calls[k] += p.calls[k];
      for (const k of Object.keys(tally) as Array<keyof typeof tally>) tally[k] += p.tally[k];
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearTimeout(warm);
    servers.forEach((s, i) => (rss[i].end = statusMb(s.child.pid!, 'VmRSS')));
    // the last events still on their way
    await new Promise((r) => setTimeout(r, 2000));
    for (const b of browsers) b.close();
    const counts = await Promise.all(servers.map(serverCounts));
    const sum = (f: (c: ServerCounts) => number) => counts.reduce((a, c, i) => a + f(c) - f(counted0[i]), 0);
    const counted = sum((c) => c.beats);
    const within50 =
      sum((c) => c.within50) /
      Math.max(
        1,
        sum((c) => c.answered),
      );

    // lost beats: a robot's stored last heartbeat older than the last one it was told was recorded
    const stored = await db
      .selectFrom('device')
      .select(['device_id', 'last_heartbeat'])
      .where('_id', 'like', 'fleet-d-%')
      .execute();
    const behind = stored.filter(
      (r) => lastBeat.has(r.device_id) && (r.last_heartbeat?.getTime() ?? 0) < Date.parse(lastBeat.get(r.device_id)!),
    ).length;

    // lag and tenancy, over every event every browser read
    const tenantOf = new Map(Array.from({ length: ROBOTS }, (_, i) => [robotId(i), robotTenant(i)]));
    const lags: number[] = [];
    let outside = 0;
    let unmatched = 0;
    for (const b of browsers) {
      for (const e of b.events) {
        const t = e.device ? tenantOf.get(e.device) : undefined;
        if (!t || t.integrator !== b.tenant.integrator || (b.tenant.dealer && t.dealer !== b.tenant.dealer)) outside++;
        const sent = e.key ? causes.get(e.key) : undefined;
        if (sent === undefined) unmatched++;
        else lags.push(e.at - sent);
      }
    }
    acks.sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    const seen = browsers.map((b) => b.events.length).sort((a, b) => a - b);
    const dropped = browsers.reduce((a, b) => a + b.dropped, 0);
    const steady = (ROBOTS * 1000) / BEAT_MS;
    const acked = sync ? await syncMenuAcked(db, sync.sentAt) : undefined;
    const rows: Row[] = [
      { name: 'heartbeat server CPU per beat, ms (first half: no command queued)', value: cpuPerBeat.toFixed(3) },
      ...(sync && acked
        ? [
            {
              name: `sync_menu to ${sync.robots.toLocaleString('en')} robots: the call's time, ms`,
              value: String(Math.round(sync.ms)),
            },
            {
              name: 'sync_menu acknowledged within two beat intervals',
              value: `${acked.within.toLocaleString('en')} of ${sync.robots.toLocaleString('en')} (${((acked.within / sync.robots) * 100).toFixed(2)}%); acknowledged by the end ${acked.all.toLocaleString('en')}`,
              target: '≥ 99.9%',
              pass: acked.within / sync.robots >= 0.999,
            },
          ]
        : []),
      {
        name: 'heartbeat acknowledged, p50 / p95 / p99 ms',
        value: `${ms(pct(acks, 50))} / ${ms(pct(acks, 95))} / ${ms(pct(acks, 99))}`,
        target: 'p99 ≤ 50 ms',
        pass: pct(acks, 99) <= 50,
      },
      {
        name: 'heartbeats sent, per second',
        value: `${calls.beats.toLocaleString('en')}, ${Math.round(calls.beats / seconds)}/s`,
        target: `≥ 95% of ${Math.round(steady)}/s`,
        pass: calls.beats / seconds >= 0.95 * steady,
      },
      { name: 'heartbeats the server itself answered within 50 ms', value: `${(within50 * 100).toFixed(1)}%` },
      { name: 'heartbeat errors', value: String(calls.beatErrors), target: '0', pass: calls.beatErrors === 0 },
      { name: 'sales / faults / recoveries', value: `${tally.sales} / ${tally.faults} / ${tally.recoveries}` },
      {
        name: 'other robot calls (errors)',
        value: `${calls.other.toLocaleString('en')} (${calls.otherErrors})`,
        target: '0 errors',
        pass: calls.otherErrors === 0,
      },
      {
        name: 'heartbeats acked / counted by the servers',
        value: `${calls.acked.toLocaleString('en')} / ${counted.toLocaleString('en')}`,
        target: 'counted ≥ acked',
        pass: counted >= calls.acked,
      },
      {
        name: 'robots whose stored beat is older than their last ack',
        value: String(behind),
        target: '0',
        pass: behind === 0,
      },
      {
        name: `SSE lag, p50 / p95 / p99 ms (${lags.length.toLocaleString('en')} events matched)`,
        value: `${ms(pct(lags, 50))} / ${ms(pct(lags, 95))} / ${ms(pct(lags, 99))}`,
        target: 'p95 ≤ 1000 ms',
        pass: lags.length > 0 && pct(lags, 95) <= 1000,
      },
      {
        name: `events read by each of ${browsers.length} browsers, min / median / max`,
        value: `${seen[0]} / ${seen[Math.floor(seen.length / 2)]} / ${seen[seen.length - 1]} (${unmatched} with no robot call to match)`,
        target: 'every browser > 0',
        pass: seen[0] > 0,
      },
      { name: "events outside the browser's brand or store", value: String(outside), target: '0', pass: outside === 0 },
      { name: 'streams dropped during the run', value: String(dropped), target: '0', pass: dropped === 0 },
      ...rss.map((r, i) => ({
        name: `server ${i + 1} RSS MB: start / ¼ in / end (peak)`,
        value: `${r.start} / ${r.warm} / ${r.end} (${r.peak}); event loop delay p99 ${counts[i].loopP99} ms`,
        target: 'end ≤ ¼ in + 20%',
        pass: r.warm > 0 && r.end <= r.warm * 1.2,
      })),
    ];
    console.log(
      `\n${ROBOTS.toLocaleString('en')} robots, ${processes} process(es), ${Math.round(seconds)} s on PostgreSQL:\n| measurement | value | target | met |\n|---|---|---|---|`,
    );
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.value} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'yes' : 'NO'} |`,
      );
    return rows;
  } finally {
    await Promise.all(servers.map(stopBuiltServer));
  }
}

/** One sync_menu to the first 1,000 robots, in one call as an operator sends it; when, and how long the call took. */
async function syncMenu(url: string): Promise<{ robots: number; ms: number; sentAt: Date }> {
  const token = await signIn(url, 'admin');
  const devices = Array.from({ length: Math.min(ROBOTS, SYNC_MENU_ROBOTS) }, (_, i) => robotId(i));
  const sentAt = new Date();
  const t = performance.now();
  const res = await fetch(`${url}/api/command/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ devices, command: 'sync_menu' }),
  });
  const ms = performance.now() - t;
  const body = (await res.json()) as { data?: { done: number } };
  if (!res.ok || body.data?.done !== devices.length)
    throw new Error(`sync_menu: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { robots: devices.length, ms, sentAt };
}

/** Of the sync_menu commands, how many were acknowledged within two beat intervals of being queued, and at all. */
async function syncMenuAcked(db: DB, since: Date) {
  const r = await sql<{ within: number; all: number }>`
    SELECT count(*) FILTER (WHERE state = 'acknowledged' AND done_time <= create_time + make_interval(secs => ${(2 * BEAT_MS) / 1000}))::int AS within,
           count(*) FILTER (WHERE state = 'acknowledged')::int AS "all"
      FROM command WHERE command = 'sync_menu' AND create_time >= ${new Date(since.getTime() - 5000)}`.execute(db);
  return r.rows[0];
}

async function main() {
  await buildForProduction();
  const bench = await benchDatabase();
  try {
    await prepare(bench.db);
    const results: Array<{ processes: number; rows: Row[] }> = [];
    for (const n of RUNS) results.push({ processes: n, rows: await run(n, bench.url, bench.db) });
    fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, '.tmp', 'bench-fleet.json'),
      JSON.stringify(
        { robots: ROBOTS, seconds: SECONDS, beatMs: BEAT_MS, at: new Date().toISOString(), results },
        null,
        2,
      ),
    );
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
