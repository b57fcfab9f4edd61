// Which robots may have commands waiting, kept in this process's memory, so that a heartbeat of a robot with
// nothing queued costs no SQL at all (the fleet's common case: `npm run bench:fleet` holds it to today's cost).
// A robot enters the set when a command is queued for it — here directly, in other processes through the live
// event `command.changed` that travels over PostgreSQL LISTEN/NOTIFY (server/events/bus.ts) — and leaves it when a
// look at its commands finds none still open. The set is only a hint: the ledger's SQL decides what is handed
// over, and a periodic read of the open commands puts back any robot a lost notification left out.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { subscribe } from '../../events/bus';

/** robot _id → the mark's number: a look that started before a newer mark must not clear it */
const due = new Map<string, number>();
let mark = 0;

export function markDue(device: string) {
  due.set(device, ++mark);
}

/** The robot's current mark, or undefined when it has nothing waiting (no SQL needed). */
export function dueMark(device: string): number | undefined {
  return due.get(device);
}

/** A look that began at `seen` found nothing open for the robot: it leaves the set, unless marked again since. */
export function clearDue(device: string, seen: number) {
  if (due.get(device) === seen) due.delete(device);
}

/** Robots in the set (a metric, and the tests' view). */
export const dueCount = () => due.size;

/** Puts every robot with an open command into the set (at start-up and now and then: a lost NOTIFY). */
export async function loadDue(db: DB): Promise<void> {
  const rows = await sql<{
    device: string;
  }>`SELECT DISTINCT device FROM command WHERE state IN ('queued', 'sent')`.execute(db);
  for (const r of rows.rows) if (!due.has(r.device)) markDue(r.device);
}

let listening: (() => void) | undefined;
/** Marks robots as commands are queued in any process (once per process). */
export function listenForQueued() {
  listening ??= subscribe((e) => {
    if (e.type === 'command.changed' && e.data.state === 'queued' && typeof e.data.device === 'string')
      markDue(e.data.device);
  });
}
