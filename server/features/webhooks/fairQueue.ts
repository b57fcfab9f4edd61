// A durable delivery queue on pg-boss, fair between brands: the machinery under webhook deliveries (./queue.ts) and
// alarm notifications (server/features/notify/deliver.ts). A job is enqueued in the transaction of the write that
// causes it (sent if and only if that write commits, kept across restarts); each process runs ONE loop that fetches
// due jobs for its free places and runs each on its own, at most a brand's share of them at once, so one brand's
// receivers that accept and never answer never delay another brand's (docs/security.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import { PgBoss, type Db, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { DB, Database } from '../../db';

/**
 * Attempts one process makes at once. They are sockets, not connections: ONE loop per process fetches due
 * deliveries for its free places (the embedded database has one connection, where every idle poll waits in
 * line with the requests), and each attempt then runs on its own.
 */
const concurrencyFor = (kind: Database['kind']) => (kind === 'pglite' ? 8 : 16);
/**
 * Of those, at most this many for one brand: a brand whose receivers accept and never answer holds only its
 * share, so another brand's delivery leaves at once (docs/security.md "Webhooks"; four such endpoints delayed another
 * brand's test delivery by 12 s, when one worker — two on PostgreSQL — took deliveries in arrival order).
 */
const shareFor = (kind: Database['kind']) => (kind === 'pglite' ? 2 : 4);
/** A delivery of a brand using its whole share goes back to the queue for this long, behind other brands'. */
const DEFER_SECONDS = 2;
/** An enqueue of this process wakes the loops this long after (its transaction has committed by then, as a rule;
 * if not, the next poll finds it). */
const WAKE_AFTER_MS = 30;
/** How often an idle loop looks for due deliveries. */
const POLL_MS = 500;

/** What every job of a fair queue carries besides its own data. */
export interface FairJob {
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
        if (!trx) return Promise.reject(new Error('queue sender has no connection of its own'));
        return through(trx).executeSql(text, values);
      },
    },
  }));

/** One job on `queue`, written in the caller's transaction; this process's loops look for it a moment later. */
export async function enqueueJob(trx: DB, queue: string, data: object, options: SendOptions): Promise<void> {
  await enqueuing.run(trx, () => senderOf().send(queue, data, { ...options, db: through(trx) }));
  wakeSoon();
}

/** What a worker does with a job it fetched. */
export type Claim =
  | null // nothing to do (its subject is gone): completed without an attempt
  | {
      brand: string;
      /** one attempt: resolves with its error (null: done), so that pg-boss schedules the next one */
      attempt: () => Promise<string | null>;
    };

export interface FairQueue<T extends FairJob> {
  queue: string;
  /** the options every send of this queue uses (retries, back-off, expiry) */
  retry: () => SendOptions;
  claim: (job: JobWithMetadata<T>) => Promise<Claim>;
}

/**
 * Starts this process's loop on `q.queue`; the function it returns stops it, waiting for attempts under way. The
 * loop fetches due jobs for its free places (concurrencyFor), runs each on its own, and puts back for
 * DEFER_SECONDS a job whose brand already has its share (shareFor) under way here — not counted as an attempt,
 * and behind the jobs of other brands.
 */
export async function startFairQueue<T extends FairJob>(
  database: Database,
  q: FairQueue<T>,
  onError: (e: unknown) => void,
  graceMs = 10_000,
): Promise<() => Promise<void>> {
  const shared = await bossOf(database, onError);
  const boss = shared.boss;
  // a no-op on a migrated database (the migrations create each queue once, under the start-up lock)
  await boss.createQueue(q.queue);
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

  const putBack = async (job: JobWithMetadata<T>) => {
    const data: T = { ...job.data, tried: (job.data.tried ?? 0) + job.retryCount };
    await boss.send(q.queue, data as unknown as object, {
      ...q.retry(),
      retryLimit: Math.max(0, job.retryLimit - job.retryCount),
      startAfter: DEFER_SECONDS,
      priority: -1,
    });
    await boss.complete(q.queue, job);
  };

  const handle = async (job: JobWithMetadata<T>) => {
    try {
      const c = await q.claim(job);
      if (!c) return void (await boss.complete(q.queue, job));
      const mine = underWay.get(c.brand) ?? 0;
      if (mine >= share) return await putBack(job);
      underWay.set(c.brand, mine + 1);
      let error: string | null;
      try {
        error = await c.attempt();
      } finally {
        const left = (underWay.get(c.brand) ?? 1) - 1;
        if (left) underWay.set(c.brand, left);
        else underWay.delete(c.brand);
      }
      // settled as the attempt it was (id and retryCount): if its claim lapsed meanwhile (expired, and taken
      // again by another process), this settles nothing rather than that newer attempt
      if (error === null) await boss.complete(q.queue, job);
      else await boss.fail(q.queue, job, { error });
    } catch (e) {
      // the database went away mid-attempt: the job stays active and pg-boss retries it when it expires
      onError(e);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      const free = limit - running.size;
      let jobs: JobWithMetadata<T>[] = [];
      if (free > 0) {
        try {
          jobs = await boss.fetch<T>(q.queue, { batchSize: free, includeMetadata: true });
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
    await shared.release();
  };
}

/**
 * One started pg-boss per database and process, shared by its queues' loops (webhooks, notifications): its start
 * (its schema checked, its maintenance scheduled) costs ~0.3 CPU seconds, paid once. Stopped with its last user.
 */
const instances = new Map<Database, { boss: PgBoss; users: number; started: Promise<void> }>();

async function bossOf(database: Database, onError: (e: unknown) => void) {
  let s = instances.get(database);
  if (!s) {
    const boss = new PgBoss({
      db: onPool(database.pool),
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
    });
    boss.on('error', onError);
    s = { boss, users: 0, started: boss.start().then(() => undefined) };
    instances.set(database, s);
  }
  const mine = s;
  mine.users++;
  try {
    await mine.started;
  } catch (e) {
    if (--mine.users === 0) instances.delete(database);
    throw e;
  }
  return {
    boss: mine.boss,
    async release() {
      if (--mine.users > 0) return;
      instances.delete(database);
      // resolves once pg-boss has stopped (its `stopped` event is emitted by then); the connections stay ours
      await mine.boss.stop({ graceful: true, close: false, timeout: 1000 });
    },
  };
}
