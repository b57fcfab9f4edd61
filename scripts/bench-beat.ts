// `npm run bench:beat`: what a robot's heartbeat costs (docs/performance.md "The heartbeat: `npm run
// bench:beat`"): the built server with NODE_ENV=production on PostgreSQL, in a process of its
// own, a fleet of robots beating in turn (autocannon, 10 connections), and per beat: the server process's CPU ms
// (/proc), the statements the database ran and its planning + execution ms (pg_stat_statements, reset before each
// round, as `npm run bench` reads them). Rows:
//   - plain: `{}` — the fleet's common beat;
//   - 3 metrics: telemetry stored with the beat (server/features/telemetry/);
//   - open commands: every robot has a command queued (handed over on its first beat, then open until acknowledged);
//   - notify, no match: `{}` while the brand's notification policies (docs/notifications.md) exist and match none of
//     the beating robots (other robots', another brand's, a code never raised); the plain row has none enabled;
//   - idle fleet / campaign running (rounds of CAMPAIGN_SECONDS, 60: the rate is a cap on any 60 s, so a shorter
//     round would catch its burst or miss it): robots beat and acknowledge what a beat hands them in their next
//     beat's `acks` (docs/commands.md; BEAT_ACK=call: at once, by the ack call of its own); in the campaign rounds a campaign of the whole fleet (docs/campaigns.md: 1,000 a minute, phases
//     1, 10, 100) is started before the round and cancelled after it, ticking in the server process as in production
//     (CAMPAIGN_TICK_SECONDS' 5 s): its CPU is in the row's, per beat; its statements (the tick's) are counted apart.
// Rounds are interleaved (plain, 3 metrics, …; every other one in reverse) and each figure is the median of its rounds.
//
//   DATABASE_URL=postgres://… npm run bench:beat
//
// A database vf_beat beside DATABASE_URL's (made once, with the demo data and the robots; BEAT_FRESH=1 makes it
// again). Options: BENCH_ROBOTS (1000), BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_RATE
// (beats per second in all, e.g. 300: latency at a fleet's pace; flat out when not set), BEAT_ROWS
// (a pattern of the rows to run, e.g. `plain` for a profile), BENCH_NODE_ARGS (the server's node options, e.g.
// "--cpu-prof --cpu-prof-dir=.tmp/prof"), CAMPAIGN_SECONDS (the campaign pair's rounds, 60; e.g.
// BEAT_ROWS='^plain$|notify' leaves the pair out),
// BENCH_MAIN (another build's dist/server/main.js to measure instead, e.g. a copy of main's kept under .tmp/: runs
// alternated with this checkout's compare two builds under the same load).
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, isEmpty } from '../server/db/seed';
import { buildForProduction, startBuiltServer, stopBuiltServer, cpuSeconds, signIn } from './builtServer';
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
const CAMPAIGN_SECONDS = Number(process.env.CAMPAIGN_SECONDS ?? 60);
/** BEAT_ACK=call: the robots acknowledge by their own call (`POST command/ack`) rather than in their next beat */
const ACK_CALL = process.env.BEAT_ACK === 'call';
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
    // an earlier run's campaign left running (a run stopped half-way) would tick through this one's rows
    await sql`UPDATE campaign SET state = 'cancelled' WHERE name LIKE 'Bench %' AND state IN ('running', 'paused')`.execute(
      d.db,
    );
    // an earlier run's policies and channels: the run makes its own through the API
    await sql`DELETE FROM notify_policy WHERE name LIKE 'Bench %'`.execute(d.db);
    await sql`DELETE FROM notify_channel WHERE name LIKE 'Bench %'`.execute(d.db);
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
    /** the campaigns' tick's share: the statements naming a campaign (its transaction's BEGIN, lock and COMMIT aside) */
    async campaign() {
      const r = await c.query(
        `SELECT coalesce(sum(calls), 0)::float8 AS n, coalesce(sum(total_plan_time + total_exec_time), 0)::float8 AS ms FROM pg_stat_statements WHERE ${mine} AND query ILIKE '%campaign%'`,
      );
      return { statements: Number(r.rows[0].n), ms: Number(r.rows[0].ms) };
    },
    query: (text: string) => c.query(text),
    async top(beats: number) {
      const r = await c.query(
        `SELECT calls, total_plan_time + total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q FROM pg_stat_statements WHERE ${mine} ORDER BY calls DESC LIMIT 16`,
      );
      return r.rows.map(
        (x) => `      ${(x.calls / beats).toFixed(3)}/beat ${(x.ms / beats).toFixed(4)} ms/beat: ${x.q}`,
      );
    },
    close: () => c.end(),
  };
}

/** A signed-in admin's calls to the console's API (the features' own routes): the answer's `data`, or it throws. */
async function consoleApi(url: string) {
  const token = await signIn(url, 'admin');
  return async (route: string, body?: unknown) => {
    const r = await fetch(`${url}/api/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!r.ok) throw new Error(`${route}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: Record<string, unknown> }).data;
  };
}

/**
 * Notification policies that match none of the beating robots (docs/notifications.md): brand_a's for its demo robots
 * only and for a code the bench never raises, brand_b's for all of its own; made through the API. Answers the
 * switch that enables them (the demo's own policies, which would match a beating robot's error, stay disabled).
 */
async function noMatchPolicies(call: Awaited<ReturnType<typeof consoleApi>>, robots: string[]) {
  for (const p of ['notify_policy_brand_a', 'notify_policy_brand_b'])
    await call('notify_policy/edit', { _id: p, enabled: false }).catch(() => undefined);
  const ids: string[] = [];
  for (const brand of ['brand_a', 'brand_b']) {
    const channel = await call('notify_channel/add', {
      name: `Bench ${brand}`,
      kind: 'email',
      target: `bench@${brand.replace('_', '-')}.example`,
      language: 'en',
      tz: 'UTC',
      integrator: brand,
    });
    const tiers = [{ after_minutes: 0, channels: [channel._id] }];
    const policies =
      brand === 'brand_a'
        ? [
            { name: 'Bench demo robots', levels: ['warning', 'error'], devices: robots, tiers },
            { name: 'Bench one code', levels: ['warning', 'error'], codes: [9999], tiers },
          ]
        : [{ name: 'Bench other brand', levels: ['warning', 'error'], tiers }];
    for (const p of policies) ids.push(String((await call('notify_policy/add', { ...p, integrator: brand }))._id));
  }
  return async (enabled: boolean) => {
    for (const _id of ids) await call('notify_policy/edit', { _id, enabled });
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
  const next = () => turn++ % ROBOTS;
  const headersOf = (i: number) => ({ 'x-device-id': deviceId(i), 'x-device-key': key(i) });
  const each = () => headersOf(next());
  /** what each robot was handed and reports in its next beat's `acks` (docs/commands.md) */
  const pending = new Map<number, Array<{ id: string; status: 'ok'; result: Record<string, never> }>>();
  /**
   * Beats for `seconds`; with `obey`, each handed command is acknowledged as a robot would: in the robot's next
   * beat (`acks`), or with BEAT_ACK=call at once by its own call (`POST command/ack`, the beat's first command).
   */
  const beats = async (body: unknown, seconds: number, obey = false) => {
    let beaten = 0;
    let acks = 0;
    let handed = 0;
    type Ctx = { robot?: Record<string, string>; due?: Array<{ id: string }>; i?: number };
    const r = await autocannon({
      url: `${server.url}/api/device-gateway/heartbeat`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
      duration: seconds,
      ...(RATE ? { overallRate: RATE } : {}),
      requests:
        obey && !ACK_CALL
          ? [
              {
                setupRequest: (req, context) => {
                  const i = next();
                  (context as Ctx).i = i;
                  const owed = pending.get(i);
                  pending.delete(i);
                  if (owed) acks += owed.length;
                  return {
                    ...req,
                    headers: { ...req.headers, ...headersOf(i) },
                    ...(owed ? { body: JSON.stringify({ ...(body as object), acks: owed }) } : {}),
                  };
                },
                onResponse: (status, resBody, context) => {
                  if (status !== 200) return;
                  beaten++;
                  const due = (JSON.parse(resBody) as { data: { commands: Array<{ id: string }> } }).data.commands;
                  handed += due.length;
                  if (due.length)
                    pending.set(
                      (context as Ctx).i!,
                      due.map((c) => ({ id: c.id, status: 'ok', result: {} })),
                    );
                },
              },
            ]
          : obey
            ? [
                {
                  setupRequest: (req, context) => {
                    const robot = each();
                    (context as Ctx).robot = robot;
                    return { ...req, headers: { ...req.headers, ...robot } };
                  },
                  onResponse: (status, resBody, context) => {
                    if (status !== 200) return;
                    beaten++;
                    const due = (JSON.parse(resBody) as { data: { commands: Array<{ id: string }> } }).data.commands;
                    handed += due.length;
                    (context as Ctx).due = due;
                  },
                },
                {
                  method: 'POST',
                  path: '/api/device-gateway/command/ack',
                  // nothing handed over: the sequence starts again with the next beat
                  setupRequest: (req, context) => {
                    const c = context as Ctx;
                    const due = c.due?.[0];
                    if (!due) return undefined;
                    acks++;
                    return {
                      ...req,
                      headers: { ...req.headers, ...c.robot },
                      body: JSON.stringify({ id: due.id, status: 'ok', result: {} }),
                    };
                  },
                },
              ]
            : [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...each() } }) }],
    });
    const { p50, p99 } = r.latency as unknown as Record<string, number>;
    return {
      calls: Math.max(1, obey ? beaten : r.requests.total),
      acks,
      handed,
      errors: r.errors + r.timeouts + r.non2xx,
      rps: (obey ? beaten : r.requests.total) / seconds,
      p50,
      p99,
    };
  };
  interface RowSpec {
    name: string;
    body: unknown;
    seconds?: number;
    obey?: boolean;
    /** before the round, outside its measure (the round's CPU and statements start after it) */
    before?: () => Promise<void>;
    /** after the round's measure */
    after?: () => Promise<void>;
  }
  const round = async (row: RowSpec) => {
    const { name, body } = row;
    await row.before?.();
    await m.reset();
    const cpu0 = cpuSeconds(pid);
    const r = await beats(body, row.seconds ?? SECONDS, row.obey);
    const cpuMs = ((cpuSeconds(pid) - cpu0) * 1000) / r.calls;
    const db = await m.read();
    const tick = await m.campaign();
    if (process.env.BENCH_STATEMENTS === '1') console.log(`    ${name}:\n${(await m.top(r.calls)).join('\n')}`);
    await row.after?.();
    const perMinute = 60 / (row.seconds ?? SECONDS);
    const out = {
      cpuMs,
      statements: db.statements / r.calls,
      dbMs: db.ms / r.calls,
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      errors: r.errors,
      acks: r.acks / r.calls,
      tickStatements: tick.statements * perMinute,
      tickMs: tick.ms * perMinute,
    };
    console.log(
      `  ${name}: ${Math.round(r.rps)} beats/s, p50 ${r.p50} / p99 ${r.p99} ms, CPU ${cpuMs.toFixed(3)} ms, ${out.statements.toFixed(3)} statements, DB ${out.dbMs.toFixed(4)} ms per beat${row.obey ? `; ${r.handed} handed over, ${r.acks} acknowledged; the campaigns' tick: ${tick.statements} statements, ${tick.ms.toFixed(1)} DB ms` : ''}${r.errors ? `, ${r.errors} errors` : ''}`,
    );
    return out;
  };
  type Row = Awaited<ReturnType<typeof round>>;
  const results = new Map<string, Row[]>();
  const run = async (rows: RowSpec[]) => {
    const chosen = rows.filter(({ name }) => !ROWS || ROWS.test(name));
    if (!chosen.length) return;
    for (const { body } of chosen) await beats(body, 1); // warm-up
    // every other round in the reverse order: a row's place in the round (after which other row, how long since the
    // warm-up) is no part of its figure
    for (let i = 0; i < ROUNDS; i++)
      for (const row of i % 2 ? [...chosen].reverse() : chosen)
        results.set(row.name, [...(results.get(row.name) ?? []), await round(row)]);
  };
  try {
    // every robot online first: a robot's first beat after a silence (its online message, webhooks) is not a beat's cost
    await beatOnce(server.url, ROBOTS, (i) => ({ 'x-device-id': deviceId(i), 'x-device-key': key(i) }), 50);
    const call = await consoleApi(server.url);
    const demoRobots = (
      await m.query(`SELECT _id FROM device WHERE integrator = 'brand_a' AND _id NOT LIKE 'beat-%' LIMIT 20`)
    ).rows.map((r: { _id: string }) => r._id);
    const policies = await noMatchPolicies(call, demoRobots);
    const none = () => policies(false);
    await run([
      { name: 'plain', body: {}, before: none },
      {
        name: '3 metrics',
        body: { telemetry: { freezer_temp: -18.2, cups_left: 240, waste_level: 31 } },
        before: none,
      },
      { name: 'notify, no match', body: {}, before: () => policies(true) },
    ]);
    await none();
    // a campaign of the whole fleet per round: started before it, cancelled after it (with what it still had queued)
    let campaign = '';
    let n = 0;
    await run([
      { name: 'idle fleet', body: {}, seconds: CAMPAIGN_SECONDS, obey: true },
      {
        name: 'campaign running',
        body: {},
        seconds: CAMPAIGN_SECONDS,
        obey: true,
        before: async () => {
          campaign = String(
            (
              await call('campaign/add', {
                name: `Bench ${++n}`,
                command: 'clean',
                target: { devices: Array.from({ length: ROBOTS }, (_, i) => `beat-${i}`) },
                rate_per_minute: 1000,
                phases: [1, 10, 100],
                phase_wait_minutes: 0,
                abort: { failed_percent: 10, min_outcomes: 50, offline_minutes: 10 },
                integrator: 'brand_a',
              })
            )._id,
          );
          await call('campaign/start', { _id: campaign });
        },
        after: async () => {
          const d = await call(`campaign/detail/${campaign}`);
          console.log(`    campaign ${campaign}: ${d.state}, phase ${d.phase}, ${JSON.stringify(d.counts)}`);
          if (d.state === 'running' || d.state === 'paused') await call('campaign/cancel', { _id: campaign });
          await beats({}, 1, true); // what was handed over just before the cancel, acknowledged outside any round
        },
      },
    ]);
    if (!ROWS || ROWS.test('open commands')) {
      await call('command/send', {
        devices: Array.from({ length: ROBOTS }, (_, i) => `beat-${i}`),
        command: 'clean',
        expires_in: 3600,
      });
      await run([{ name: 'open commands', body: {} }]);
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
    '| beat | server CPU ms/beat | statements/beat | DB ms/beat | beats/s | p50 / p99 ms | acks/beat | tick statements / DB ms a minute |\n|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, rs] of results)
    console.log(
      `| ${name} | ${median(rs.map((r) => r.cpuMs)).toFixed(3)} | ${median(rs.map((r) => r.statements)).toFixed(2)} | ${median(rs.map((r) => r.dbMs)).toFixed(3)} | ${Math.round(median(rs.map((r) => r.rps)))} | ${median(rs.map((r) => r.p50))} / ${median(rs.map((r) => r.p99))} | ${median(rs.map((r) => r.acks)).toFixed(4)} | ${Math.round(median(rs.map((r) => r.tickStatements)))} / ${median(rs.map((r) => r.tickMs)).toFixed(1)} |`,
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
