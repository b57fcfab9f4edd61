// `npm run bench:soak`: a long day. The built server (`node dist/server/main.js`, as production runs it) on
// PostgreSQL, with 1,000 simulated robots (the simulator's: heartbeats, sales, faults and recoveries), 20 live
// browsers (accounts reading GET /api/events as EventSource does — the live part of a browser; 20 Chromium pages
// would not fit beside the server on a 2-core machine) and a steady trickle of console calls, for SOAK_MINUTES
// (30). Then a verdict per check:
// - no error: robot calls, console calls, live streams dropped;
// - resident memory (RSS) and event-loop delay over the last five minutes within 10 % of the fifth minute's;
// - no growth in what stays open: the server's file descriptors and the database's sessions counted every 2 s, the
//   fewest of each window (a socket or session that leaks never closes, so it raises every window's fewest), the
//   libuv handles by their one count a window (even the fewest of the last five); and the sessions at their most
//   within what the server may open (DB_POOL_MAX, and its one LISTEN connection). Sockets and connections come and
//   go with the calls in flight, so one stretch's peak against another's is chance, not a trend;
// - table sizes in line with the rows written: bytes per row at the end within 50 % of those at the fifth minute
//   (a table that bloats — dead rows vacuum does not reclaim — grows faster than its rows).
// The windows scale with the run: it is cut in 30 windows of SOAK_MINUTES × 2 s (a minute each in the default
// run), "the fifth minute" is window 5 and "the last five minutes" windows 26–30, so a short run
// (SOAK_MINUTES=6: 12-s windows) compares the same shares of its length.
//
//   DATABASE_URL=postgres://… npm run bench:soak       a database vf_soak beside the one named, made anew
//
// Settings (environment): SOAK_MINUTES (30), SOAK_ROBOTS (1000), SOAK_BROWSERS (20), SOAK_BEAT_SECONDS (10),
// SOAK_CONSOLE_MS (between two console calls, 2000). Results also go to .tmp/soak.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type DB } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { driveFleet } from '../server/demo/simulator/fleet';
import type { Rates } from '../server/demo/simulator/robot';
import type { CallRecord } from '../server/demo/simulator/gateway';
import {
  buildForProduction,
  startBuiltServer,
  stopBuiltServer,
  statusMb,
  signIn,
  type BuiltServer,
} from './builtServer';

const ROOT = path.resolve(import.meta.dirname, '..');
const URL_ = process.env.DATABASE_URL;
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const ROBOTS = Number(process.env.SOAK_ROBOTS ?? 1000);
const BROWSERS = Number(process.env.SOAK_BROWSERS ?? 20);
const BEAT_MS = Number(process.env.SOAK_BEAT_SECONDS ?? 10) * 1000;
const CONSOLE_MS = Number(process.env.SOAK_CONSOLE_MS ?? 2000);
const WINDOWS = 30;
const WINDOW_MS = (MINUTES * 60_000) / WINDOWS;
/** "the fifth minute" and "the last five minutes", as windows of a 30-minute day */
const REFERENCE = 5;
const LAST = [26, 27, 28, 29, 30];
const METRICS_TOKEN = 'soak-metrics';
/** the most sessions the server may hold: its pool (DB_POOL_MAX, the prepared statements' share included) and the
 * event bus's LISTEN connection (server/events/bus.ts) */
const SESSION_BOUND = Number(process.env.DB_POOL_MAX ?? 10) + 1;
/** a robot sells about once every 100 beats, breaks down once every 500 and is fixed within a few beats (as bench:fleet) */
const RATES: Rates = { sell: 0.01, fault: 0.002, recover: 0.3, writeoff: 0 };
const TABLES = ['orders', 'message', 'alarm', 'device', 'session', 'log', 'orders_daily', 'orders_quarters'];
const ACCOUNTS = ['admin', 'provider', 'brand-a', 'brand-b', 'store-a1', 'store-a2', 'store-b1'];

if (!URL_) {
  console.error(
    'npm run bench:soak needs DATABASE_URL (PostgreSQL): it creates the database vf_soak beside the one named.',
  );
  process.exit(2);
}
if (!(MINUTES >= 3)) throw new Error('SOAK_MINUTES: at least 3');
if (!Number.isInteger(ROBOTS) || ROBOTS < 3) throw new Error('SOAK_ROBOTS: at least 3');

async function soakDatabase() {
  const u = new URL(URL_!);
  u.pathname = '/vf_soak';
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS vf_soak WITH (FORCE)');
  await admin.query('CREATE DATABASE vf_soak');
  await admin.end();
  const d = await openDatabase({ url: u.toString(), poolSize: 1 });
  await migrate(d.db);
  await seedDemo(d.db);
  // the robots, spread over the demo stores, keys hashed as the server hashes them (sha256 hex); a day's sales
  // must not sell the menu out (that would be a refusal, not an error of the server's)
  await sql`
    INSERT INTO device (_id, device_id, name, sn, type, integrator, dealer, key_hash, state, work_status)
    SELECT 'soak-d-' || i, 'SOAK-' || lpad(i::text, 5, '0'), 'Soak ' || i, 'SN-SOAK-' || i,
           (ARRAY['icecream', 'coffee', 'noodle', 'milktea'])[1 + i % 4], s.integrator, s._id,
           encode(sha256(convert_to('soak-key-' || i, 'UTF8')), 'hex'), 'idle', 'ready'
    FROM generate_series(0, ${ROBOTS - 1}::int) AS i
    JOIN LATERAL (SELECT _id, integrator FROM dealer ORDER BY _id OFFSET i % (SELECT count(*) FROM dealer) LIMIT 1) AS s ON true`.execute(
    d.db,
  );
  await sql`UPDATE product SET stock = -1`.execute(d.db);
  await sql`ANALYZE`.execute(d.db);
  return { db: d.db, url: u.toString(), close: () => d.close() };
}

/** A browser's live part: GET /api/events read as EventSource reads it; counts what it read and whether it dropped. */
async function openBrowser(url: string, account: string) {
  const token = await signIn(url, account);
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`${account}: /api/events answered ${res.status}`);
  const b = { account, events: 0, dropped: 0, close: () => abort.abort() };
  void (async () => {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      b.events += String(Buffer.from(chunk)).split('\n\n').length - 1;
    b.dropped++;
  })().catch(() => {
    if (!abort.signal.aborted) b.dropped++;
  });
  return b;
}

/** The console's trickle: one call every CONSOLE_MS, in turn over the lists and figures an operator looks at. */
function startConsole(url: string, tokens: string[]) {
  const day = () => ({ from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() });
  const calls: Array<[string, () => unknown]> = [
    ['/api/order/list', () => ({ pageSize: 25 })],
    ['/api/device/list', () => ({ pageSize: 25 })],
    ['/api/alarm/list', () => ({ pageSize: 25 })],
    ['/api/dashboard/summary', day],
    ['/api/message/list', () => ({ pageSize: 25 })],
    ['/api/dashboard/charts', day],
  ];
  const tally = { calls: 0, errors: 0, firstErrors: [] as string[] };
  let n = 0;
  const timer = setInterval(() => {
    const [p, body] = calls[n % calls.length];
    const token = tokens[n++ % tokens.length];
    tally.calls++;
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body()),
      signal: AbortSignal.timeout(20_000),
    })
      .then(async (r) => {
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${p}: HTTP ${r.status}`);
      })
      .catch((e: Error) => {
        tally.errors++;
        if (tally.firstErrors.length < 5) tally.firstErrors.push(e.message);
      });
  }, CONSOLE_MS);
  return { tally, stop: () => clearInterval(timer) };
}

interface Sample {
  window: number;
  rssMb: number;
  /** the event loop's delay over the window (prom-client resets its histogram at each scrape), ms */
  loopMeanMs: number;
  loopP99Ms: number;
  /** the server's open file descriptors at the window's end, and the fewest and most of the counts taken during it */
  fds: number;
  fdsLeast: number;
  fdsMost: number;
  handles: number;
  /** the database's sessions at the window's end, and the fewest and most of the counts taken during it */
  dbSessions: number;
  dbSessionsLeast: number;
  dbSessionsMost: number;
  tables?: Record<string, { rows: number; bytes: number }>;
}

async function metrics(s: BuiltServer) {
  const text = await (
    await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const num = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    loopMeanMs: num('nodejs_eventloop_lag_mean_seconds') * 1000,
    loopP99Ms: num('nodejs_eventloop_lag_p99_seconds') * 1000,
    handles: num('nodejs_active_handles_total'),
  };
}

async function tableSizes(db: DB) {
  const out: Record<string, { rows: number; bytes: number }> = {};
  for (const t of TABLES) {
    const r = await sql<{
      rows: number;
      bytes: number;
    }>`SELECT (SELECT count(*) FROM ${sql.table(t)}) AS rows, pg_total_relation_size(${t}::regclass) AS bytes`.execute(
      db,
    );
    out[t] = r.rows[0];
  }
  return out;
}

/** The server's sessions on the soak's database now (this script's own connection aside). */
async function sessionsNow(db: DB) {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'vf_soak' AND pid <> pg_backend_pid()`.execute(db);
  return r.rows[0].n;
}

/** Counts something every 2 s; `take()` answers the fewest and most since the last take. */
function countEvery2s(now: () => Promise<number>) {
  let least = Infinity;
  let most = -Infinity;
  const count = () =>
    now().then(
      (n) => {
        least = Math.min(least, n);
        most = Math.max(most, n);
      },
      () => undefined,
    );
  const timer = setInterval(() => void count(), 2000);
  return {
    async take() {
      await count();
      const out = { least, most };
      least = Infinity;
      most = -Infinity;
      return out;
    },
    stop: () => clearInterval(timer),
  };
}

/** The server's open file descriptors now. */
const fdsNow = (s: BuiltServer) => fs.readdirSync(`/proc/${s.child.pid}/fd`).length;

async function sample(
  window: number,
  s: BuiltServer,
  db: DB,
  withTables: boolean,
  sessions: { least: number; most: number },
  fds: { least: number; most: number },
): Promise<Sample> {
  const m = await metrics(s);
  return {
    window,
    rssMb: statusMb(s.child.pid!, 'VmRSS'),
    loopMeanMs: m.loopMeanMs,
    loopP99Ms: m.loopP99Ms,
    fds: fdsNow(s),
    fdsLeast: fds.least,
    fdsMost: fds.most,
    handles: m.handles,
    dbSessions: await sessionsNow(db),
    dbSessionsLeast: sessions.least,
    dbSessionsMost: sessions.most,
    tables: withTables ? await tableSizes(db) : undefined,
  };
}

interface Verdict {
  check: string;
  value: string;
  target: string;
  pass: boolean;
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '–');

function verdicts(
  samples: Sample[],
  errors: { robot: number; robotCalls: number; console: number; consoleCalls: number; dropped: number },
): Verdict[] {
  const at = (w: number) => samples.find((s) => s.window === w)!;
  const ref = at(REFERENCE);
  const last = samples.filter((s) => LAST.includes(s.window));
  const end = at(WINDOWS);
  const max = (f: (s: Sample) => number) => Math.max(...last.map(f));
  const median = (f: (s: Sample) => number) => {
    const v = last.map(f).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  };
  // connections and handles come and go with the calls in flight: "no growth" is against the most the first five
  // windows held, not against one instant
  const early = samples.filter((s) => s.window <= REFERENCE);
  const earlyMax = (f: (s: Sample) => number) => Math.max(...early.map(f));
  const v: Verdict[] = [
    {
      check: 'robot call errors',
      value: `${errors.robot} of ${errors.robotCalls.toLocaleString('en')}`,
      target: '0',
      pass: errors.robot === 0,
    },
    {
      check: 'console call errors',
      value: `${errors.console} of ${errors.consoleCalls.toLocaleString('en')}`,
      target: '0',
      pass: errors.console === 0,
    },
    { check: 'live streams dropped', value: String(errors.dropped), target: '0', pass: errors.dropped === 0 },
    {
      check: 'RSS MB: window 5 → last five (max)',
      value: `${ref.rssMb} → ${max((s) => s.rssMb)}`,
      target: '≤ +10 %',
      pass: max((s) => s.rssMb) <= ref.rssMb * 1.1,
    },
    {
      check: 'event-loop delay, mean ms: window 5 → last five (median)',
      value: `${f1(ref.loopMeanMs)} → ${f1(median((s) => s.loopMeanMs))} (p99 ${f1(ref.loopP99Ms)} → ${f1(median((s) => s.loopP99Ms))})`,
      target: '≤ +10 %',
      pass: median((s) => s.loopMeanMs) <= ref.loopMeanMs * 1.1,
    },
    {
      check: "open file descriptors held open (each window's fewest): first five (most) → last five (median)",
      value: `${earlyMax((s) => s.fdsLeast)} → ${median((s) => s.fdsLeast)} (at their most ${Math.max(...samples.map((s) => s.fdsMost))})`,
      target: 'no growth (≤ +5 %)',
      pass: median((s) => s.fdsLeast) <= Math.ceil(earlyMax((s) => s.fdsLeast) * 1.05),
    },
    {
      // one count a window (read from /metrics, whose scrape also ends the window's event-loop figures): what stays
      // open raises every count, so even the fewest of the last five
      check: 'libuv handles, one count a window: first five (most) → last five (fewest)',
      value: `${earlyMax((s) => s.handles)} → ${Math.min(...last.map((s) => s.handles))}`,
      target: 'no growth (≤ +5 %)',
      pass: Math.min(...last.map((s) => s.handles)) <= Math.ceil(earlyMax((s) => s.handles) * 1.05),
    },
    {
      check: "database sessions held open (each window's fewest): first five (most) → last five (median)",
      value: `${earlyMax((s) => s.dbSessionsLeast)} → ${median((s) => s.dbSessionsLeast)}`,
      target: 'no growth',
      pass: median((s) => s.dbSessionsLeast) <= earlyMax((s) => s.dbSessionsLeast),
    },
    {
      check: 'database sessions at their most: first five → last five → the whole run',
      value: `${earlyMax((s) => s.dbSessionsMost)} → ${max((s) => s.dbSessionsMost)} → ${Math.max(...samples.map((s) => s.dbSessionsMost))}`,
      target: `≤ ${SESSION_BOUND} (DB_POOL_MAX + the LISTEN connection)`,
      pass: Math.max(...samples.map((s) => s.dbSessionsMost)) <= SESSION_BOUND,
    },
  ];
  for (const t of TABLES) {
    const a = ref.tables![t];
    const b = end.tables![t];
    const perRow = (x: { rows: number; bytes: number }) => x.bytes / Math.max(1, x.rows);
    v.push({
      check: `${t}: rows, MB, bytes per row — window 5 → end`,
      value: `${a.rows.toLocaleString('en')} → ${b.rows.toLocaleString('en')}, ${f1(a.bytes / 2 ** 20)} → ${f1(b.bytes / 2 ** 20)}, ${Math.round(perRow(a))} → ${Math.round(perRow(b))}`,
      target: 'bytes per row ≤ +50 % (or under 1 MB)',
      pass: b.bytes < 2 ** 20 || perRow(b) <= perRow(a) * 1.5,
    });
  }
  return v;
}

async function main() {
  console.log(
    `Soak: ${ROBOTS} robots (a beat every ${BEAT_MS / 1000} s), ${BROWSERS} live browsers, a console call every ${CONSOLE_MS} ms, ${MINUTES} min in ${WINDOWS} windows of ${WINDOW_MS / 1000} s`,
  );
  await buildForProduction();
  const soak = await soakDatabase();
  let server: BuiltServer | undefined;
  try {
    server = await startBuiltServer({ databaseUrl: soak.url, env: { ...process.env, METRICS_TOKEN } });
    const url = server.url;
    const browsers = [];
    for (let i = 0; i < BROWSERS; i++) browsers.push(await openBrowser(url, ACCOUNTS[i % ACCOUNTS.length]));
    const tokens = await Promise.all(ACCOUNTS.map((a) => signIn(url, a)));
    const robotCalls = { calls: 0, errors: 0, firstErrors: [] as string[] };
    const fleet = driveFleet({
      url,
      identities: Array.from({ length: ROBOTS }, (_, i) => ({
        device_id: `SOAK-${String(i).padStart(5, '0')}`,
        key: `soak-key-${i}`,
        name: `Soak ${i}`,
      })),
      beatMs: BEAT_MS,
      rates: RATES,
      spread: true,
      observe: (c: CallRecord) => {
        robotCalls.calls++;
        if (!c.ok) {
          robotCalls.errors++;
          if (robotCalls.firstErrors.length < 5) robotCalls.firstErrors.push(`${c.path}: HTTP ${c.status}`);
        }
      },
      log: () => undefined,
    });
    const consoleCalls = startConsole(url, tokens);
    await metrics(server); // the first window's event-loop figures start now
    const samples: Sample[] = [];
    const sessions = countEvery2s(() => sessionsNow(soak.db));
    const fds = countEvery2s(async () => fdsNow(server!));
    const t0 = Date.now();
    for (let w = 1; w <= WINDOWS; w++) {
      await new Promise((r) => setTimeout(r, t0 + w * WINDOW_MS - Date.now()));
      const s = await sample(
        w,
        server,
        soak.db,
        w === REFERENCE || w === WINDOWS,
        await sessions.take(),
        await fds.take(),
      );
      samples.push(s);
      console.log(
        `window ${String(w).padStart(2)} (${((Date.now() - t0) / 60_000).toFixed(1)} min): RSS ${s.rssMb} MB, loop mean ${f1(s.loopMeanMs)} ms p99 ${f1(s.loopP99Ms)} ms, fds ${s.fds} (${s.fdsLeast}–${s.fdsMost}), handles ${s.handles}, db sessions ${s.dbSessions} (${s.dbSessionsLeast}–${s.dbSessionsMost}), robot calls ${robotCalls.calls} (${robotCalls.errors} errors), console ${consoleCalls.tally.calls} (${consoleCalls.tally.errors} errors)`,
      );
    }
    sessions.stop();
    fds.stop();
    consoleCalls.stop();
    await fleet.stop();
    const dropped = browsers.reduce((a, b) => a + b.dropped, 0);
    const events = browsers.map((b) => b.events).sort((a, b) => a - b);
    for (const b of browsers) b.close();
    for (const e of [...robotCalls.firstErrors, ...consoleCalls.tally.firstErrors]) console.log(`  error: ${e}`);
    const result = verdicts(samples, {
      robot: robotCalls.errors,
      robotCalls: robotCalls.calls,
      console: consoleCalls.tally.errors,
      consoleCalls: consoleCalls.tally.calls,
      dropped,
    });
    console.log(
      `\nSoak, ${MINUTES} min (windows of ${WINDOW_MS / 1000} s), ${ROBOTS} robots, ${BROWSERS} live browsers (events read: min ${events[0]}, max ${events[events.length - 1]}), sales / faults / recoveries ${fleet.tally.sales} / ${fleet.tally.faults} / ${fleet.tally.recoveries}, on PostgreSQL:`,
    );
    console.log('| check | value | target | met |\n|---|---|---|---|');
    for (const r of result) console.log(`| ${r.check} | ${r.value} | ${r.target} | ${r.pass ? 'yes' : 'NO'} |`);
    fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, '.tmp', 'soak.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          minutes: MINUTES,
          robots: ROBOTS,
          browsers: BROWSERS,
          samples,
          verdicts: result,
          tally: fleet.tally,
        },
        null,
        2,
      ),
    );
    return result.every((r) => r.pass);
  } finally {
    if (server) await stopBuiltServer(server);
    await soak.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
