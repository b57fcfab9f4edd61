// Webhook deliveries from a durable queue in the database: pg-boss (its schema is migration 031). An event is
// enqueued in the transaction of the write that causes it (an order, a refund, an alarm, a robot going
// offline), so it is sent if and only if that write commits, and survives a restart until it is delivered.
// Each attempt is signed afresh and logged in webhook_delivery; a failed one is retried by pg-boss with
// exponential backoff (WEBHOOK_RETRY_DELAY_SECONDS × 2^n, with jitter) up to WEBHOOK_RETRY_LIMIT times.
import http from 'node:http';
import https from 'node:https';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB, Database } from '../db';
import { newId } from '../log';
import { setting } from '../config';
import { guardedLookup } from './address';
import { EVENT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, sign } from './signature';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../resources/webhook';

export const QUEUE = 'webhook-delivery';
/**
 * Workers of one process, each taking one delivery at a time (a slow receiver holds up only one). The embedded
 * database has one connection, where every idle poll (≈ 7–30 ms measured) waits in line with the requests: one.
 */
const workersFor = (kind: Database['kind']) => (kind === 'pglite' ? 1 : 2);
/** How often an idle worker looks for due deliveries. */
const POLL_SECONDS = 1;
/** What the log keeps of a receiver's refusal or a network error. */
const MAX_ERROR = 300;

interface DeliveryJob {
  webhook: string;
  event: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  event_id: string;
  /** the exact bytes every attempt sends (and signs) */
  body: string;
}

/** pg-boss's SQL through our own connections: the pool, or a caller's transaction. */
const through = (db: DB): PgBoss.Db => ({
  async executeSql(text, values) {
    const r = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: r.rows as unknown[] as Record<string, unknown>[] };
  },
});

/**
 * Enqueues only (never started): pg-boss writes the job with the caller's transaction, so sending needs no
 * running worker — a script or a process that does not deliver can still cause deliveries.
 */
let sender: PgBoss | undefined;
const senderOf = () => (sender ??= new PgBoss({ db: { executeSql: () => Promise.reject(new Error('webhook sender has no connection of its own')) } }));

function retryOptions(): PgBoss.SendOptions {
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
  await senderOf().send(QUEUE, job as unknown as object, { ...retryOptions(), db: through(trx) });
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
  await enqueue(trx, String(webhook._id), WEBHOOK_TEST_EVENT, id, bodyOf(id, WEBHOOK_TEST_EVENT, String(webhook.integrator), { webhook: webhook._id, message: 'VendFleet test event' }));
  return id;
}

interface Outcome {
  http_status: number | null;
  error: string | null;
}

/** One signed POST; resolves with the receiver's status or the network error, never throws. */
function post(url: string, secret: string, job: DeliveryJob): Promise<Outcome> {
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  const timeout = setting('WEBHOOK_TIMEOUT_MS');
  return new Promise((resolve) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        // a new connection each attempt: the address is checked on every dial (guardedLookup), and no kept-alive
        // socket the receiver has meanwhile closed turns an attempt into a spurious ECONNRESET
        agent: false,
        lookup: guardedLookup,
        timeout,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'VendFleet-Webhooks/1',
          [SIGNATURE_HEADER]: sign(secret, job.body),
          [EVENT_HEADER]: job.event,
          [EVENT_ID_HEADER]: job.event_id,
          'Content-Length': Buffer.byteLength(job.body),
        },
      },
      (res) => {
        // the answer's body is not kept; reading it lets the connection finish
        res.resume();
        res.on('end', () => resolve({ http_status: res.statusCode ?? null, error: null }));
        res.on('error', (e) => resolve({ http_status: res.statusCode ?? null, error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeout} ms`)));
    req.on('error', (e) => resolve({ http_status: null, error: e.message.slice(0, MAX_ERROR) }));
    req.end(job.body);
  });
}

/** One attempt: sends, logs it, and throws when it failed so that pg-boss schedules the next one. */
async function attempt(db: DB, job: PgBoss.JobWithMetadata<DeliveryJob>): Promise<void> {
  const d = job.data;
  const w = await db.selectFrom('webhook').select(['url', 'secret', 'enabled', 'integrator']).where('_id', '=', d.webhook).executeTakeFirst();
  // a removed endpoint gets nothing more; a disabled one only the test events asked for by hand
  if (!w || (!w.enabled && d.event !== WEBHOOK_TEST_EVENT)) return;
  const started = performance.now();
  const out = await post(String(w.url), String(w.secret), d);
  const ok = out.error === null && out.http_status !== null && out.http_status >= 200 && out.http_status < 300;
  const error = ok ? null : (out.error ?? `HTTP ${out.http_status}`);
  await db
    .insertInto('webhook_delivery')
    .values({
      _id: newId(),
      webhook: d.webhook,
      event: d.event,
      event_id: d.event_id,
      attempt: job.retryCount + 1,
      status: ok ? 'success' : 'failed',
      http_status: out.http_status,
      duration_ms: Math.round(performance.now() - started),
      error,
      integrator: w.integrator,
      dealer: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!ok) throw new Error(error!);
}

/** Starts this process's delivery workers; the function it returns stops them, waiting for attempts under way. */
export async function startWebhooks(database: Database, onError: (e: unknown) => void, graceMs = 10_000): Promise<() => Promise<void>> {
  const db = database.db;
  const boss = new PgBoss({ db: through(db), schema: 'pgboss', schedule: false, supervise: true, migrate: true });
  boss.on('error', onError);
  await boss.start();
  // a no-op on a migrated database (migration 045 creates the queue once, under the start-up lock)
  await boss.createQueue(QUEUE);
  for (let i = 0; i < workersFor(database.kind); i++) {
    await boss.work<DeliveryJob>(QUEUE, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1, includeMetadata: true }, async ([job]) => attempt(db, job));
  }
  return async () => {
    const stopped = new Promise((resolve) => boss.once('stopped', resolve));
    await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(graceMs, 1000) });
    await stopped;
  };
}
