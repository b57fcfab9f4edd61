// `npm run bench`'s telemetry rows (docs/telemetry.md "Measured"): a brand of BENCH_TELEMETRY_ROBOTS (1,000)
// ice-cream robots with 24 hours of a beat every 10 s (1,000 × 8,640 = 8.64 M points, loaded by generate_series
// SQL) and 30 days of hourly rollups, then — on the built server, in a process of its own so its CPU is its own:
//   - a robot's 7-day chart (hourly) and 24-hour chart (8,640 raw points): p95
//   - the fleet panel for the brand of 1,000 robots: p95
//   - heartbeat server CPU per beat: plain, with telemetry, and with telemetry judged by a rule (never breached)
// BENCH_TELEMETRY_ROBOTS and BENCH_TELEMETRY_HOURS shrink the load on a busy machine.
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { ensurePartitions } from '../server/features/telemetry/partitions';
import { startBuiltServer, stopBuiltServer, cpuSeconds, buildForProduction, signIn } from './builtServer';

const ROBOTS = Number(process.env.BENCH_TELEMETRY_ROBOTS ?? 1000);
const HOURS = Number(process.env.BENCH_TELEMETRY_HOURS ?? 24);
const EVERY_S = 10;
const ROLLUP_DAYS = 30;
const key = (i: number) => `tele-bench-key-${i}`;
const deviceId = (i: number) => `TELE-B-${String(i).padStart(6, '0')}`;

export interface TelemetryRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
}

/** Robots 0 … count-1 beat once each, `chunk` at a time (`headers(i)`: robot i's id and key). */
export async function beatOnce(url: string, count: number, headers: (i: number) => Record<string, string>, chunk = 20) {
  for (let i = 0; i < count; i += chunk)
    await Promise.all(
      Array.from({ length: Math.min(chunk, count - i) }, (_, k) =>
        fetch(`${url}/api/device-gateway/heartbeat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers(i + k) },
          body: '{}',
        }),
      ),
    );
}

/** The brand's robots (half in each of brand_a's stores), their points and rollups, and some offline history. */
async function load(target: { databaseUrl?: string; dataDir?: string }) {
  const d = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(d.db);
    const now = new Date();
    await ensurePartitions(d.db, now, [
      new Date(now.getTime() - ROLLUP_DAYS * 86_400_000),
      new Date(now.getTime() - (HOURS / 24) * 86_400_000),
    ]);
    const started = performance.now();
    await sql`
      INSERT INTO device (_id, device_id, name, sn, type, category, integrator, dealer, key_hash, state, online, last_heartbeat)
      SELECT 'tele-b-' || i, 'TELE-B-' || lpad(i::text, 6, '0'), 'Tele ' || i, 'SN-TB-' || i, 'icecream', 'bench', 'brand_a',
             CASE WHEN i % 2 = 0 THEN 'store_a1' ELSE 'store_a2' END,
             encode(sha256(convert_to('tele-bench-key-' || i, 'UTF8')), 'hex'), (ARRAY['idle', 'busy', 'failure', 'idle', 'idle'])[1 + i % 5], i % 10 <> 0, now()
        FROM generate_series(0, ${ROBOTS - 1}::int) AS i
      ON CONFLICT (_id) DO NOTHING`.execute(d.db);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM telemetry WHERE device LIKE 'tele-b-%'`.execute(d.db);
    const points = ROBOTS * HOURS * (3600 / EVERY_S);
    if (rows[0].n < points) {
      await sql`DELETE FROM telemetry WHERE device LIKE 'tele-b-%'`.execute(d.db);
      // one statement per robot range keeps each transaction's memory small
      for (let from = 0; from < ROBOTS; from += 100) {
        await sql`
          INSERT INTO telemetry (device, metric, t, value)
          SELECT 'tele-b-' || i, 'freezer_temp', now() - make_interval(hours => ${HOURS}) + s * interval '${sql.raw(String(EVERY_S))} seconds',
                 -18 + 2 * sin(s / 360.0 + i) + random()
            FROM generate_series(${from}::int, ${Math.min(ROBOTS, from + 100) - 1}::int) AS i, generate_series(0, ${HOURS * (3600 / EVERY_S) - 1}::int) AS s`.execute(
          d.db,
        );
      }
      await sql`DELETE FROM telemetry_hourly WHERE device LIKE 'tele-b-%'`.execute(d.db);
      await sql`
        INSERT INTO telemetry_hourly (device, metric, hour, min, max, sum, count)
        SELECT 'tele-b-' || i, 'freezer_temp', date_bin('1 hour', now(), timestamptz '2000-01-01 00:00:00+00') - h * interval '1 hour', -20, -16, -18 * 360, 360
          FROM generate_series(0, ${ROBOTS - 1}::int) AS i, generate_series(0, ${ROLLUP_DAYS * 24 - 1}::int) AS h
        ON CONFLICT DO NOTHING`.execute(d.db);
      // offline history: the uptime the panel computes
      await sql`
        INSERT INTO alarm (_id, device, device_type, code, level, integrator, dealer, state, first_seen, last_seen, clear_time, clear_code)
        SELECT 'tele-b-off-' || i, 'tele-b-' || i, 'icecream', 100002, 'warning', 'brand_a', CASE WHEN i % 2 = 0 THEN 'store_a1' ELSE 'store_a2' END,
               'cleared', now() - interval '3 days', now() - interval '3 days', now() - interval '3 days' + make_interval(mins => i % 120), 100001
          FROM generate_series(0, ${ROBOTS - 1}::int, 3) AS i
        ON CONFLICT DO NOTHING`.execute(d.db);
      await sql`ANALYZE telemetry`.execute(d.db);
      await sql`ANALYZE telemetry_hourly`.execute(d.db);
    }
    return { points, seconds: rows[0].n < points ? Math.round((performance.now() - started) / 100) / 10 : undefined };
  } finally {
    await d.close();
  }
}

const bearer = async (url: string, username: string) => `Bearer ${await signIn(url, username)}`;

async function cannon(
  url: string,
  path: string,
  o: {
    body: unknown;
    headers?: Record<string, string>;
    each?: () => Record<string, string>;
    seconds: number;
    connections: number;
  },
) {
  const headers = { 'content-type': 'application/json', ...o.headers };
  const r = await autocannon({
    url: `${url}${path}`,
    method: 'POST',
    headers,
    body: JSON.stringify(o.body),
    connections: o.connections,
    duration: o.seconds,
    requests: o.each ? [{ setupRequest: (req) => ({ ...req, headers: { ...headers, ...o.each!() } }) }] : undefined,
  });
  const l = r.latency as unknown as Record<string, number>;
  return {
    p95: Math.round((l.p90 + ((l.p97_5 - l.p90) * 5) / 7.5) * 10) / 10,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export async function benchTelemetry(
  target: { databaseUrl?: string; dataDir?: string },
  o: { seconds: number; connections: number },
): Promise<TelemetryRow[]> {
  const loaded = await load(target);
  console.log(
    `\ntelemetry: ${ROBOTS.toLocaleString('en')} robots × ${HOURS} h of a beat every ${EVERY_S} s = ${loaded.points.toLocaleString('en')} points, 30 days of hourly rollups: ${loaded.seconds === undefined ? 'kept from an earlier run' : `loaded in ${loaded.seconds} s`}`,
  );
  await buildForProduction();
  const server = await startBuiltServer(target);
  const rows: TelemetryRow[] =
    loaded.seconds === undefined
      ? []
      : [
          {
            name: `load: ${loaded.points.toLocaleString('en')} points (generate_series)`,
            value: loaded.seconds,
            unit: 's',
          },
        ];
  try {
    const pid = server.child.pid!;
    const brand = await bearer(server.url, 'brand-a');
    // every robot beats once first: the start-up sweep (robots silent since the load are set offline, each with
    // its message and alarm) and their coming back online are then behind us, not inside a measured round
    await beatOnce(server.url, ROBOTS, (i) => ({ 'x-device-id': deviceId(i), 'x-device-key': key(i) }));
    const now = Date.now();
    const span = (hours: number) => ({
      from: new Date(now - hours * 3_600_000).toISOString(),
      to: new Date(now).toISOString(),
    });
    // p95 and, steadier on a shared machine, the server's CPU per call
    const call = async (name: string, path: string, body: unknown, target = true) => {
      await cannon(server.url, path, {
        body,
        headers: { authorization: brand },
        seconds: 1,
        connections: o.connections,
      });
      const cpu0 = cpuSeconds(pid);
      const r = await cannon(server.url, path, {
        body,
        headers: { authorization: brand },
        seconds: o.seconds,
        connections: o.connections,
      });
      const cpu = Math.round(((cpuSeconds(pid) - cpu0) * 1e6) / r.requests) / 1000;
      rows.push({
        name,
        value: r.p95,
        unit: `ms p95, server CPU ${cpu} ms/call`,
        ...(target ? { target: '≤ 100 ms', pass: r.p95 <= 100 && r.errors === 0 } : {}),
      });
    };
    const chart = (name: string, hours: number, target = true) =>
      call(name, '/api/telemetry/series', { device: 'tele-b-7', metric: 'freezer_temp', ...span(hours) }, target);
    await chart("a robot's 7-day chart (168 hourly points)", 24 * 7);
    await chart(`a robot's 24-hour chart (${(24 * 3600) / EVERY_S} raw points; no target)`, 24, false);
    await call(
      `fleet panel: brand of ${ROBOTS.toLocaleString('en')} robots (and brand_a's demo robots), 7 days`,
      '/api/dashboard/fleet',
      span(24 * 7),
    );

    // server CPU per beat: the robots take turns, as a fleet does
    let turn = 0;
    const each = () => {
      const i = turn++ % ROBOTS;
      return { 'x-device-id': deviceId(i), 'x-device-key': key(i) };
    };
    const perBeat = async (body: unknown) => {
      await cannon(server.url, '/api/device-gateway/heartbeat', { body, each, seconds: 1, connections: o.connections });
      const cpu0 = cpuSeconds(pid);
      const r = await cannon(server.url, '/api/device-gateway/heartbeat', {
        body,
        each,
        seconds: o.seconds,
        connections: o.connections,
      });
      if (r.errors) console.log(`  heartbeat: ${r.errors} errors`);
      return Math.round(((cpuSeconds(pid) - cpu0) * 1e6) / r.requests) / 1000;
    };
    // rounds interleaved (plain, then with telemetry, three times) and the median of each: a burst of other work
    // on the shared machine then spoils one round of each rather than all rounds of one
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const compare = async (a: unknown, b: unknown) => {
      await perBeat(a);
      await perBeat(b);
      const [xs, ys]: [number[], number[]] = [[], []];
      for (let round = 0; round < 3; round++) {
        xs.push(await perBeat(a));
        ys.push(await perBeat(b));
      }
      return [median(xs), median(ys)];
    };
    const beat = { telemetry: { freezer_temp: -18.2, cups_left: 240, waste_level: 31 } };
    const [plain, withTelemetry] = await compare({}, beat);
    rows.push({ name: 'heartbeat server CPU per beat, plain', value: plain, unit: 'ms' });
    rows.push({
      name: 'heartbeat server CPU per beat, with 3 metrics',
      value: withTelemetry,
      unit: 'ms',
      target: `≤ 1.2× plain (${Math.round((withTelemetry / plain) * 100) / 100}×)`,
      pass: withTelemetry <= plain * 1.2,
    });
    const admin = await bearer(server.url, 'admin');
    await fetch(`${server.url}/api/telemetry_rule/add`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench: freezer above 30',
        metric: 'freezer_temp',
        op: 'gt',
        threshold: 30,
        for_minutes: 15,
        level: 'error',
        integrator: 'brand_a',
      }),
    });
    const [plain2, withRule] = await compare({}, beat);
    rows.push({
      name: 'heartbeat server CPU per beat, 3 metrics + a brand rule (never breached)',
      value: withRule,
      unit: 'ms',
      target: `${Math.round((withRule / plain2) * 100) / 100}× plain (${plain2} ms in the same rounds)`,
    });
  } finally {
    await stopBuiltServer(server);
  }
  console.log(`\n| telemetry measurement | value | target | met |\n|---|---:|---|---|`);
  console.log(
    `| (load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}) | | | |`,
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.value} ${r.unit} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'yes' : 'NO'} |`,
    );
  return rows;
}

// Alone: `DATABASE_URL=postgres://…/db npx tsx scripts/bench-telemetry.ts` on a database with the demo data
// (a `npm run bench` database kept with BENCH_KEEP=1, for one).
if (process.argv[1]?.endsWith('bench-telemetry.ts')) {
  const url = process.env.DATABASE_URL;
  benchTelemetry(url ? { databaseUrl: url } : { dataDir: process.env.DATA_DIR ?? '.tmp/bench-pglite-100000' }, {
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
