// Group commit: calls that arrive while a batch is in the database wait, and go together as the next batch.
// One statement then serves many robots, so ingest grows with load instead of paying a round trip (and a
// commit) per call. Why not DataLoader: it batches only what arrives within one tick, and under load a
// fleet's requests arrive spread over the time the previous statement takes — that is what we collect.

export interface GroupCommitOptions {
  /** the most items one statement takes; the rest wait for the next */
  max?: number;
  /** what the batches are, for metrics (`heartbeat`, `device_key` …) */
  name?: string;
}

/** Told the size of every batch sent (metrics listen here). */
export const batchObservers = new Set<(name: string, size: number) => void>();

/** The batches of every wrapper still in the database or waiting to go. */
const draining = new Set<Promise<void>>();

/** Resolves once every call made so far has gone to the database and come back (a graceful stop waits here). */
export async function flushGroupCommits(): Promise<void> {
  while (draining.size) await Promise.allSettled([...draining]);
}

/**
 * Wraps `run`, which must answer one result per item in the same order (or undefined for an item it could
 * not serve). At most one batch is in the database at a time per wrapper; a failed batch fails its callers only.
 */
export function groupCommit<In, Out>(
  run: (items: In[]) => Promise<Array<Out | undefined>>,
  opts: GroupCommitOptions = {},
) {
  const max = opts.max ?? 500;
  const name = opts.name ?? 'batch';
  let queue: Array<{ item: In; resolve: (v: Out | undefined) => void; reject: (e: unknown) => void }> = [];
  let busy = false;
  const drain = async () => {
    while (queue.length) {
      const batch = queue.slice(0, max);
      queue = queue.slice(batch.length);
      for (const observe of batchObservers) observe(name, batch.length);
      try {
        const out = await run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i]));
      } catch (e) {
        batch.forEach((b) => b.reject(e));
      }
    }
    busy = false;
  };
  return (item: In) =>
    new Promise<Out | undefined>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!busy) {
        busy = true;
        // let the requests already read from the sockets join the first batch too
        const done = new Promise<void>((r) => setImmediate(() => void drain().finally(r)));
        draining.add(done);
        void done.finally(() => draining.delete(done));
      }
    });
}
