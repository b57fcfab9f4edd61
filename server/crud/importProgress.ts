// The imports running in this process (server/crud/import.ts): how far each is, whether it was asked to stop, and
// its progress told live (`import.progress` on /api/events, to whoever may list the resource in its tenant). Kept
// in memory, not in the database: the import's own transaction holds its rows, and on the embedded database a
// second statement beside it would wait for it to end.
import { publish } from '../events/bus';

export interface Running {
  _id: string;
  resource: string;
  integrator: string | null;
  dealer: string | null;
  account: string;
  total: number;
  done: number;
  cancelled: boolean;
  /** the import's record as it was opened (its answer while it runs, read without the database) */
  job: unknown;
}

const running = new Map<string, Running>();
/** a progress event at most this often (rows), so 50,000 rows are 100 events, not 50,000 */
const EVERY = 500;

export function track(job: Omit<Running, 'done' | 'cancelled'>): Running {
  const r = { ...job, done: 0, cancelled: false };
  running.set(job._id, r);
  return r;
}

export const runningImport = (id: string) => running.get(id);

/** Whether this process runs an import of this resource for this tenant: a second one is refused at once (the
 * database's unique index says the same across processes). */
export const runningFor = (resource: string, integrator: string | null, dealer: string | null) =>
  [...running.values()].some(
    (r) => r.resource === resource && r.integrator === integrator && r.dealer === dealer && !r.cancelled,
  );

export function untrack(id: string) {
  running.delete(id);
}

/** Counts a row done; tells the browsers every EVERY rows. */
export async function advance(r: Running, done: number) {
  r.done = done;
  if (done % EVERY === 0) await announce(r, 'running');
}

export function announce(r: Running, state: string) {
  return publish({
    type: 'import.progress',
    integrator: r.integrator,
    dealer: r.dealer,
    data: { _id: r._id, resource: r.resource, state, done: r.done, total: r.total },
  });
}
