// The campaigns' scheduler (docs/campaigns.md): every tick, each running campaign is judged and moved on (a
// paused one is judged only) —
// - aborted when its failures reach `failed_percent` of its outcomes once `min_outcomes` exist (a robot that
//   acknowledged and then went offline within `offline_minutes`, or opened an error alarm within `alarm_minutes`,
//   counts as failed);
// - its next phase opened once every robot of the current one has an outcome and `phase_wait_minutes` have passed;
// - robots of the open phases queued through the command ledger, never more than `rate_per_minute` in any minute,
//   and only while the robot's store is inside the window in its own time zone;
// - completed when the last phase has all its outcomes.
// One tick at a time in the whole cluster: a transaction-scoped advisory lock; a process that does not get it skips
// its turn, so two processes never queue the same robot twice. Time is the tick's `now` (tests move it; the ledger's
// own times stay the database's), so the rate, the window and the waits are measured without sleeping.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { writeLog } from '../../log';
import { publish } from '../../events/bus';
import { publishInTransaction } from '../../events/domain';
import { emitWebhook } from '../webhooks/queue';
import { cancelQueued, queueFor, queued, systemActor, type Target } from '../commands/ledger';
import { DEFAULT_EXPIRES_IN } from '../../../resources/command';
import { OFFLINE_CODE } from '../../../resources/alarm_codes';
import { campaignEvent, countsOf, type CampaignRow } from './campaign';

/** The advisory lock of a tick (an arbitrary number, the migration's). */
const TICK_LOCK = 59_0001;
/** At most this many robots queued by one campaign in one tick (the rate caps it anyway: 1,000 a minute). */
const TICK_ROBOTS = 1000;
const actor = systemActor('campaign');

/** The zone a store without one keeps its hours in: the server's. */
const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Outcomes and failures of a campaign so far, by its abort rules. */
async function judge(trx: DB, c: CampaignRow) {
  const off = c.abort.offline_minutes ?? null;
  const alarm = c.abort.alarm_minutes ?? null;
  const r = await sql<{ outcomes: number; failed: number; unhealthy: number }>`
    SELECT count(*) FILTER (WHERE cm.state IN ('acknowledged', 'failed', 'expired'))::int AS outcomes,
           count(*) FILTER (WHERE cm.state IN ('failed', 'expired'))::int AS failed,
           count(*) FILTER (WHERE cm.state = 'acknowledged' AND (
             (${off}::int IS NOT NULL AND NOT d.online AND d.last_heartbeat < cm.done_time + make_interval(mins => ${off}::int))
             OR (${alarm}::int IS NOT NULL AND EXISTS (
               SELECT 1 FROM alarm a WHERE a.device = cm.device AND a.level = 'error' AND a.code <> ${OFFLINE_CODE}
                  AND a.first_seen >= cm.done_time AND a.first_seen <= cm.done_time + make_interval(mins => ${alarm}::int)))))::int AS unhealthy
      FROM command cm LEFT JOIN device d ON d._id = cm.device
     WHERE cm.campaign = ${c._id}`.execute(trx);
  const { outcomes, failed, unhealthy } = r.rows[0];
  return { outcomes, failures: failed + unhealthy };
}

/** Stops a campaign by its abort rule: what is still queued is cancelled, the robots not yet reached get nothing;
 * logged, sent to the brand's webhooks (`campaign_aborted`) and live. */
async function abort(trx: DB, c: CampaignRow, failures: number, outcomes: number, now: Date) {
  const percent = Math.round((failures * 1000) / outcomes) / 10;
  const reason = `failed_percent: ${failures}/${outcomes} = ${percent} % >= ${c.abort.failed_percent} %`;
  const cancelled = await cancelQueued(trx, actor, c._id);
  const saved = (await trx
    .updateTable('campaign')
    .set({ state: 'aborted', abort_reason: reason, end_time: now, version: sql`version + 1` })
    .where('_id', '=', c._id)
    .returningAll()
    .executeTakeFirstOrThrow()) as unknown as CampaignRow;
  await writeLog(trx, actor, {
    action: 'abort',
    resource: 'campaign',
    record: c._id,
    integrator: c.integrator,
    dealer: c.dealer,
    before: { state: c.state },
    after: { state: saved.state, abort_reason: reason },
  });
  const counts = (await countsOf(trx, [c._id])).get(c._id);
  await emitWebhook(trx, {
    type: 'campaign_aborted',
    integrator: c.integrator,
    data: {
      _id: c._id,
      name: c.name,
      command: c.command,
      dealer: c.dealer,
      abort_reason: reason,
      failures,
      outcomes,
      cancelled,
      counts,
    },
  });
  // a policy event too: the brand's notification policies that select it (docs/notifications.md "Policy events")
  await publishInTransaction(trx, 'campaign.aborted', {
    campaign: c._id,
    name: c.name,
    integrator: c.integrator,
    dealer: c.dealer,
    reason,
    failures,
    outcomes,
    cancelled,
  });
  await publish(campaignEvent(saved), trx);
}

/** The robots of the open phases still waiting whose store is inside the window now, in order, at most `n`. */
async function reachable(trx: DB, c: CampaignRow, end: number, n: number, now: Date) {
  const w = c.window;
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE coalesce(s.tz, ${serverZone()}))::time`;
  const inWindow = !w
    ? sql`true`
    : w.from < w.to
      ? sql`(${local} >= ${w.from}::time AND ${local} < ${w.to}::time)`
      : sql`(${local} >= ${w.from}::time OR ${local} < ${w.to}::time)`;
  const r = await sql<{ seq: number; device: string; integrator: string | null; dealer: string | null }>`
    SELECT t.seq, t.device, d.integrator, d.dealer
      FROM campaign_target t
      LEFT JOIN device d ON d._id = t.device
      LEFT JOIN dealer s ON s._id = d.dealer
     WHERE t.campaign = ${c._id} AND t.command IS NULL AND NOT t.skipped AND t.seq < ${end}
       AND (d._id IS NULL OR ${inWindow})
     ORDER BY t.seq LIMIT ${n}`.execute(trx);
  return r.rows;
}

/** One campaign's step; answers the robots it queued commands for. */
async function step(trx: DB, c: CampaignRow, now: Date): Promise<string[]> {
  const { outcomes, failures } = await judge(trx, c);
  if (outcomes >= c.abort.min_outcomes && failures * 100 >= c.abort.failed_percent * outcomes) {
    await abort(trx, c, failures, outcomes, now);
    return [];
  }
  // paused: its robots' outcomes are still judged (above), nothing more is queued
  if (c.state === 'paused') return [];
  const phases = c.phases?.length ? c.phases : [100];
  const total = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM campaign_target WHERE campaign = ${c._id}`.execute(trx))
      .rows[0].n,
  );
  const endOf = (p: number) => Math.ceil((total * phases[Math.min(p, phases.length - 1)]) / 100);
  let phase = c.phase;
  let doneTime = c.phase_done_time ? new Date(c.phase_done_time) : null;
  // every robot of the phase has its outcome (or was skipped): the next phase opens after the wait
  const open = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM campaign_target t LEFT JOIN command cm ON cm._id = t.command
     WHERE t.campaign = ${c._id} AND t.seq < ${endOf(phase)} AND NOT t.skipped
       AND (t.command IS NULL OR cm.state IN ('queued', 'sent'))`.execute(trx);
  let changed = false;
  if (open.rows[0].n === 0) {
    doneTime ??= now;
    // the last outcomes are watched for as long as the abort rules look after an acknowledgement before the
    // campaign counts as completed: a robot that goes offline within offline_minutes still aborts it
    const watch = Math.max(c.abort.offline_minutes ?? 0, c.abort.alarm_minutes ?? 0);
    if (phase >= phases.length - 1 && now.getTime() >= doneTime.getTime() + watch * 60_000) {
      const saved = (await trx
        .updateTable('campaign')
        .set({ state: 'completed', end_time: now, version: sql`version + 1` })
        .where('_id', '=', c._id)
        .returningAll()
        .executeTakeFirstOrThrow()) as unknown as CampaignRow;
      await publish(campaignEvent(saved), trx);
      return [];
    }
    if (phase < phases.length - 1 && now.getTime() >= doneTime.getTime() + c.phase_wait_minutes * 60_000) {
      phase += 1;
      doneTime = null;
    }
    changed = phase !== c.phase || (c.phase_done_time === null) !== (doneTime === null);
  }
  // never more than the rate in any minute: what was queued within the last one counts against it
  const recent = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM campaign_target
     WHERE campaign = ${c._id} AND queued_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`.execute(
    trx,
  );
  const room = Math.min(TICK_ROBOTS, c.rate_per_minute - recent.rows[0].n);
  const devices: string[] = [];
  if (room > 0) {
    const next = await reachable(trx, c, endOf(phase), room, now);
    // a robot deleted since, or moved out of the campaign's brand or store, is skipped
    const gone = next.filter((r) => r.integrator !== c.integrator || (c.dealer && r.dealer !== c.dealer));
    if (gone.length)
      await sql`UPDATE campaign_target SET skipped = true
                 WHERE campaign = ${c._id} AND seq = ANY(${gone.map((r) => r.seq)}::int[])`.execute(trx);
    const targets: Target[] = next
      .filter((r) => !gone.includes(r))
      .map((r) => ({ _id: r.device, integrator: r.integrator!, dealer: r.dealer }));
    if (targets.length) {
      const ids = await queueFor(trx, actor, targets, {
        command: c.command,
        params: c.params ?? {},
        expiresIn: DEFAULT_EXPIRES_IN,
        createdBy: c.created_by,
        reason: `campaign:${c._id}`,
        campaign: c._id,
      });
      await sql`
        UPDATE campaign_target t SET command = v.command, queued_at = ${now.toISOString()}::timestamptz
          FROM unnest(${[...ids.keys()]}::text[], ${[...ids.values()]}::text[]) AS v(device, command)
         WHERE t.campaign = ${c._id} AND t.device = v.device`.execute(trx);
      devices.push(...ids.keys());
    }
    changed ||= next.length > 0;
  }
  if (phase !== c.phase || changed) {
    const saved = (await trx
      .updateTable('campaign')
      .set({ phase, phase_done_time: doneTime })
      .where('_id', '=', c._id)
      .returningAll()
      .executeTakeFirstOrThrow()) as unknown as CampaignRow;
    await publish(campaignEvent(saved), trx);
  }
  return devices;
}

/**
 * One tick over every running (and paused) campaign. Answers false when another process holds the tick (it skips its turn).
 * `now` is the scheduler's clock: the rate, the window and the waits between phases are judged by it.
 */
export async function campaignTick(db: DB, now = new Date()): Promise<boolean> {
  // the common case, every few seconds in every process: nothing runs — one statement on a small table, no transaction
  const any = await sql`SELECT 1 FROM campaign WHERE state IN ('running', 'paused') LIMIT 1`.execute(db);
  if (!any.rows.length) return true;
  const devices: string[] = [];
  const ran = await db.transaction().execute(async (trx) => {
    const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${TICK_LOCK}) AS ok`.execute(trx);
    if (!got.rows[0]?.ok) return false;
    const running = (await trx
      .selectFrom('campaign')
      .selectAll()
      .where('state', 'in', ['running', 'paused'])
      .orderBy('_id')
      .forUpdate()
      .execute()) as unknown as CampaignRow[];
    for (const c of running) devices.push(...(await step(trx, c, now)));
    return true;
  });
  // committed: this process hands them over on the robots' next beats (the others hear `command.changed`)
  queued(devices);
  return ran;
}
