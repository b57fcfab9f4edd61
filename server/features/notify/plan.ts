// An alarm that opens is planned once: one notification row per matching policy, tier and channel, each due when its
// tier is (the alarm's first_seen + after_minutes). Every process hears the alarm open (server/events/bus.ts) and
// plans it; the unique index notification_once (migration 056) makes the second plan write nothing.
// Plans are made in batches by the scheduler's loop (./index.ts), a few statements for however many alarms opened
// since the last pass: a storm of alarms must not queue a query per alarm for the embedded database's one connection
// (each would wait its turn, and past DB_CONNECT_TIMEOUT_MS the plan would be lost).
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';
import type { Tier } from '../../../resources/notify_policy';

/** An alarm that reopens within this long of its predecessor's clearing is flapping: not announced again. */
export const FLAP_MINUTES = 10;

interface OpenedAlarm {
  _id: string;
  level: string;
  code: number;
  device: string | null;
  dealer: string | null;
  integrator: string;
  rule: string | null;
  first_seen: Date;
}

interface Policy {
  _id: string;
  integrator: string;
  /** null: a policy of events only (./events.ts) */
  levels: string[] | null;
  codes: number[] | null;
  dealers: string[] | null;
  devices: string[] | null;
  tiers: Tier[];
}

const narrowedTo = (list: string[] | null, value: string | null) =>
  !list?.length || (value !== null && list.includes(value));

function matches(p: Policy, a: OpenedAlarm): boolean {
  return (
    p.integrator === a.integrator &&
    (p.levels ?? []).includes(a.level) &&
    (!p.codes?.length || p.codes.includes(a.code)) &&
    narrowedTo(p.dealers, a.dealer) &&
    narrowedTo(p.devices, a.device)
  );
}

/** Plans these alarms' notifications; resolves with how many rows it wrote (0 when another process already had). */
export async function planAlarms(db: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const alarms = (
    await sql<OpenedAlarm>`SELECT _id, level, code, device, dealer, integrator, rule, first_seen FROM alarm
                            WHERE _id = ANY(${ids}::text[]) AND state <> 'cleared' AND integrator IS NOT NULL`.execute(
      db,
    )
  ).rows;
  if (alarms.length === 0) return 0;
  const brands = [...new Set(alarms.map((a) => a.integrator))];
  const policies = (
    await sql<Policy>`SELECT _id, integrator, levels, codes, dealers, devices, tiers FROM notify_policy
                       WHERE enabled AND integrator = ANY(${brands}::text[])`.execute(db)
  ).rows;
  // the common case costs this: no policy of the brand
  const wanted = alarms.map((a) => ({ a, ps: policies.filter((p) => matches(p, a)) })).filter((x) => x.ps.length > 0);
  if (wanted.length === 0) return 0;
  const devices = [...new Set(wanted.map((x) => x.a.device).filter((d): d is string => d !== null))];
  const earliest = new Date(Math.min(...wanted.map((x) => new Date(x.a.first_seen).getTime())));
  const cleared = (
    await sql<{ _id: string; device: string; code: number; rule: string | null; clear_time: Date }>`
      SELECT _id, device, code, rule, clear_time FROM alarm
       WHERE device = ANY(${devices}::text[]) AND state = 'cleared'
         AND clear_time > ${earliest}::timestamptz - make_interval(mins => ${FLAP_MINUTES})`.execute(db)
  ).rows;
  const flapping = (a: OpenedAlarm) =>
    cleared.some(
      (c) =>
        c._id !== a._id &&
        c.device === a.device &&
        c.code === a.code &&
        c.rule === a.rule &&
        new Date(c.clear_time).getTime() > new Date(a.first_seen).getTime() - FLAP_MINUTES * 60_000,
    );
  const named = [...new Set(wanted.flatMap((x) => x.ps.flatMap((p) => p.tiers.flatMap((t) => t.channels))))];
  const channels = new Set(
    (
      await db
        .selectFrom('notify_channel')
        .select('_id')
        .where('integrator', 'in', brands)
        .where('enabled', '=', true) // a disabled or paused channel is told nothing, not even a failure
        .where('_id', 'in', named)
        .execute()
    ).map((c) => c._id),
  );
  const rows = wanted
    .filter((x) => !flapping(x.a))
    .flatMap(({ a, ps }) =>
      ps.flatMap((p) =>
        p.tiers.flatMap((t, tier) =>
          t.channels
            .filter((c) => channels.has(c))
            .map((channel) => ({
              _id: newId(),
              alarm: a._id,
              policy: p._id,
              channel,
              tier,
              kind: 'alarm' as const,
              state: 'queued' as const,
              due_time: new Date(new Date(a.first_seen).getTime() + t.after_minutes * 60_000),
              integrator: a.integrator,
              dealer: null,
            })),
        ),
      ),
    );
  if (rows.length === 0) return 0;
  let written = 0;
  // in slices: one statement's parameters stay well under PostgreSQL's 65,535
  for (let i = 0; i < rows.length; i += 500) {
    const done = await db
      .insertInto('notification')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['alarm', 'policy', 'tier', 'channel']).where('kind', '=', 'alarm').doNothing())
      .returning('_id')
      .execute();
    written += done.length;
  }
  return written;
}
