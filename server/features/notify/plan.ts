// An alarm that opens is planned once: one notification row per matching policy, tier and channel, each due when its
// tier is (the alarm's first_seen + after_minutes). Every process hears the alarm open (server/events/bus.ts) and
// plans it; the unique index notification_once (migration 056) makes the second plan write nothing.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';
import type { Tier } from '../../../resources/notify_policy';

/** An alarm that reopens within this long of its predecessor's clearing is flapping: not announced again. */
export const FLAP_MINUTES = 10;

interface OpenedAlarm {
  _id: string;
  state: string;
  level: string;
  code: number;
  device: string | null;
  dealer: string | null;
  integrator: string | null;
  rule: string | null;
  first_seen: Date;
}

/** Plans an alarm's notifications; resolves with how many rows it wrote (0 when another process already had). */
export async function planAlarm(db: DB, alarmId: string): Promise<number> {
  const a = (
    await sql<OpenedAlarm>`SELECT _id, state, level, code, device, dealer, integrator, rule, first_seen
                             FROM alarm WHERE _id = ${alarmId}`.execute(db)
  ).rows[0];
  if (!a || a.state === 'cleared' || !a.integrator) return 0;
  const policies = (
    await sql<{ _id: string; tiers: Tier[] }>`
      SELECT _id, tiers FROM notify_policy
       WHERE integrator = ${a.integrator} AND enabled AND ${a.level} = ANY(levels)
         AND (codes IS NULL OR codes @> ${JSON.stringify([a.code])}::jsonb)
         AND (dealers IS NULL OR cardinality(dealers) = 0 OR ${a.dealer}::text = ANY(dealers))
         AND (devices IS NULL OR cardinality(devices) = 0 OR ${a.device}::text = ANY(devices))`.execute(db)
  ).rows;
  // the common case costs this one query: no policy of the brand wants it
  if (policies.length === 0) return 0;
  const flapping = await sql`
    SELECT 1 FROM alarm
     WHERE device = ${a.device} AND code = ${a.code} AND rule IS NOT DISTINCT FROM ${a.rule} AND _id <> ${a._id}
       AND state = 'cleared' AND clear_time > ${a.first_seen}::timestamptz - make_interval(mins => ${FLAP_MINUTES})
     LIMIT 1`.execute(db);
  if (flapping.rows.length) return 0;
  const named = [...new Set(policies.flatMap((p) => p.tiers.flatMap((t) => t.channels)))];
  const channels = new Set(
    (
      await db
        .selectFrom('notify_channel')
        .select('_id')
        .where('integrator', '=', a.integrator)
        .where('enabled', '=', true) // a disabled or paused channel is told nothing, not even a failure
        .where('_id', 'in', named)
        .execute()
    ).map((c) => c._id),
  );
  const first = new Date(a.first_seen).getTime();
  const rows = policies.flatMap((p) =>
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
          due_time: new Date(first + t.after_minutes * 60_000),
          integrator: a.integrator!,
          dealer: null,
        })),
    ),
  );
  if (rows.length === 0) return 0;
  const written = await db
    .insertInto('notification')
    .values(rows)
    .onConflict((oc) => oc.columns(['alarm', 'policy', 'tier', 'channel']).where('kind', '=', 'alarm').doNothing())
    .returning('_id')
    .execute();
  return written.length;
}
