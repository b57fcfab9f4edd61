// Webhook deliveries from a durable queue in the database: pg-boss (its schema is migration 053). An event is
// enqueued in the transaction of the write that causes it (an order, a refund, an alarm, a robot going
// offline), so it is sent if and only if that write commits, and survives a restart until it is delivered.
// Each attempt is signed afresh and logged in webhook_delivery; a failed one is retried by pg-boss with
// exponential backoff (WEBHOOK_RETRY_DELAY_SECONDS × 2^n, with jitter) up to WEBHOOK_RETRY_LIMIT times.
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import { CompiledQuery, sql } from 'kysely';
import { PgBoss, type Db, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { DB, Database } from '../../db';
import { newId, writeLog } from '../../log';
import { setting } from '../../config';
import { guardedLookup } from './address';
import { EVENT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, sign } from './signature';
import { WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../../resources/webhook';

export const QUEUE = 'webhook-delivery';
/**
 * Attempts one process makes at once. They are sockets, not connections: ONE loop per process fetches due
 * deliveries for its free places (the embedded database has one connection, where every idle poll waits in
 * line with the requests), and each attempt then runs on its own.
 */
const concurrencyFor = (kind: Database['kind']) => (kind === 'pglite' ? 8 : 16);
/**
 * Of those, at most this many for one brand: a brand whose receivers accept and never answer holds only its
 * share, so another brand's delivery leaves at once (issue 23: four such endpoints delayed another brand's test
 * delivery by 12 s, when one worker — two on PostgreSQL — took deliveries in arrival order).
 */
const shareFor = (kind: Database['kind']) => (kind === 'pglite' ? 2 : 4);
/** A delivery of a brand using its whole share goes back to the queue for this long, behind other brands'. */
const DEFER_SECONDS = 2;
/** An enqueue of this process wakes the loops this long after (its transaction has committed by then, as a rule;
 * if not, the next poll finds it). */
const WAKE_AFTER_MS = 30;
/** How often an idle loop looks for due deliveries. */
const POLL_MS = 500;
/** What the log keeps of a receiver's refusal or a network error. */
const MAX_ERROR = 300;
/** The most of a receiver's answer body that is read (then the connection is dropped): nothing of it is kept, and
 * an endless answer must not keep a worker reading it. */
export const MAX_ANSWER_BYTES = 64 * 1024;

interface DeliveryJob {
  webhook: string;
  event: WebhookEvent | typeof WEBHOOK_TEST_EVENT;
  event_id: string;
  /** the exact bytes every attempt sends (and signs) */
  body: string;
  /** attempts made before this job was put back for its brand's share (the attempt numbers go on) */
  tried?: number;
}

/** The delivery loops of this process, woken by an enqueue. */
const wakers = new Set<() => void>();
const wakeSoon = () => {
  if (wakers.size) setTimeout(() => wakers.forEach((w) => w()), WAKE_AFTER_MS).unref();
};

/** pg-boss's SQL through our own connections: the pool, or a caller's transaction. */
const through = (db: DB): Db => ({
  async executeSql(text, values) {
    const r = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: r.rows as unknown[] as Record<string, unknown>[] };
  },
});

/**
 * pg-boss's own statements, on the pool. Some are several statements in one query (its maintenance, its claim
 * of a background migration) and pg-boss reads the rows of each: kysely answers only one statement's rows, the
 * pool all of them (one result per statement, flattened here as pg-boss's PGlite adapter does).
 */
export const onPool = (pool: Database['pool']): Db => ({
  async executeSql(text, values) {
    // a client of its own (not pool.query, which queries a new connection while its `connect` hook still does)
    const client = await pool.connect();
    try {
      const r = (await client.query(text, values)) as unknown as { rows?: unknown[] } | { rows?: unknown[] }[];
      return { rows: Array.isArray(r) ? r.flatMap((one) => one.rows ?? []) : (r.rows ?? []) };
    } finally {
      client.release();
    }
  },
});

/** The transaction of the enqueue under way, in its own async context. */
const enqueuing = new AsyncLocalStorage<DB>();
/**
 * Enqueues only (never started): pg-boss writes the job with the caller's transaction, so sending needs no
 * running worker — a script or a process that does not deliver can still cause deliveries. pg-boss 12 reads
 * the queue's row (its table and policy) through the instance's own connection before the first send; a
 * sender has none, so that read goes through the transaction of the enqueue that needs it.
 */
let sender: PgBoss | undefined;
const senderOf = () =>
  (sender ??= new PgBoss({
    db: {
      executeSql(text, values) {
        const trx = enqueuing.getStore();
        if (!trx) return Promise.reject(new Error('webhook sender has no connection of its own'));
        return through(trx).executeSql(text, values);
      },
    },
  }));

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
  await enqueuing.run(trx, () =>
    senderOf().send(QUEUE, job as unknown as object, { ...retryOptions(), db: through(trx) }),
  );
  wakeSoon();
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

interface Outcome {
  http_status: number | null;
  error: string | null;
}

/**
 * One signed POST; resolves with the receiver's status or the network error, never throws. ONE deadline
 * (WEBHOOK_TIMEOUT_MS) covers the whole attempt — connect, headers and body: a socket time-out alone fires only
 * when the connection goes idle, and a receiver trickling a byte a second was logged a success after 9 s against
 * 3 s. The answer body is read up to MAX_ANSWER_BYTES, then the connection is dropped.
 */
function post(url: string, secret: string, job: DeliveryJob): Promise<Outcome> {
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  const timeout = setting('WEBHOOK_TIMEOUT_MS');
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      resolve(o);
    };
    const req = client.request(
      u,
      {
        method: 'POST',
        // a new connection each attempt: the address is checked on every dial (guardedLookup), and no kept-alive
        // socket the receiver has meanwhile closed turns an attempt into a spurious ECONNRESET
        agent: false,
        lookup: guardedLookup,
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
        const status = res.statusCode ?? null;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // enough of it: the status is what counts; the rest is not read
          if (read > MAX_ANSWER_BYTES) {
            finish({ http_status: status, error: null });
            req.destroy();
          }
        });
        res.on('end', () => finish({ http_status: status, error: null }));
        res.on('error', (e) => finish({ http_status: status, error: e.message.slice(0, MAX_ERROR) }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ http_status: null, error: `no complete answer within ${timeout} ms` });
      req.destroy();
    }, timeout);
    req.on('error', (e) => finish({ http_status: null, error: e.message.slice(0, MAX_ERROR) }));
    req.end(job.body);
  });
}

type Endpoint = { url: unknown; secret: unknown; enabled: unknown; integrator: unknown };

/** One attempt: sends and logs it; resolves with the error when it failed, so that pg-boss schedules the next. */
async function attempt(db: DB, job: JobWithMetadata<DeliveryJob>, w: Endpoint): Promise<string | null> {
  const d = job.data;
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
    await trx
      .updateTable('webhook')
      .set({ enabled: false, paused: 'failures', paused_time: sql`now()`, version: sql`version + 1` })
      .where('_id', '=', webhook)
      .execute();
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
  });
}

/**
 * Starts this process's delivery loop; the function it returns stops it, waiting for attempts under way. The
 * loop fetches due deliveries for its free places (concurrencyFor), runs each on its own, and puts back for
 * DEFER_SECONDS a delivery whose brand already has its share (shareFor) under way here — not counted as an
 * attempt, and behind the deliveries of other brands.
 */
export async function startWebhooks(
  database: Database,
  onError: (e: unknown) => void,
  graceMs = 10_000,
): Promise<() => Promise<void>> {
  const db = database.db;
  const boss = new PgBoss({
    db: onPool(database.pool),
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', onError);
  await boss.start();
  // a no-op on a migrated database (migrations 045 and 053 create the queue once, under the start-up lock)
  await boss.createQueue(QUEUE);
  const limit = concurrencyFor(database.kind);
  const share = shareFor(database.kind);
  const running = new Set<Promise<void>>();
  const underWay = new Map<string, number>();
  let stopping = false;
  let wake: (() => void) | undefined;
  const waker = () => wake?.();
  wakers.add(waker);
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => ((wake = undefined), resolve()), ms);
      wake = () => (clearTimeout(t), (wake = undefined), resolve());
    });

  const putBack = async (job: JobWithMetadata<DeliveryJob>) => {
    const data: DeliveryJob = { ...job.data, tried: (job.data.tried ?? 0) + job.retryCount };
    await boss.send(QUEUE, data as unknown as object, {
      ...retryOptions(),
      retryLimit: Math.max(0, job.retryLimit - job.retryCount),
      startAfter: DEFER_SECONDS,
      priority: -1,
    });
    await boss.complete(QUEUE, job);
  };

  const handle = async (job: JobWithMetadata<DeliveryJob>) => {
    try {
      const d = job.data;
      const w = await db
        .selectFrom('webhook')
        .select(['url', 'secret', 'enabled', 'integrator'])
        .where('_id', '=', d.webhook)
        .executeTakeFirst();
      // a removed endpoint gets nothing more; a disabled (or paused) one only the test events asked for by hand
      if (!w || (!w.enabled && d.event !== WEBHOOK_TEST_EVENT)) return void (await boss.complete(QUEUE, job));
      const brand = String(w.integrator);
      const mine = underWay.get(brand) ?? 0;
      if (mine >= share) return await putBack(job);
      underWay.set(brand, mine + 1);
      let error: string | null;
      try {
        error = await attempt(db, job, w);
      } finally {
        const left = (underWay.get(brand) ?? 1) - 1;
        if (left) underWay.set(brand, left);
        else underWay.delete(brand);
      }
      await keepScore(db, d.webhook, brand, error);
      // settled as the attempt it was (id and retryCount): if its claim lapsed meanwhile (expired, and taken
      // again by another process), this settles nothing rather than that newer attempt
      if (error === null) await boss.complete(QUEUE, job);
      else await boss.fail(QUEUE, job, { error });
    } catch (e) {
      // the database went away mid-attempt: the job stays active and pg-boss retries it when it expires
      onError(e);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      const free = limit - running.size;
      let jobs: JobWithMetadata<DeliveryJob>[] = [];
      if (free > 0) {
        try {
          jobs = await boss.fetch<DeliveryJob>(QUEUE, { batchSize: free, includeMetadata: true });
        } catch (e) {
          onError(e);
        }
      }
      for (const job of jobs) {
        const p: Promise<void> = handle(job).finally(() => {
          running.delete(p);
          waker(); // a place is free again
        });
        running.add(p);
      }
      if (!stopping && (jobs.length === 0 || running.size >= limit)) await pause(POLL_MS);
    }
  })();

  return async () => {
    stopping = true;
    wakers.delete(waker);
    waker();
    await loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((r) => (timer = setTimeout(r, Math.max(graceMs, 1000)))),
    ]);
    clearTimeout(timer);
    // resolves once pg-boss has stopped (its `stopped` event is emitted by then); the connections stay ours
    await boss.stop({ graceful: true, close: false, timeout: 1000 });
  };
}
