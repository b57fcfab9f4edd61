// Delivery: one pg-boss job per message (a notification row the scheduler handed on, a digest, a test), on the fair
// queue the webhooks use (server/features/webhooks/fairQueue.ts): retried with back-off (NOTIFY_RETRY_*), each
// attempt under one deadline (NOTIFY_TIMEOUT_MS), fair between brands. Every attempt is counted on its row; the
// last failed one leaves it `failed`. A channel failing NOTIFY_PAUSE_AFTER attempts in a row is paused: disabled,
// with why and since when on the channel its brand sees (and an operation-log entry), until the brand resumes it.
import { sql } from 'kysely';
import type { JobWithMetadata, SendOptions } from 'pg-boss';
import type { DB, Database } from '../../db';
import { writeLog } from '../../log';
import { setting } from '../../config';
import { enqueueJob, startFairQueue, type FairJob } from '../webhooks/fairQueue';
import { botRequest, sendToBot } from './platforms';
import { hasSmtp, sendMail } from './mail';
import type { NotifyKind } from '../../../resources/notify_channel';

export const QUEUE = 'notify-delivery';

interface NotifyJob extends FairJob {
  notification: string;
}

function retryOptions(): SendOptions {
  return {
    retryLimit: setting('NOTIFY_RETRY_LIMIT'),
    retryDelay: setting('NOTIFY_RETRY_DELAY_SECONDS'),
    retryBackoff: true,
    // an attempt past its deadline is the worker's failure, not the receiver's: pg-boss expires and retries it
    expireInSeconds: Math.ceil(setting('NOTIFY_TIMEOUT_MS') / 1000) + 60,
  };
}

/** Puts one message on the queue, in the caller's transaction. */
export const enqueueNotification = (trx: DB, notification: string) =>
  enqueueJob(trx, QUEUE, { notification } satisfies NotifyJob, retryOptions());

interface Row {
  _id: string;
  alarm: string | null;
  tier: number | null;
  kind: string;
  /** a policy event's row: which event (./events.ts) */
  event: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  channel: string;
  integrator: string;
  channel_kind: NotifyKind;
  target: string;
  secret: string | null;
  enabled: boolean;
}

/** One attempt to send a message to its channel: the error, or null when it was taken. */
async function send(r: Row): Promise<{ error: string | null; outbox: boolean }> {
  const m = { subject: r.subject ?? '', text: r.text ?? '', html: r.html ?? '' };
  if (r.channel_kind === 'email') {
    if (!hasSmtp()) return { error: null, outbox: true };
    return { error: await sendMail(r.target, m), outbox: false };
  }
  const ids = {
    notification: r._id,
    alarm: r.alarm,
    tier: r.tier,
    kind: r.kind,
    ...(r.event ? { event: r.event } : {}),
  };
  return { error: await sendToBot(botRequest(r.channel_kind, r.target, r.secret, m, ids)), outbox: false };
}

/** Failed attempts in a row per channel (a success starts again from 0); NOTIFY_PAUSE_AFTER of them pause it. */
async function keepScore(db: DB, r: Row, error: string | null) {
  if (error === null) {
    await db
      .updateTable('notify_channel')
      .set({ failures: 0 })
      .where('_id', '=', r.channel)
      .where('failures', '>', 0)
      .execute();
    return;
  }
  const limit = setting('NOTIFY_PAUSE_AFTER');
  await db.transaction().execute(async (trx) => {
    const c = await trx
      .updateTable('notify_channel')
      .set({ failures: sql`failures + 1` })
      .where('_id', '=', r.channel)
      .returning(['failures', 'enabled'])
      .executeTakeFirst();
    if (!c || !c.enabled || c.failures < limit) return;
    await trx
      .updateTable('notify_channel')
      .set({ enabled: false, paused: 'failures', paused_time: sql`now()`, version: sql`version + 1` })
      .where('_id', '=', r.channel)
      .execute();
    await writeLog(
      trx,
      { ip: '' },
      {
        action: 'pause',
        resource: 'notify_channel',
        record: r.channel,
        after: { paused: 'failures', failures: c.failures, error },
        integrator: r.integrator,
        dealer: null,
      },
    );
  });
}

async function attempt(db: DB, job: JobWithMetadata<NotifyJob>, r: Row): Promise<string | null> {
  const { error, outbox } = await send(r);
  const last = job.retryCount >= job.retryLimit;
  const state = error === null ? 'sent' : last ? 'failed' : 'queued';
  await sql`UPDATE notification
               SET attempts = attempts + 1, state = ${state}, error = ${error}, outbox = ${outbox},
                   sent_time = CASE WHEN ${error === null} THEN now() ELSE sent_time END
             WHERE _id = ${r._id}`.execute(db);
  // a digest's alarms were told when it was
  if (r.kind === 'digest' && error === null)
    await sql`UPDATE notification SET sent_time = now() WHERE digest = ${r._id}`.execute(db);
  await keepScore(db, r, error);
  return error;
}

/** Starts this process's delivery loop; the function it returns stops it. */
export function startDelivery(database: Database, onError: (e: unknown) => void, graceMs: number) {
  const db = database.db;
  return startFairQueue<NotifyJob>(
    database,
    {
      queue: QUEUE,
      retry: retryOptions,
      async claim(job) {
        const r = (
          await sql<Row>`
            SELECT n._id, n.alarm, n.tier, n.kind, n.event, n.subject, n.text, n.html, n.channel, n.integrator,
                   c.kind AS channel_kind, c.target, c.secret, c.enabled
              FROM notification n JOIN notify_channel c ON c._id = n.channel
             WHERE n._id = ${job.data.notification}`.execute(db)
        ).rows[0];
        if (!r) return null;
        // a paused or disabled channel sends nothing more but the tests asked for by hand
        if (!r.enabled && r.kind !== 'test') {
          await sql`UPDATE notification SET state = 'failed', error = 'channel disabled' WHERE _id = ${r._id}`.execute(
            db,
          );
          return null;
        }
        return { brand: r.integrator, attempt: () => attempt(db, job, r) };
      },
    },
    onError,
    graceMs,
  );
}
