// `npm run bench:notify` (docs/notifications.md "Measured"): alarm notifications against a real local SMTP server
// (smtp-server), on a demo database of its own (PGlite in a temporary folder; PostgreSQL with DATABASE_URL):
//   1. latency: BENCH_NOTIFY_SAMPLES alarms (20), one at a time, each to a channel of its own — the time from the
//      robot's `notify` call to the SMTP server accepting the e-mail: p50 / p95 (target p95 ≤ 5 s);
//   2. a storm: BENCH_NOTIFY_ALARMS alarms (1,000) over BENCH_NOTIFY_SECONDS (60) across BENCH_NOTIFY_ROBOTS robots
//      (100) of one brand, all to one e-mail channel — the messages that channel received (target ≤ 12), and that
//      every alarm is named in one of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startSmtp } from '../tests/support/smtp';
import { NOTIFY_CODES } from '../resources/notify_codes';

const SAMPLES = Number(process.env.BENCH_NOTIFY_SAMPLES ?? 20);
const ALARMS = Number(process.env.BENCH_NOTIFY_ALARMS ?? 1000);
const SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 60);
const ROBOTS = Number(process.env.BENCH_NOTIFY_ROBOTS ?? 100);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

async function main() {
  const smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = 'https://console.example.com';
  process.env.LOG = '0';
  process.env.GATEWAY_RATE_LIMIT = '100000';
  const { startServer } = await import('../server/main');
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'vf-bench-notify-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    seedDemo: true,
    logger: false,
    distDir: '/nonexistent',
  });
  const base = server.address.replace('0.0.0.0', '127.0.0.1');
  const db = server.database.db;
  const call = async (p: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(`${base}/api${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as { code: number; data: Record<string, string>; message?: string };
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${j.message}`);
    return j.data;
  };
  try {
    const token = (await call('/auth/signin', { username: 'admin', password: 'Demo12345' })).token;
    const auth = { Authorization: `Bearer ${token}` };
    await db.updateTable('notify_policy').set({ enabled: false }).execute();
    const robots: Array<{ _id: string; headers: Record<string, string> }> = [];
    for (let i = 0; i < ROBOTS + SAMPLES; i++) {
      const device_id = `BENCH-N-${String(i).padStart(4, '0')}`;
      const r = await call(
        '/device/add',
        {
          device_id,
          name: `Bench ${i}`,
          sn: `SN-BN-${i}`,
          type: 'icecream',
          category: 'bench',
          dealer: i % 2 ? 'store_a1' : 'store_a2',
        },
        auth,
      );
      robots.push({ _id: r._id, headers: { 'X-Device-Id': device_id, 'X-Device-Key': r.device_key } });
    }

    // 1. latency: one alarm at a time, each of SAMPLES robots (after the storm's) with a channel and policy of its own
    // (no burst window shared)
    const sampled = robots.slice(ROBOTS);
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const to = `sample-${i}@bench.example`;
      const c = await call(
        '/notify_channel/add',
        { name: `Sample ${i}`, kind: 'email', target: to, language: 'en', tz: 'UTC', integrator: 'brand_a' },
        auth,
      );
      await call(
        '/notify_policy/add',
        {
          name: `Sample ${i}`,
          levels: ['error'],
          devices: [sampled[i]._id],
          tiers: [{ after_minutes: 0, channels: [c._id] }],
          integrator: 'brand_a',
        },
        auth,
      );
      const t0 = Date.now();
      await call('/device-gateway/notify', { code: 22 }, sampled[i].headers);
      while (smtp.to(to).length === 0) await new Promise((r) => setTimeout(r, 20));
      latencies.push(smtp.to(to)[0].at - t0);
    }
    await db.updateTable('notify_policy').set({ enabled: false }).execute();

    // 2. the storm: every robot reports different error codes, spread evenly over the period
    const storm = 'storm@bench.example';
    const c = await call(
      '/notify_channel/add',
      { name: 'Storm', kind: 'email', target: storm, language: 'en', tz: 'UTC', integrator: 'brand_a' },
      auth,
    );
    await call(
      '/notify_policy/add',
      {
        name: 'Storm',
        levels: ['error', 'warning'],
        devices: robots.slice(0, ROBOTS).map((r) => r._id),
        tiers: [{ after_minutes: 0, channels: [c._id] }],
        integrator: 'brand_a',
      },
      auth,
    );
    const codes = Object.entries(NOTIFY_CODES)
      .filter(([code, v]) => (v.level === 'error' || v.level === 'warning') && Number(code) < 100000)
      .map(([code]) => Number(code));
    const perRobot = Math.ceil(ALARMS / ROBOTS);
    if (codes.length < perRobot) throw new Error(`only ${codes.length} alarm codes for ${perRobot} alarms a robot`);
    const started = Date.now();
    const gap = (SECONDS * 1000) / ALARMS;
    // at most IN_FLIGHT calls at once: on a loaded machine the robots wait for their answers, as real ones do
    const IN_FLIGHT = 16;
    const calls = new Set<Promise<unknown>>();
    for (let k = 0; k < ALARMS; k++) {
      const wait = started + k * gap - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (calls.size >= IN_FLIGHT) await Promise.race(calls);
      const p: Promise<unknown> = call(
        '/device-gateway/notify',
        { code: codes[Math.floor(k / ROBOTS)] },
        robots[k % ROBOTS].headers,
      ).finally(() => calls.delete(p));
      calls.add(p);
    }
    await Promise.all(calls);
    const opened = (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM alarm WHERE device = ANY(${robots.slice(0, ROBOTS).map((r) => r._id)}::text[])`.execute(
        db,
      )
    ).rows[0].n;
    // wait until every planned row is told (sent or merged into a sent digest), at most 3 minutes
    const deadline = Date.now() + 180_000;
    let told = 0;
    while (Date.now() < deadline) {
      told = (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM notification WHERE channel = ${c._id} AND kind = 'alarm' AND state IN ('sent', 'merged')`.execute(
          db,
        )
      ).rows[0].n;
      const pending = (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM notification WHERE channel = ${c._id} AND state = 'queued'`.execute(db)
      ).rows[0].n;
      if (told >= opened && pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const states = (
      await sql<{
        state: string;
        n: number;
      }>`SELECT state, count(*)::int AS n FROM notification WHERE channel = ${c._id} AND kind = 'alarm' GROUP BY state ORDER BY state`.execute(
        db,
      )
    ).rows.map((r) => `${r.state} ${r.n}`);
    const errors = (
      await sql<{ error: string; n: number }>`SELECT error, count(*)::int AS n FROM notification
                                              WHERE channel = ${c._id} AND error IS NOT NULL GROUP BY error`.execute(db)
    ).rows;
    for (const e of errors) console.error(`error ×${e.n}: ${e.error}`);
    const mails = smtp.to(storm);
    const named = new Set(mails.flatMap((m) => m.text.match(/\/alarm\/[^/\s]+\/show/g) ?? []));
    const rows = [
      ['alarm → SMTP accepted, p50 (ms)', pct(latencies, 50), ''],
      ['alarm → SMTP accepted, p95 (ms)', pct(latencies, 95), '≤ 5000'],
      [`alarms opened in ${SECONDS} s across ${ROBOTS} robots`, opened, `${ALARMS}`],
      ['alarms told (sent or in a digest)', told, `${opened}`],
      ['their rows by state', states.join(', '), ''],
      ['messages the channel received', mails.length, '≤ 12'],
      ['alarms named in them', named.size, `${opened}`],
      ['storm wall time to the last message (s)', Math.round(((mails.at(-1)?.at ?? Date.now()) - started) / 1000), ''],
    ];
    console.log('| measure | value | target |\n|---|---|---|');
    for (const [m, v, t] of rows) console.log(`| ${m} | ${v} | ${t} |`);
  } finally {
    await server.close();
    await smtp.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
