// Handing commands to robots, their acknowledgements, and expiry (docs/commands.md, "Robot side").
// Every step is one statement that takes the rows it changes (FOR UPDATE SKIP LOCKED, or the row's own lock)
// and returns them, so with several server processes on one PostgreSQL each due command is handed over once per
// resend interval and each outcome is recorded once.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { groupCommit } from '../../db/groupCommit';
import { setting } from '../../config';
import { publish, publishRightsChange } from '../../events/bus';
import { writeLog } from '../../log';
import { ApiError, conflict } from '../../http/errors';
import { robotActor, type GatewayDevice } from '../../auth/robot';
import { recorded, systemActor, type Actor, type CommandRow } from './ledger';
import { clearDue, dueMark } from './due';
import { setLocked as setDeviceLocked } from '../fleet/robotState';
import { contributorsOf, publishInTransaction } from '../../events/domain';

/** A command as the robot receives it. */
export interface Handed {
  id: string;
  command: string;
  params: Record<string, unknown>;
  expires_at: string;
}

const handed = (r: CommandRow): Handed => ({
  id: r._id,
  command: r.command,
  params: r.params ?? {},
  expires_at: new Date(r.expires_at).toISOString(),
});

/** Seconds a handed-over command waits for its acknowledgement before it is handed over again (same id). */
export const resendSeconds = () => setting('COMMAND_RESEND_SECONDS');

/**
 * Hands over the due commands of these robots: queued ones, and sent ones unacknowledged for a resend interval,
 * not expired; oldest first. Answers them by robot, and the robots that still have open commands (sent, waiting).
 */
async function handOver(
  db: DB,
  devices: string[],
): Promise<{ byDevice: Map<string, CommandRow[]>; open: Set<string> }> {
  const byDevice = new Map<string, CommandRow[]>();
  const open = new Set<string>();
  // First one read: which of these robots have open commands, and whether any is due now. A robot handed its
  // command stays open until it acknowledges, and beats meanwhile: those beats took a transaction of four
  // statements each batch (begin, the take, the open ones, commit) to hand over nothing (`npm run bench:beat`,
  // docs/performance.md). Now they cost this one statement, and the take below runs only when something is due.
  const seen = await sql<{ device: string; due: boolean }>`
    SELECT device, bool_or(expires_at > now() AND (state = 'queued' OR sent_time <= now() - make_interval(secs => ${resendSeconds()}))) AS due
      FROM command WHERE device = ANY(${devices}::text[]) AND state IN ('queued', 'sent') GROUP BY device`.execute(db);
  for (const r of seen.rows) open.add(r.device);
  if (!seen.rows.some((r) => r.due)) return { byDevice, open };
  open.clear();
  await db.transaction().execute(async (trx) => {
    const taken = await sql<CommandRow>`
      UPDATE command c SET state = 'sent', attempts = c.attempts + 1, sent_time = now(), version = c.version + 1
       WHERE c._id IN (
         SELECT _id FROM command
          WHERE device = ANY(${devices}::text[]) AND state IN ('queued', 'sent') AND expires_at > now()
            AND (state = 'queued' OR sent_time <= now() - make_interval(secs => ${resendSeconds()}))
          ORDER BY _id FOR UPDATE SKIP LOCKED)
      RETURNING c.*`.execute(trx);
    const rows = taken.rows.sort(
      (a, b) => new Date(a.create_time).getTime() - new Date(b.create_time).getTime() || a._id.localeCompare(b._id),
    );
    for (const r of rows) byDevice.set(r.device, [...(byDevice.get(r.device) ?? []), r]);
    // handed over by the service on the robot's beat
    if (rows.length) await recorded(trx, systemActor('delivery'), 'deliver', rows);
    // what others add as a command is handed over: an update carries where to fetch the image and how to check it
    // (the campaigns feature, docs/campaigns.md, robot side)
    if (rows.length)
      for (const add of contributorsOf('command.handOver')) {
        const extra = await add(trx, rows);
        for (const r of rows) if (extra.has(r._id)) r.params = { ...r.params, ...extra.get(r._id) };
      }
    const still = await sql<{
      device: string;
    }>`SELECT DISTINCT device FROM command WHERE device = ANY(${devices}::text[]) AND state IN ('queued', 'sent')`.execute(
      trx,
    );
    for (const r of still.rows) open.add(r.device);
  });
  return { byDevice, open };
}

/**
 * What a robot's heartbeat (or poll) answers as `data.commands`. A robot with nothing waiting in this process's
 * set (server/features/commands/due.ts) costs nothing; the others go to the database together (group commit).
 */
export function commandsForBeats(db: DB): (device: string) => Promise<Handed[]> {
  const take = groupCommit(
    async (items: Array<{ device: string; mark: number }>) => {
      const { byDevice, open } = await handOver(db, [...new Set(items.map((i) => i.device))]);
      const served = new Set<string>();
      return items.map((i) => {
        if (!open.has(i.device)) clearDue(i.device, i.mark);
        // a robot beating twice in one batch gets its commands once
        if (served.has(i.device)) return [];
        served.add(i.device);
        return (byDevice.get(i.device) ?? []).map(handed);
      });
    },
    { name: 'command' },
  );
  return async (device) => {
    const mark = dueMark(device);
    if (mark === undefined) return [];
    return (await take({ device, mark })) ?? [];
  };
}

/** Largest `result` an acknowledgement may carry, as JSON. */
export const MAX_RESULT_BYTES = 2000;
const MAX_ID = 100;

export interface Ack {
  id: string;
  status: 'ok' | 'failed';
  result: Record<string, unknown> | null;
}

/** An acknowledgement as its schema (server/features/gateway/commands.ts) let it through: an id that is no text of
 * 1 to MAX_ID characters names no command of this robot (404, like another robot's). */
export function ackOf(body: { id?: unknown; status: Ack['status']; result?: Record<string, unknown> | null }): Ack {
  const { id, status, result } = body;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID)
    throw new ApiError(404, 'vf.commands.error.not_found_command');
  return { id, status, result: result ?? null };
}

/**
 * A robot's outcome for one of its commands: sent → acknowledged | failed, once. The same outcome again answers
 * the command unchanged; another outcome, or one for an expired or cancelled command, is refused (409); another
 * robot's command is unknown (404). An acknowledged `lock` puts the robot out of service until an acknowledged
 * `unlock` (its sales are refused meanwhile).
 */
export async function acknowledge(
  db: DB,
  device: GatewayDevice,
  ack: Ack,
  ip: string,
): Promise<{ _id: string; state: string }> {
  const target = ack.status === 'ok' ? 'acknowledged' : 'failed';
  const actor: Actor = robotActor(device, ip);
  let late: ApiError | undefined;
  const row = await db.transaction().execute(async (trx) => {
    // The common case in one statement: a command handed over and still in time takes its outcome. A campaign's
    // robots acknowledge as often as they beat, and the row read FOR UPDATE and then updated was a round trip of
    // each (docs/performance.md, "The heartbeat"). Every other case reads the row, locked, to say why.
    const taken = await trx
      .updateTable('command')
      .set({
        state: target,
        result: ack.result === null ? null : JSON.stringify(ack.result),
        done_time: sql`now()`,
        version: sql`version + 1`,
      })
      .where('_id', '=', ack.id)
      .where('device', '=', device._id)
      .where('state', '=', 'sent')
      .where('expires_at', '>', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
    const saved = taken ?? (await refused(trx, ack.id, device._id, target));
    if (!taken) {
      // it expired just now: recorded, and the late outcome refused
      if (saved.state === 'expired')
        late = conflict('vf.commands.error.ack_state', { state: 'vf.commands.state.expired' });
      return saved;
    }
    await recorded(trx, actor, target === 'acknowledged' ? 'acknowledge' : 'fail', [saved]);
    if (target === 'acknowledged' && (saved.command === 'lock' || saved.command === 'unlock'))
      await setLocked(trx, saved, actor);
    // what the outcome means elsewhere (a menu synced, a firmware installed) is the subscribers', in this transaction
    await publishInTransaction(trx, 'command.outcome', {
      _id: saved._id,
      device: saved.device,
      command: saved.command,
      state: target,
      params: saved.params ?? {},
      result: saved.result ?? null,
    });
    return saved;
  });
  if (late) throw late;
  return { _id: row._id, state: row.state };
}

/**
 * An outcome the command could not take at once (acknowledge): the same outcome again answers the row unchanged; a
 * command past its time expires now (recorded) and the caller refuses the late outcome; every other state is refused
 * here. The row is read locked, so a sweep or a second acknowledgement cannot move it meanwhile.
 */
async function refused(trx: DB, id: string, device: string, target: CommandRow['state']): Promise<CommandRow> {
  const r = await trx
    .selectFrom('command')
    .selectAll()
    .where('_id', '=', id)
    .where('device', '=', device)
    .forUpdate()
    .executeTakeFirst();
  if (!r) throw new ApiError(404, 'vf.commands.error.not_found_command');
  if (r.state === target) return r;
  if (r.state === 'queued') throw conflict('vf.commands.error.not_sent');
  if (r.state !== 'sent') throw conflict('vf.commands.error.ack_state', { state: `vf.commands.state.${r.state}` });
  // sent, and past its time (the one statement of the common case found it so)
  const expired = await expireRows(trx, [r._id]);
  return expired[0] ?? r;
}

/** The robot obeyed a lock or an unlock: its sales are refused, or accepted again, from now on. */
async function setLocked(trx: DB, c: CommandRow, actor: Actor) {
  const lock = c.command === 'lock';
  const d = await setDeviceLocked(
    trx,
    c.device,
    lock ? { reason: String(c.params.reason ?? ''), by: c.created_by } : undefined,
  );
  if (!d) return;
  const entry = {
    record: d._id,
    integrator: d.integrator,
    dealer: d.dealer,
    after: { locked: d.locked, lock_reason: d.lock_reason, locked_by: d.locked_by },
  };
  if (lock) await writeLog(trx, actor, { action: 'lock', resource: 'device', ...entry });
  else await writeLog(trx, actor, { action: 'unlock', resource: 'device', ...entry });
  // the robot list and page show it at once (its status event, with the lock)
  await publish({ type: 'device.status', integrator: d.integrator, dealer: d.dealer ?? null, data: { ...d } }, trx);
  // its sales are refused (or taken) at once on every process: each forgets the row it kept for the robot's key
  // (server/features/gateway/keyCache.ts), and this acknowledgement answers once they all have
  await publishRightsChange({ devices: [d._id] }, trx);
}

async function expireRows(trx: DB, ids: string[]): Promise<CommandRow[]> {
  const r = await sql<CommandRow>`
    UPDATE command SET state = 'expired', done_time = now(), version = version + 1
     WHERE _id = ANY(${ids}::text[]) AND state IN ('queued', 'sent') RETURNING *`.execute(trx);
  await recorded(trx, systemActor('expiry'), 'expire', r.rows);
  return r.rows;
}

/** Commands expired per transaction: a chunk holds only its own rows, and skips rows another sweep or a robot holds. */
export const EXPIRY_CHUNK = 200;

/** Sets expired every open command past its `expires_at`; answers how many. Any number of processes may run it. */
export async function expireCommands(db: DB): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const due = await sql<{ _id: string }>`
        SELECT _id FROM command WHERE state IN ('queued', 'sent') AND expires_at <= now()
         ORDER BY expires_at LIMIT ${EXPIRY_CHUNK} FOR UPDATE SKIP LOCKED`.execute(trx);
      if (!due.rows.length) return 0;
      return (
        await expireRows(
          trx,
          due.rows.map((r) => r._id),
        )
      ).length;
    });
    total += n;
    if (n < EXPIRY_CHUNK) return total;
  }
}
