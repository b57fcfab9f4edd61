// `npm run bench:campaign`: the campaigns' scheduler (server/features/campaigns/scheduler.ts) over a fleet of
// simulated robots on PostgreSQL (docs/campaigns.md "Measured"). The scheduler's clock is a parameter
// (`campaignTick(db, now)`), so the campaign's minutes run on a simulated clock, one simulated second a step, and a
// run of a quarter of an hour takes seconds of the scheduler's real work (every statement of every tick is real):
// - a tick every CAMPAIGN_TICK_SECONDS (5) simulated seconds, as each server process runs it;
// - each robot beats every BEAT seconds (10, its slot: its place in the target modulo BEAT): on the beat after its
//   command was queued it is handed over (`sent`), on the next it acknowledges (the install took a beat);
// - a bricked robot acknowledges "done" and never beats again: the offline sweep marks it offline OFFLINE seconds
//   (90, OFFLINE_AFTER_SECONDS) after its last beat — the abort's `offline_minutes` rule then counts it failed.
// The robots' side is direct SQL on the ledger rows (state, sent_time, done_time, the robot's online flag), as the
// gateway would leave them, with the simulated clock's times.
//
//   DATABASE_URL=postgres://… npm run bench:campaign      a database vf_bench_campaign beside the one named, made anew
//
// Two runs on 10,000 robots at 1,000 a minute, phases [1, 10, 100]:
//   rate:  no failures; a minute's wait between phases. Robots queued per minute (whole minutes of the last phase,
//          and the most in any 60 s), and each phase's first queueing against the previous one's last outcome + wait.
//   abort: 10 % of the robots bricked, abort at failed_percent 5 once min_outcomes 50, offline_minutes 10; a wait of
//          5 minutes between phases (longer than the offline sweep takes to notice a silent robot), then of 0. The
//          time from the threshold being crossed (the first simulated second at which the rule holds on what the
//          database shows) to the abort, and the share of the target handed the command.
// Options (environment): BENCH_CAMPAIGN_ROBOTS (10000). Not part of `npm test`. Results also in .tmp/bench-campaign.json.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { campaignTick } from '../server/features/campaigns/scheduler';

const URL_ = process.env.DATABASE_URL;
if (!URL_) {
  console.error('npm run bench:campaign needs DATABASE_URL (PostgreSQL): it creates vf_bench_campaign beside it.');
  process.exit(2);
}
const ROBOTS = Number(process.env.BENCH_CAMPAIGN_ROBOTS ?? 10_000);
if (!Number.isInteger(ROBOTS) || ROBOTS < 1000) throw new Error('BENCH_CAMPAIGN_ROBOTS: at least 1000');
const RATE = 1000;
const PHASES = [1, 10, 100];
const TICK = 5;
const BEAT = 10;
const OFFLINE = 90;
const T0 = new Date('2030-01-07T09:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

async function benchDatabase() {
  const u = new URL(URL_!);
  u.pathname = '/vf_bench_campaign';
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS vf_bench_campaign WITH (FORCE)');
  await admin.query('CREATE DATABASE vf_bench_campaign');
  await admin.end();
  const d = await openDatabase({ url: u.toString(), poolSize: 4 });
  await migrate(d.db);
  await seedDemo(d.db);
  // the robots, set-based (as scripts/bench-fleet.ts seeds them): brand A's two stores, all online
  await sql`
    INSERT INTO device (_id, device_id, name, sn, type, category, integrator, dealer, key_hash, state, online, last_heartbeat)
    SELECT 'camp-' || i, 'CAMP-' || lpad(i::text, 6, '0'), 'Camp ' || i, 'SN-CAMP-' || i, 'coffee', 'bench', 'brand_a',
           CASE WHEN i % 2 = 0 THEN 'store_a1' ELSE 'store_a2' END, encode(sha256(convert_to('camp-key-' || i, 'UTF8')), 'hex'),
           'idle', true, ${T0.toISOString()}::timestamptz
      FROM generate_series(0, ${ROBOTS - 1}::int) AS i`.execute(d.db);
  await sql`ANALYZE`.execute(d.db);
  return d;
}

/** A running campaign over every bench robot, its target resolved as its start resolves it (in order). */
async function startCampaign(db: DB, name: string, phaseWait: number, abort: object): Promise<string> {
  const id = `bench-${name}`;
  await sql`UPDATE device SET online = true, last_heartbeat = ${T0.toISOString()}::timestamptz WHERE category = 'bench'`.execute(
    db,
  );
  await sql`
    INSERT INTO campaign (_id, name, command, params, target, rate_per_minute, phases, phase_wait_minutes, abort,
                          state, phase, created_by, start_time, integrator)
    VALUES (${id}, ${name}, 'clean', '{}'::jsonb, '{"filter":{"category":"bench"}}'::jsonb, ${RATE}, ${JSON.stringify(PHASES)}::jsonb,
            ${phaseWait}, ${JSON.stringify(abort)}::jsonb, 'running', 0, 'admin', ${T0.toISOString()}::timestamptz, 'brand_a')`.execute(
    db,
  );
  await sql`
    INSERT INTO campaign_target (campaign, seq, device)
    SELECT ${id}, row_number() OVER (ORDER BY _id) - 1, _id FROM device WHERE category = 'bench'`.execute(db);
  return id;
}

/** One simulated second of the robots of slot `s % BEAT`: hand over what is queued, acknowledge what was handed
 * over a beat ago; a bricked robot (every tenth, when `bricked`) goes silent after its acknowledgement. */
async function robotsBeat(db: DB, id: string, s: number, bricked: boolean) {
  const now = at(s).toISOString();
  const slot = sql`t.campaign = ${id} AND t.seq % ${BEAT} = ${s % BEAT} AND t.command = c._id`;
  const acked = await sql<{ device: string; seq: number }>`
    UPDATE command c SET state = 'acknowledged', done_time = ${now}::timestamptz, version = c.version + 1
      FROM campaign_target t
     WHERE c.campaign = ${id} AND c.state = 'sent' AND c.sent_time <= ${at(s - BEAT).toISOString()}::timestamptz AND ${slot}
    RETURNING c.device, t.seq`.execute(db);
  await sql`
    UPDATE command c SET state = 'sent', sent_time = ${now}::timestamptz, attempts = c.attempts + 1, version = c.version + 1
      FROM campaign_target t
     WHERE c.campaign = ${id} AND c.state = 'queued' AND ${slot}`.execute(db);
  // the robots beat (the bricked ones stop at their acknowledgement)
  await sql`
    UPDATE device d SET last_heartbeat = ${now}::timestamptz
      FROM campaign_target t
     WHERE t.campaign = ${id} AND t.seq % ${BEAT} = ${s % BEAT} AND d._id = t.device AND d.online
       AND NOT (${bricked} AND t.seq % 10 = 3 AND t.command IS NOT NULL
                AND EXISTS (SELECT 1 FROM command c WHERE c._id = t.command AND c.state = 'acknowledged' AND c.done_time < ${now}::timestamptz))`.execute(
    db,
  );
  // the offline sweep: silent for OFFLINE seconds
  await sql`
    UPDATE device SET online = false
     WHERE category = 'bench' AND online AND last_heartbeat < ${at(s - OFFLINE).toISOString()}::timestamptz`.execute(
    db,
  );
  return acked.rows.length;
}

interface Campaign {
  state: string;
  end_time: Date | null;
  phase: number;
}
const campaignOf = async (db: DB, id: string) =>
  (await sql<Campaign>`SELECT state, end_time, phase FROM campaign WHERE _id = ${id}`.execute(db)).rows[0];

/** Would the abort rule hold now, by what the database shows (the judge's own statement's figures)? */
async function ruleHolds(db: DB, id: string, s: number, abort: { failed_percent: number; min_outcomes: number }) {
  const r = await sql<{ outcomes: number; failures: number }>`
    SELECT count(*) FILTER (WHERE c.state IN ('acknowledged', 'failed', 'expired'))::int AS outcomes,
           (count(*) FILTER (WHERE c.state IN ('failed', 'expired'))
            + count(*) FILTER (WHERE c.state = 'acknowledged' AND NOT d.online AND d.last_heartbeat < c.done_time + interval '10 minutes'))::int AS failures
      FROM command c JOIN device d ON d._id = c.device
     WHERE c.campaign = ${id} AND c.done_time <= ${at(s).toISOString()}::timestamptz`.execute(db);
  const { outcomes, failures } = r.rows[0];
  return outcomes >= abort.min_outcomes && failures * 100 >= abort.failed_percent * outcomes;
}

async function run(
  db: DB,
  id: string,
  until: number,
  bricked: boolean,
  abort?: { failed_percent: number; min_outcomes: number },
) {
  let crossed: number | null = null;
  let tickMs = 0;
  let ticks = 0;
  const started = Date.now();
  for (let s = 0; s <= until; s++) {
    if (s % TICK === 0) {
      const t = performance.now();
      await campaignTick(db, at(s));
      tickMs += performance.now() - t;
      ticks += 1;
      const c = await campaignOf(db, id);
      if (c.state !== 'running')
        return { ended: s, state: c.state, crossed, tickMs, ticks, wall: Date.now() - started };
    }
    await robotsBeat(db, id, s, bricked);
    if (abort && crossed === null && (await ruleHolds(db, id, s, abort))) crossed = s;
  }
  return { ended: null, state: 'running', crossed, tickMs, ticks, wall: Date.now() - started };
}

async function rateRun(db: DB) {
  const wait = 1;
  const id = await startCampaign(db, 'rate', wait, { failed_percent: 50, min_outcomes: 1000 });
  const total = ROBOTS;
  const r = await run(db, id, 20 * 60, false);
  const rows = (
    await sql<{ seq: number; queued_at: Date; done_time: Date | null }>`
      SELECT t.seq, t.queued_at, c.done_time FROM campaign_target t LEFT JOIN command c ON c._id = t.command
       WHERE t.campaign = ${id} ORDER BY t.seq`.execute(db)
  ).rows;
  const sec = (d: Date | null) => (d ? (new Date(d).getTime() - T0.getTime()) / 1000 : NaN);
  const queued = rows.map((x) => sec(x.queued_at));
  // the most queued within any 60 s (windows starting at each tick that queued)
  const times = [...new Set(queued)].sort((a, b) => a - b);
  const maxWindow = Math.max(...times.map((t0) => queued.filter((q) => q >= t0 && q < t0 + 60).length));
  // whole minutes of the last phase, from its first queueing
  const ends = PHASES.map((p) => Math.ceil((total * p) / 100));
  const last = queued.slice(ends[1]);
  const lastStart = Math.min(...last);
  const lastEnd = Math.max(...last);
  const minutes: number[] = [];
  for (let m = lastStart; m + 60 <= lastEnd; m += 60) minutes.push(last.filter((q) => q >= m && q < m + 60).length);
  const phases = PHASES.map((p, i) => {
    const from = i ? ends[i - 1] : 0;
    const first = Math.min(...queued.slice(from, ends[i]));
    const prevDone = i ? Math.max(...rows.slice(0, ends[i - 1]).map((x) => sec(x.done_time))) : null;
    return {
      phase: p,
      robots: ends[i] - from,
      first_queued_s: first,
      previous_last_outcome_s: prevDone,
      opens_no_earlier_than_s: prevDone === null ? 0 : prevDone + wait * 60,
      early: prevDone !== null && first < prevDone + wait * 60,
    };
  });
  return {
    state: r.state,
    ended_s: r.ended,
    queued: queued.filter((q) => !Number.isNaN(q)).length,
    per_minute_last_phase: minutes,
    per_minute_min: Math.min(...minutes),
    per_minute_max: Math.max(...minutes),
    within_5_percent: minutes.every((m) => Math.abs(m - RATE) <= RATE * 0.05) && maxWindow <= RATE,
    max_in_any_60s: maxWindow,
    phases,
    ticks: r.ticks,
    tick_ms_mean: Math.round((r.tickMs / r.ticks) * 10) / 10,
    wall_s: Math.round(r.wall / 100) / 10,
  };
}

async function abortRun(db: DB, wait: number) {
  const abort = { failed_percent: 5, min_outcomes: 50, offline_minutes: 10 };
  const id = await startCampaign(db, `abort-wait-${wait}`, wait, abort);
  const r = await run(db, id, 20 * 60, true, abort);
  const handed = (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM command WHERE campaign = ${id} AND sent_time IS NOT NULL`.execute(db)
  ).rows[0].n;
  const c = await campaignOf(db, id);
  const reason = (await sql<{ r: string }>`SELECT abort_reason AS r FROM campaign WHERE _id = ${id}`.execute(db))
    .rows[0].r;
  return {
    phase_wait_minutes: wait,
    state: c.state,
    abort_reason: reason,
    crossed_s: r.crossed,
    aborted_s: r.ended,
    abort_after_crossing_s: r.crossed !== null && r.ended !== null ? r.ended - r.crossed : null,
    within_one_beat: r.crossed !== null && r.ended !== null && r.ended - r.crossed <= BEAT,
    handed_over: handed,
    handed_share_percent: Math.round((handed * 10000) / ROBOTS) / 100,
    under_2_percent: handed < ROBOTS * 0.02,
    wall_s: Math.round(r.wall / 100) / 10,
  };
}

const d = await benchDatabase();
try {
  const t = Date.now();
  const rate = await rateRun(d.db);
  console.log('rate', JSON.stringify(rate, null, 1));
  const aborts = [];
  for (const wait of [5, 0]) {
    const a = await abortRun(d.db, wait);
    console.log('abort', JSON.stringify(a, null, 1));
    aborts.push(a);
  }
  const out = { date: new Date().toISOString(), robots: ROBOTS, rate_per_minute: RATE, phases: PHASES, rate, aborts };
  fs.mkdirSync(path.join(import.meta.dirname, '..', '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, '..', '.tmp', 'bench-campaign.json'), JSON.stringify(out, null, 2));
  console.log(`done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
} finally {
  await d.close();
}
