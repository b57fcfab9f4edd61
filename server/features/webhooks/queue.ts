// Webhook deliveries from a durable queue in the database: pg-boss (its schema is migration 053), fair between
// brands (./fairQueue.ts). An event is enqueued in the transaction of the write that causes it (an order, a refund,
// an alarm, a robot going offline), so it is sent if and only if that write commits, and survives a restart until it
// is delivered. Each attempt is signed afresh and logged in webhook_delivery; a failed one is retried by pg-boss
// with exponential backoff (WEBHOOK_RETRY_DELAY_SECONDS × 2^n, with jitter) up to WEBHOOK_RETRY_LIMIT times.
import { sql } from 'kysely';
import type { JobWithMetadata, SendOptions } from 'pg-boss';
import type { DB, Database } from '../../db';
import { newId, writeLog } from '../../log';
import { setting } from '../../config';
import { enqueueJob, startFairQueue, type FairJob } from './fairQueue';
import { postOnce } from './post';
import { publishInTransaction } from '../../events/domain';
import { EVENT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, sign } from './signature';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../../resources/webhook';

export { onPool } from './fairQueue';

export const QUEUE = 'webhook-delivery';

interface DeliveryJob extends FairJob {
  webhook: string;
  event: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  event_id: string;
  /** the exact bytes every attempt sends (and signs) */
  body: string;
}

function retryOptions(): SendOptions {
  return {
    retryLimit: setting('WEBHOOK_RETRY_LIMIT'),
    retryDelay: setting('WEBHOOK_RETRY_DELAY_SECONDS'),
    retryBackoff: true,
    // an attempt past its time-out is the worker's failure, not the receiver's: pg-boss expires and retries it
    expireInSeconds: Math.ceil(setting('WEBHOOK_TIMEOUT_MS') / 1000) + 60,
  };
}

function bodyOf(id: string, type: string, integrator: string, data: Record<string, unknown>): string {
  return JSON.stringify({ id, type, created: new Date().toISOString(), integrator, data });
}

async function enqueue(trx: DB, webhook: string, type: DeliveryJob['event'], id: string, body: string) {
  const job: DeliveryJob = { webhook, event: type, event_id: id, body };
  await enqueueJob(trx, QUEUE, job, retryOptions());
}

export interface WebhookEventInput {
  type: WebhookEvent;
  integrator: string | null | undefined;
  data: Record<string, unknown>;
}

/**
 * One event to every enabled endpoint of its brand that subscribed to it, in the caller's transaction. A brand's
 * events only ever go to that brand's endpoints: the lookup is by the event's own brand.
 */
export async function emitWebhook(trx: DB, e: WebhookEventInput): Promise<void> {
  if (!e.integrator) return;
  const endpoints = await trx
    .selectFrom('webhook')
    .select('_id')
    .where('integrator', '=', e.integrator)
    .where('enabled', '=', true)
    .where(sql<boolean>`${e.type} = ANY(events)`)
    .execute();
  if (endpoints.length === 0) return;
  const id = `evt_${newId()}`;
  const body = bodyOf(id, e.type, e.integrator, e.data);
  for (const w of endpoints) await enqueue(trx, String(w._id), e.type, id, body);
}

/** The "send test event" action: one test event to one endpoint, whether it is enabled or not. */
export async function enqueueTest(trx: DB, webhook: Record<string, unknown>): Promise<string> {
  const id = `evt_${newId()}`;
  await enqueue(
    trx,
    String(webhook._id),
    WEBHOOK_TEST_EVENT,
    id,
    bodyOf(id, WEBHOOK_TEST_EVENT, String(webhook.integrator), {
      webhook: webhook._id,
      message: 'VendFleet test event',
    }),
  );
  return id;
}

type Endpoint = { url: unknown; secret: unknown; enabled: unknown; integrator: unknown };

/** One attempt: sends and logs it; resolves with the error when it failed, so that pg-boss schedules the next. */
async function attempt(db: DB, job: JobWithMetadata<DeliveryJob>, w: Endpoint): Promise<string | null> {
  const d = job.data;
  const started = performance.now();
  const out = await postOnce(
    String(w.url),
    {
      'Content-Type': 'application/json',
      'User-Agent': 'VendFleet-Webhooks/1',
      [SIGNATURE_HEADER]: sign(String(w.secret), d.body),
      [EVENT_HEADER]: d.event,
      [EVENT_ID_HEADER]: d.event_id,
    },
    d.body,
    setting('WEBHOOK_TIMEOUT_MS'),
  );
  const ok = out.error === null && out.http_status !== null && out.http_status >= 200 && out.http_status < 300;
  const error = ok ? null : (out.error ?? `HTTP ${out.http_status}`);
  await db
    .insertInto('webhook_delivery')
    .values({
      _id: newId(),
      webhook: d.webhook,
      event: d.event,
      event_id: d.event_id,
      attempt: (d.tried ?? 0) + job.retryCount + 1,
      status: ok ? 'success' : 'failed',
      http_status: out.http_status,
      duration_ms: Math.round(performance.now() - started),
      error,
      integrator: String(w.integrator),
      dealer: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return error;
}

/**
 * Failed attempts in a row per endpoint (a success starts again from 0). WEBHOOK_PAUSE_AFTER of them pause it:
 * disabled, with the reason and time its brand sees on the endpoint, and an operation-log entry; its pending
 * deliveries are then dropped as they come due, until the brand resumes it (the `resume` action, or enabling it).
 */
async function keepScore(db: DB, webhook: string, integrator: string, error: string | null) {
  if (error === null) {
    await db.updateTable('webhook').set({ failures: 0 }).where('_id', '=', webhook).where('failures', '>', 0).execute();
    return;
  }
  const limit = setting('WEBHOOK_PAUSE_AFTER');
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('webhook')
      .set({ failures: sql`failures + 1` })
      .where('_id', '=', webhook)
      .returning(['failures', 'enabled'])
      .executeTakeFirst();
    if (!r || !r.enabled || r.failures < limit) return;
    const paused = await trx
      .updateTable('webhook')
      .set({ enabled: false, paused: 'failures', paused_time: sql`now()`, version: sql`version + 1` })
      .where('_id', '=', webhook)
      .returning('url')
      .executeTakeFirstOrThrow();
    await writeLog(
      trx,
      { ip: '' },
      {
        action: 'pause',
        resource: 'webhook',
        record: webhook,
        after: { paused: 'failures', failures: r.failures, error },
        integrator,
        dealer: null,
      },
    );
    // the brand's people hear of it where they read (docs/notifications.md "Policy events"), not only on the endpoint
    await publishInTransaction(trx, 'webhook.paused', {
      webhook,
      host: hostOf(paused.url),
      integrator,
      failures: r.failures,
      error,
    });
  });
}

/** An endpoint's host, for people to recognise it by (its path or query may carry a key). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Starts this process's delivery loop (./fairQueue.ts); the function it returns stops it. */
export function startWebhooks(
  database: Database,
  onError: (e: unknown) => void,
  graceMs = 10_000,
): Promise<() => Promise<void>> {
  const db = database.db;
  return startFairQueue<DeliveryJob>(
    database,
    {
      queue: QUEUE,
      retry: retryOptions,
      async claim(job) {
        const d = job.data;
        const w = await db
          .selectFrom('webhook')
          .select(['url', 'secret', 'enabled', 'integrator'])
          .where('_id', '=', d.webhook)
          .executeTakeFirst();
        // a removed endpoint gets nothing more; a disabled (or paused) one only the test events asked for by hand
        if (!w || (!w.enabled && d.event !== WEBHOOK_TEST_EVENT)) return null;
        const brand = String(w.integrator);
        return {
          brand,
          async attempt() {
            const error = await attempt(db, job, w);
            await keepScore(db, d.webhook, brand, error);
            return error;
          },
        };
      },
    },
    onError,
    graceMs,
  );
}
