// Handing commands to robots, their acknowledgements, and expiry (docs/commands.md, "Robot side").
// Every step is one statement that takes the rows it changes (FOR UPDATE SKIP LOCKED, or the row's own lock)
// and returns them, so with several server processes on one PostgreSQL each due command is handed over once per
// resend interval and each outcome is recorded once.
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';
import { groupCommit } from '../../db/groupCommit';
import { setting } from '../../config';
import { publish, publishRightsChange } from '../../events/bus';
import { writeLog } from '../../log';
import { ApiError, conflict } from '../../http/errors';
import { robotActor, type GatewayDevice } from '../../auth/robot';
import {
  announced,
  outcomeWebhook,
  recorded,
  recordedCtes,
  systemActor,
  type Actor,
  type CommandRow,
  type StatementActor,
} from './ledger';
import { clearDue, dueMark } from './due';
import { setLocked as setDeviceLocked } from '../fleet/robotState';
import {
  contributorsOf,
  outcomeCommands,
  publishInTransaction,
  type BeatAck,
  type Contributions,
} from '../../events/domain';

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

/** The hand-over's log entries: by the service, on the robot's beat. */
const delivery: StatementActor = {
  operator: sql`'system:delivery'`,
  accountType: 'SYSTEM',
  dealer: sql`NULL`,
  ip: sql`''`,
  action: sql`'deliver'`,
};

/**
 * Hands over the due commands of these robots: queued ones, and sent ones unacknowledged for a resend interval,
 * not expired; oldest first. Answers them by robot, and the robots that still have open commands (sent, waiting).
 * One statement, whatever is due: the take, its log entries and live events (recordedCtes), and which robots have
 * commands open. It was a read, then a transaction of six statements when something was due — seven round trips to
 * hand a campaign's command over (`npm run bench:beat`, docs/performance.md).
 */
async function handOver(
  db: DB,
  devices: string[],
): Promise<{ byDevice: Map<string, CommandRow[]>; open: Set<string> }> {
  const byDevice = new Map<string, CommandRow[]>();
  const r = await sql<CommandRow & { open: string[]; told: number }>`
    WITH taken AS (
      UPDATE command c SET state = 'sent', attempts = c.attempts + 1, sent_time = now(), version = c.version + 1
       WHERE c._id IN (
         SELECT _id FROM command
          WHERE device = ANY(${devices}::text[]) AND state IN ('queued', 'sent') AND expires_at > now()
            AND (state = 'queued' OR sent_time <= now() - make_interval(secs => ${resendSeconds()}))
          ORDER BY _id FOR UPDATE SKIP LOCKED)
      RETURNING c.*),
    ${recordedCtes('taken', delivery)}
    -- one row even when nothing was taken: the open robots (a taken command stays open, sent, until its outcome)
    SELECT o.open, o.told, t.*
      FROM (SELECT coalesce(array_agg(DISTINCT device), '{}') AS open, (SELECT count(*) FROM told)::int AS told
              FROM command WHERE device = ANY(${devices}::text[]) AND state IN ('queued', 'sent')) o
      LEFT JOIN taken t ON true`.execute(db);
  const open = new Set<string>(r.rows[0]?.open ?? []);
  const rows: CommandRow[] = r.rows
    .filter((x) => x._id !== null)
    .map(({ open: _o, told: _t, ...row }) => row as CommandRow)
    .sort(
      (a, b) => new Date(a.create_time).getTime() - new Date(b.create_time).getTime() || a._id.localeCompare(b._id),
    );
  if (!rows.length) return { byDevice, open };
  for (const row of rows) byDevice.set(row.device, [...(byDevice.get(row.device) ?? []), row]);
  hintMore(rows);
  await announced(rows);
  // what others add as a command is handed over: an update carries where to fetch the image and how to check it
  // (the campaigns feature, docs/campaigns.md, robot side); they read, after the hand-over is committed
  for (const add of contributorsOf('command.handOver')) {
    const extra = await add(db, rows);
    for (const row of rows) if (extra.has(row._id)) row.params = { ...row.params, ...extra.get(row._id) };
  }
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

/** An outcome as recorded (or found recorded already: the same outcome again). */
export interface Acked {
  _id: string;
  state: string;
  /** recorded by this batch, and its robot had nothing else open then (acknowledgeAll) */
  settled?: boolean;
}

/** One robot's outcome of one of its commands, from the address it called from. */
export interface AckOf {
  device: GatewayDevice;
  ack: Ack;
  ip: string;
}

/**
 * A robot's outcome for one of its commands: sent → acknowledged | failed, once. The same outcome again answers
 * the command unchanged; another outcome, or one for an expired or cancelled command, is refused (409); another
 * robot's command is unknown (404). An acknowledged `lock` puts the robot out of service until an acknowledged
 * `unlock` (its sales are refused meanwhile).
 */
export async function acknowledge(db: DB, device: GatewayDevice, ack: Ack, ip: string): Promise<Acked> {
  const [answer] = await acknowledgeAll(db, [{ device, ack, ip }]);
  if (answer instanceof ApiError) throw answer;
  return { _id: answer._id, state: answer.state };
}

/** Commands whose acknowledgement has more to do whoever subscribes: a lock's effect (setLocked). */
const MORE_BY_COMMAND = ['lock', 'unlock'];
/** Commands this process handed over whose outcome has more to do by their command (MORE_BY_COMMAND, a subscriber's,
 * server/events/domain.ts forCommands). A hint only — another process's hand-over is not in it, an outcome goes
 * where the statement finds it belongs — so it is bounded by being forgotten when full. */
const hasMoreHint = new Set<string>();
const HINT_MAX = 100_000;
function hintMore(rows: readonly CommandRow[]) {
  const cared = outcomeCommands();
  if (!cared) return;
  for (const r of rows)
    if (MORE_BY_COMMAND.includes(r.command) || cared.has(r.command)) {
      if (hasMoreHint.size >= HINT_MAX) hasMoreHint.clear();
      hasMoreHint.add(r._id);
    }
}

/** A batch's outcomes as a statement's rows (`v`): each item's command, robot, new state, result, who said it. */
function outcomesOf(items: readonly AckOf[], batch: number[]) {
  const col = <T>(f: (it: AckOf) => T) => batch.map((i) => f(items[i]));
  return sql`SELECT * FROM unnest(${col((it) => it.ack.id)}::text[], ${col((it) => it.device._id)}::text[],
                               ${col((it) => targetOf(it.ack))}::text[],
                               ${col((it) => (it.ack.result === null ? null : JSON.stringify(it.ack.result)))}::text[],
                               ${col((it) => `device:${it.device.device_id}`)}::text[], ${col((it) => it.device.dealer)}::text[],
                               ${col((it) => it.ip)}::text[], ${batch}::int[])
                 AS v(id, device, state, result, operator, dealer, ip, item)`;
}
const targetOf = (a: Ack) => (a.status === 'ok' ? 'acknowledged' : 'failed');

/** An outcome's log entries: by the robot, from the address it called from. */
const byRobot: StatementActor = {
  operator: sql`acked.by_operator`,
  accountType: 'DEVICE',
  dealer: sql`acked.by_dealer`,
  ip: sql`acked.by_ip`,
  action: sql`CASE acked.state WHEN 'acknowledged' THEN 'acknowledge' ELSE 'fail' END`,
};

/** The webhook event an outcome `state` (SQL) is sent as. */
const outcomeEvent = (state: RawBuilder<unknown>) =>
  sql`(CASE ${state} WHEN 'acknowledged' THEN 'command_acknowledged' ELSE 'command_failed' END)`;

/** The outcome `state` of command `c` has something to do beside the row's own write, in its transaction: a lock's
 * effect, a subscriber that cares for its command (`needs`), or a brand's webhook subscribed to it. */
const hasMore = (c: RawBuilder<unknown>, state: RawBuilder<unknown>, needs: string[]) =>
  sql`(${c}.command = ANY(${needs}::text[])
       OR EXISTS (SELECT 1 FROM webhook w WHERE w.integrator = ${c}.integrator AND w.enabled
                     AND ${outcomeEvent(state)} = ANY(w.events)))`;

/**
 * The CTEs that record a batch's outcomes (`acked`: the commands `only` admits of those handed over and still in
 * time) with their log entries and live events (recordedCtes), for a statement's final SELECT to follow.
 */
const recording = (items: readonly AckOf[], batch: number[], only: RawBuilder<unknown>) => sql`
  WITH v AS (${outcomesOf(items, batch)}),
  acked AS (
    UPDATE command c SET state = v.state, result = v.result::jsonb, done_time = now(), version = c.version + 1
      FROM v
     WHERE c._id = v.id AND c.device = v.device AND c.state = 'sent' AND c.expires_at > now() AND ${only}
       -- the rows locked in one order, whoever else takes several (another process's batch): no deadlock
       AND c._id IN (SELECT _id FROM command WHERE _id IN (SELECT id FROM v) ORDER BY _id FOR UPDATE)
    RETURNING c.*, v.operator AS by_operator, v.dealer AS by_dealer, v.ip AS by_ip, v.item),
  ${recordedCtes('acked', byRobot)}`;

/** An `acked` row's robot has nothing else open (as of this statement): its next look for due commands is not needed. */
const settled = sql`NOT EXISTS (SELECT 1 FROM command o WHERE o.device = a.device AND o.state IN ('queued', 'sent')
                                  AND o._id NOT IN (SELECT _id FROM acked))`;

type AckedRow = CommandRow & { item: number; settled: boolean; by_operator: string; by_dealer: string; by_ip: string };
const rowOf = ({ by_operator: _o, by_dealer: _d, by_ip: _i, item: _n, settled: _s, ...row }: AckedRow) =>
  row as unknown as CommandRow;

/**
 * Outcomes of several robots' commands (a batch of heartbeats carrying `acks`, or one `command/ack`), each answered
 * as acknowledge() answers it: its command's new state, or the refusal. The common case — commands handed over and
 * still in time, whose outcome has nothing more to do (no lock, no subscriber that cares for the command, no
 * webhook) — is one statement whatever their number: the update with its log entries and live events (recordedCtes).
 * A campaign's robots report as often as they beat, and the transaction around it (BEGIN, COMMIT) was two of its
 * three round trips (docs/performance.md, "The heartbeat"). The outcomes that have more to do are recorded together in
 * one transaction with it (recordWithMore); every other case (refused, or the same outcome again, or a second
 * outcome for one command in the batch) is judged alone afterwards.
 */
export async function acknowledgeAll(db: DB, items: readonly AckOf[]): Promise<Array<Acked | ApiError>> {
  const out: Array<Acked | ApiError | undefined> = items.map(() => undefined);
  // a command named twice in the batch: its first outcome goes with the batch, the other is judged after it
  const lead = new Map<string, number>();
  items.forEach((it, i) => {
    if (!lead.has(it.ack.id)) lead.set(it.ack.id, i);
  });
  const batch = [...lead.values()];
  // the commands whose outcomes a subscriber cares for (server/events/domain.ts forCommands), and the lock's pair;
  // with a subscriber that cares for every command, every outcome has more to do
  const cared = outcomeCommands();
  // a command this process handed over and knows has more to do goes straight to the transaction: a firmware
  // campaign's outcomes cost no statement that records nothing
  const known = cared ? batch.filter((i) => hasMoreHint.has(items[i].ack.id)) : batch;
  const rest = cared ? batch.filter((i) => !hasMoreHint.has(items[i].ack.id)) : [];
  for (const i of batch) hasMoreHint.delete(items[i].ack.id);
  const more = rest.length ? await recordAlone(db, items, rest, [...MORE_BY_COMMAND, ...cared!], out) : [];
  if (known.length || more.length) await recordWithMore(db, items, [...known, ...more], out);
  for (let i = 0; i < items.length; i++) {
    if (out[i]) continue;
    const { device, ack, ip } = items[i];
    try {
      out[i] = await acknowledgeOne(db, device, ack, ip);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      out[i] = e;
    }
  }
  return out as Array<Acked | ApiError>;
}

/**
 * One statement, no transaction around it: records the batch's outcomes that have nothing more to do, and answers
 * the items whose outcome has (`needs`' commands, a webhook), for recordWithMore. The rows are locked in one order,
 * as recordWithMore's are, so two processes' batches cannot deadlock; which items have more is read from the
 * statement's snapshot, a hint only: an item neither recorded nor named goes to acknowledgeOne, which judges it.
 */
async function recordAlone(
  db: DB,
  items: readonly AckOf[],
  batch: number[],
  needs: string[],
  out: Array<Acked | ApiError | undefined>,
): Promise<number[]> {
  const r = await sql<AckedRow & { more: number[]; told: number }>`
    ${recording(items, batch, sql`NOT ${hasMore(sql`c`, sql`v.state`, needs)}`)}
    -- one row even when nothing was recorded: the items that have more to do
    SELECT m.more, (SELECT count(*) FROM told)::int AS told, a.*, ${settled} AS settled
      FROM (SELECT coalesce(array_agg(v.item), '{}') AS more
              FROM v JOIN command c ON c._id = v.id AND c.device = v.device
             WHERE c.state = 'sent' AND c.expires_at > now() AND ${hasMore(sql`c`, sql`v.state`, needs)}) m
      LEFT JOIN acked a ON true`.execute(db);
  const rows = r.rows.filter((x) => x._id !== null);
  await announced(rows.map(rowOf));
  for (const x of rows) out[x.item] = { _id: x._id, state: x.state, settled: x.settled };
  return (r.rows[0]?.more ?? []).map(Number);
}

/**
 * The batch's outcomes in one transaction of three statements whatever their number: the update with its log
 * entries and live events (recordedCtes), then, for the rows that need it, a lock's effect, the outcome's subscribers
 * and the brand's webhooks.
 */
async function recordWithMore(
  db: DB,
  items: readonly AckOf[],
  batch: number[],
  out: Array<Acked | ApiError | undefined>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await sql<AckedRow & { hooked: boolean; told: number }>`
      ${recording(items, batch, sql`true`)}
      SELECT a.*, (SELECT count(*) FROM told)::int AS told, ${settled} AS settled,
             EXISTS (SELECT 1 FROM webhook w WHERE w.integrator = a.integrator AND w.enabled
                        AND ${outcomeEvent(sql`a.state`)} = ANY(w.events)) AS hooked
        FROM acked a`.execute(trx);
    await announced(r.rows.map(({ hooked: _h, told: _t, ...x }) => rowOf(x)));
    for (const { hooked, told: _t, ...x } of r.rows) {
      const row = rowOf(x);
      const { device, ip } = items[x.item];
      if (row.state === 'acknowledged' && MORE_BY_COMMAND.includes(row.command))
        await setLocked(trx, row, robotActor(device, ip));
      // what the outcome means elsewhere (a menu synced, a firmware installed) is the subscribers', in this transaction
      await publishInTransaction(trx, 'command.outcome', {
        _id: row._id,
        device: row.device,
        command: row.command,
        state: row.state as 'acknowledged' | 'failed',
        params: row.params ?? {},
        result: row.result ?? null,
      });
      if (hooked) await outcomeWebhook(trx, row);
      out[x.item] = { _id: row._id, state: row.state, settled: x.settled };
    }
  });
}

/**
 * Outcomes carried by heartbeats (`acks`, docs/commands.md): the beats that arrive together go as one batch
 * (acknowledgeAll), as their beats do (group commit, server/db/groupCommit.ts). Answers each beat's outcomes in its
 * order: the command's state, or why it was refused. The commands feature's `beat.acks` contribution.
 */
export const acksForBeats: Contributions['beat.acks'] = (db) => {
  const run = groupCommit(
    async (beats: Array<{ device: GatewayDevice; acks: BeatAck[]; ip: string; mark: number | undefined }>) => {
      const items: AckOf[] = [];
      const where = beats.map((b) =>
        b.acks.map((a): number | ApiError => {
          try {
            return items.push({ device: b.device, ack: ackOf(a), ip: b.ip }) - 1;
          } catch (e) {
            if (e instanceof ApiError) return e;
            throw e;
          }
        }),
      );
      const answers = await acknowledgeAll(db, items);
      // a robot whose outcomes left it nothing open leaves the due set, so its beat's look for commands costs no
      // statement — unless a command was queued for it since its beat began (a newer mark, server/features/commands/due.ts)
      beats.forEach((b, i) => {
        const mine = where[i].map((x) => (typeof x === 'number' ? answers[x] : x));
        if (b.mark !== undefined && mine.some((a) => !(a instanceof ApiError) && a.settled))
          clearDue(b.device._id, b.mark);
      });
      return where.map((w) => w.map((x) => (typeof x === 'number' ? answers[x] : x)));
    },
    { name: 'ack' },
  );
  return async (device, acks, ip) => {
    // read before the outcomes' statement: a command queued after it began marks the robot anew
    const mark = dueMark(device._id);
    const answers = (await run({ device, acks, ip, mark })) ?? [];
    return answers.map((a) => (a instanceof ApiError ? a : { _id: a._id, state: a.state }));
  };
};

/** One outcome the batch did not take (acknowledgeAll): recorded if it can be now, else why not. */
async function acknowledgeOne(db: DB, device: GatewayDevice, ack: Ack, ip: string): Promise<Acked> {
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
    if (target === 'acknowledged' && MORE_BY_COMMAND.includes(saved.command)) await setLocked(trx, saved, actor);
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
