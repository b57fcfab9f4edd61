// The scheduler: turns notification rows that have come due into messages on the delivery queue (./deliver.ts).
// One pass at a time in the whole cluster (a transaction-scoped advisory lock; a process that does not get it skips
// its turn), so each row is handed on once, and a channel's burst window is counted by one writer:
// - an alarm's rows and policy events' (./events.ts, their message written when planned) go the same way;
// - escalations (tier > 0) of an alarm that is no longer active are dropped: acknowledging or clearing it stops them;
// - a warning due while its channel is in its policy's quiet hours is held until they end, then goes in one digest
//   with the others held there; errors are never held;
// - a channel takes at most BURST messages a minute: when what is due would pass that, it goes as one digest in the
//   minute's next free place (what had to wait for one goes as a digest too), and while the storm lasts at most one
//   digest a minute follows.
// Rows are moved by time in the database (`due_time <= now()`), so tests move a row's clock back, never sleep.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { newId } from '../../log';
import type { Lang } from '../../../resources/accounts';
import type { NotifyKind } from '../../../resources/notify_channel';
import { alarmMessage, digestMessage, type AlarmFacts, type Message, type Reader } from './message';
import { quietUntil } from './quiet';
import { EVENT_LEVEL } from './events';
import type { PolicyEvent } from '../../../resources/notify_policy';

/** Messages one channel may take within a minute; more become one digest. */
export const BURST = 5;
/** The advisory lock of a scheduling pass (an arbitrary number, the migration's). */
const PASS_LOCK = 56_0001;
/** At most this many due rows a pass (the rest wait for the next pass, a second later). */
const PASS_ROWS = 2000;
/** A row due for longer than this was held back by its channel's full minute (a pass comes every second). */
const WAITED_SECONDS = 10;

interface DueRow extends AlarmFacts {
  row: string;
  tier: number;
  state: 'queued' | 'held';
  channel: string;
  integrator: string;
  channel_kind: NotifyKind;
  language: Lang;
  tz: string;
  channel_enabled: boolean;
  quiet: { from: string; to: string } | null;
  after_minutes: number | null;
  /** due for longer than WAITED: held back by a full minute, so part of a burst */
  waited: boolean;
  /** a policy event's row (./events.ts): its message was written when it was planned; the alarm's facts are null */
  row_kind: 'alarm' | 'event';
  event: PolicyEvent | null;
  event_text: string | null;
  event_html: string | null;
}

/** The level quiet hours judge a row by: its alarm's, or its event's. */
const levelOf = (r: DueRow) => (r.row_kind === 'event' && r.event ? EVENT_LEVEL[r.event] : r.level);

/** A row's own message: an event's as planned, an alarm's written now. */
const ownMessage = (r: DueRow, reader: Reader): Message =>
  r.row_kind === 'event'
    ? { subject: r.event_subject ?? '', text: r.event_text ?? '', html: r.event_html ?? '' }
    : alarmMessage(r, reader, r.tier, r.after_minutes ?? 0);

export type Enqueue = (trx: DB, notification: string) => Promise<void>;

async function handOn(trx: DB, rows: DueRow[], m: Message, enqueue: Enqueue) {
  const r = rows[0];
  if (rows.length === 1) {
    await sql`UPDATE notification SET subject = ${m.subject}, text = ${m.text}, html = ${m.html},
                     state = 'queued', enqueued_time = now()
               WHERE _id = ${r.row}`.execute(trx);
    return enqueue(trx, r.row);
  }
  const digest = newId();
  await trx
    .insertInto('notification')
    .values({
      _id: digest,
      channel: r.channel,
      kind: 'digest',
      state: 'queued',
      subject: m.subject,
      text: m.text,
      html: m.html,
      enqueued_time: sql<Date>`now()`,
      integrator: r.integrator,
      dealer: null,
    })
    .execute();
  await sql`UPDATE notification SET state = 'merged', digest = ${digest}, enqueued_time = now()
             WHERE _id = ANY(${rows.map((x) => x.row)}::text[])`.execute(trx);
  await enqueue(trx, digest);
}

/** One scheduling pass; resolves with how many rows it handed on (or held). */
export async function schedulePass(db: DB, enqueue: Enqueue, now = new Date()): Promise<number> {
  // the common case, every second in every process: nothing is due — one indexed statement, no transaction (the
  // embedded database has one connection, which every request waits for)
  const due = await sql`SELECT 1 FROM notification
                         WHERE enqueued_time IS NULL AND state IN ('queued', 'held') AND due_time <= now() LIMIT 1`.execute(
    db,
  );
  if (due.rows.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${PASS_LOCK}) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return 0;
    await sql`DELETE FROM notification n USING alarm a
               WHERE n.alarm = a._id AND n.kind = 'alarm' AND n.tier > 0 AND n.state = 'queued'
                 AND n.enqueued_time IS NULL AND a.state <> 'active'`.execute(trx);
    // each channel's messages within the last minute; a full channel's rows are not even read (in a storm they pile
    // up by the thousand, and a pass runs every second)
    const window = (
      await sql<{ channel: string; n: number; digests: number }>`
        SELECT channel, count(*)::int AS n, (count(*) FILTER (WHERE kind = 'digest'))::int AS digests
          FROM notification
         WHERE enqueued_time > now() - interval '1 minute' AND state <> 'merged' AND kind <> 'test'
         GROUP BY channel`.execute(trx)
    ).rows;
    const recent = new Map(window.map((r) => [r.channel, r.n]));
    // full: its minute's places taken, or a digest within it (a storm then goes one digest a minute)
    const full = window.filter((r) => r.n >= BURST || r.digests > 0).map((r) => r.channel);
    const due = (
      await sql<DueRow>`
        SELECT n._id AS row, n.tier, n.state, n.channel, n.integrator,
               c.kind AS channel_kind, c.language, c.tz, c.enabled AS channel_enabled,
               p.quiet, (p.tiers -> n.tier ->> 'after_minutes')::int AS after_minutes,
               n.due_time < now() - make_interval(secs => ${WAITED_SECONDS}) AS waited,
               n.kind AS row_kind, n.event, n.subject AS event_subject, n.text AS event_text, n.html AS event_html,
               a._id, a.level, a.code, a.detail, a.first_seen,
               d.name AS robot, s.name AS store, i.name AS brand
          FROM notification n
          JOIN notify_channel c ON c._id = n.channel
          LEFT JOIN alarm a ON a._id = n.alarm
          JOIN integrator i ON i._id = n.integrator
          LEFT JOIN notify_policy p ON p._id = n.policy
          LEFT JOIN device d ON d._id = a.device
          LEFT JOIN dealer s ON s._id = a.dealer
         WHERE n.enqueued_time IS NULL AND n.state IN ('queued', 'held') AND n.due_time <= now()
           AND ((n.kind = 'alarm' AND a._id IS NOT NULL) OR n.kind = 'event')
           AND n.channel <> ALL(${full}::text[])
         ORDER BY n.due_time
         LIMIT ${PASS_ROWS}`.execute(trx)
    ).rows;
    if (due.length === 0) return 0;
    let handled = 0;
    const byChannel = new Map<string, DueRow[]>();
    for (const r of due) {
      if (!r.channel_enabled) {
        // a disabled or paused channel: logged as not sent, nothing waits for it
        await sql`UPDATE notification SET state = 'failed', error = 'channel disabled', enqueued_time = now()
                   WHERE _id = ${r.row}`.execute(trx);
        handled++;
        continue;
      }
      const until = r.state === 'queued' && levelOf(r) === 'warning' ? quietUntil(r.quiet, r.tz, now) : null;
      if (until) {
        await sql`UPDATE notification SET state = 'held', due_time = ${until} WHERE _id = ${r.row}`.execute(trx);
        handled++;
        continue;
      }
      byChannel.set(r.channel, [...(byChannel.get(r.channel) ?? []), r]);
    }
    if (byChannel.size === 0) return handled;
    for (const [channel, rows] of byChannel) {
      const reader: Reader = { language: rows[0].language, tz: rows[0].tz };
      const sent = recent.get(channel) ?? 0;
      const free = BURST - sent;
      const together = rows.some((r) => r.state === 'held' || r.waited);
      if (!together && sent + rows.length <= BURST) {
        for (const r of rows) await handOn(trx, [r], ownMessage(r, reader), enqueue);
      } else if (rows.length === 1 && rows[0].row_kind === 'event') {
        // one event held through quiet hours, or waiting for a free place: its own message
        await handOn(trx, rows, ownMessage(rows[0], reader), enqueue);
      } else if (free > 0 || rows.some((r) => r.state === 'held')) {
        await handOn(trx, rows, digestMessage(rows, reader, rows[0].brand ?? ''), enqueue);
      } else continue; // the channel's minute is full: they wait for its next free place, then go together
      handled += rows.length;
    }
    return handled;
  });
}
