// The command ledger (resources/command.ts, docs/commands.md): queueing a command for robots, and every state
// change after it — each one logged, announced live (`command.changed`, scoped like the robots) and, for an
// outcome, sent to the brand's webhooks. Other features queue through `queueCommand` (telemetry rules lock a
// robot that is too warm): its signature stays as it is.
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';
import { isoText } from '../../db/isoText';
import type { RecordOf } from '../../crud/hooks';
import { logInsert, newId, writeLogs, type Actor } from '../../log';
import { CHANNEL, publishAll, relayed } from '../../events/bus';
import { emitWebhook } from '../webhooks/queue';
import { ApiError, badRequest, invalid } from '../../http/errors';
import { isObject, validateFields } from '../../../resources/validate';
import { COMMAND_NAMES, DEFAULT_EXPIRES_IN, MAX_EXPIRES_IN, commandParams } from '../../../resources/command';
import { markDue } from './due';

/** A command's row as the ledger reads it: derived from the declaration (resources/command.ts), like every
 * declared table's row (server/db/schema/rows.ts), so a column added there is typed here with nothing to cast. */
export type CommandRow = RecordOf<'command'>;

/** Who a ledger write is by, for the operation log: an account, a robot (`device:<id>`) or the service itself. */
export type { Actor };

/** The service acting on its own (a telemetry rule, the expiry sweep): `system:<what>` in the log and on the row. */
export const systemActor = (what: string): Actor => ({
  ip: '',
  user: { _id: `system:${what}`, account_type: 'SYSTEM' },
});

/** A command name and its parameters, checked by the declared catalogue; 400 (nothing queued) otherwise. */
export function checkCommand(command: unknown, params: unknown): { command: string; params: Record<string, unknown> } {
  const fields = typeof command === 'string' ? commandParams(command) : undefined;
  if (!fields)
    throw badRequest('vf.commands.error.command', {
      command: String(command ?? '').slice(0, 40),
      commands: COMMAND_NAMES.join(', '),
    });
  if (params !== undefined && params !== null && !isObject(params))
    throw invalid({ params: { key: 'vf.validation.type_json' } });
  const { values, errors } = validateFields(fields, (params ?? {}) as Record<string, unknown>, 'create');
  if (Object.keys(errors).length)
    throw invalid(Object.fromEntries(Object.entries(errors).map(([k, e]) => [`params.${k}`, e])));
  return {
    command: command as string,
    params: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)),
  };
}

export function checkExpiresIn(v: unknown): number {
  if (v === undefined || v === null) return DEFAULT_EXPIRES_IN;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_EXPIRES_IN)
    throw badRequest('vf.commands.error.expires_in', { max: MAX_EXPIRES_IN });
  return v;
}

/** What a browser needs to move a command's row: its state and times. */
const liveData = (r: CommandRow) => ({
  _id: r._id,
  device: r.device,
  command: r.command,
  state: r.state,
  attempts: r.attempts,
  sent_time: r.sent_time,
  done_time: r.done_time,
});
export const changedEvent = (r: CommandRow) => ({
  type: 'command.changed' as const,
  integrator: r.integrator,
  dealer: r.dealer,
  data: liveData(r),
});

/** The log entry of one state change (`action` is the change: send, deliver, acknowledge, fail, expire). */
const entryOf = (r: CommandRow) => ({
  record: r._id,
  integrator: r.integrator,
  dealer: r.dealer,
  after: { device: r.device, command: r.command, state: r.state, attempts: r.attempts },
});

/** Logs and announces state changes that happened together, in the caller's transaction. */
export async function recorded(
  trx: DB,
  actor: Actor,
  action: 'send' | 'deliver' | 'acknowledge' | 'fail' | 'expire' | 'cancel',
  rows: CommandRow[],
) {
  if (!rows.length) return;
  const logs = rows.map((r) => ({ action, resource: 'command', ...entryOf(r) }));
  await writeLogs(trx, actor, logs);
  await publishAll(rows.map(changedEvent), trx);
  for (const r of rows) {
    if (r.state === 'acknowledged' || r.state === 'failed' || r.state === 'expired') {
      const type =
        r.state === 'acknowledged'
          ? 'command_acknowledged'
          : r.state === 'failed'
            ? 'command_failed'
            : 'command_expired';
      await emitWebhook(trx, { type, integrator: r.integrator, data: webhookData(r) });
    }
  }
}

/** An outcome's webhook event (`command_acknowledged`, `command_failed`), in the caller's transaction. */
export async function outcomeWebhook(trx: DB, r: CommandRow) {
  const type = r.state === 'acknowledged' ? 'command_acknowledged' : 'command_failed';
  await emitWebhook(trx, { type, integrator: r.integrator, data: webhookData(r) });
}

/** Who a statement's log entries name (recorded()'s actor), as SQL over the changed rows' CTE. */
export interface StatementActor {
  operator: RawBuilder<unknown>;
  accountType: 'DEVICE' | 'SYSTEM';
  /** the actor's store, for a row without one (rowOf's fallback) */
  dealer: RawBuilder<unknown>;
  ip: RawBuilder<unknown>;
  action: RawBuilder<unknown>;
}

/**
 * recorded()'s log entries and live events for the command rows a statement changes, as two CTEs of that same
 * statement (`logged`, `told`) after the CTE `rows` that returns them: a hand-over or an acknowledgement is then one
 * round trip instead of three, each a write to PostgreSQL the process pays for (docs/performance.md, "The
 * heartbeat"). The caller's statement must read `(SELECT count(*) FROM told)`, or its NOTIFYs are not sent; without
 * the NOTIFY relay (PGlite) `told` is empty and the caller hands the events over with `announced` instead.
 */
export function recordedCtes(rows: 'taken' | 'acked', who: StatementActor) {
  const t = sql.raw(rows);
  const told = relayed()
    ? sql`SELECT pg_notify(${CHANNEL}, json_build_object('type', 'command.changed', 'integrator', ${t}.integrator,
            'dealer', ${t}.dealer, 'data', json_build_object('_id', ${t}._id, 'device', ${t}.device, 'command', ${t}.command,
            'state', ${t}.state, 'attempts', ${t}.attempts, 'sent_time', ${isoText(sql`${t}.sent_time`)},
            'done_time', ${isoText(sql`${t}.done_time`)}))::text) FROM ${t}`
    : sql`SELECT 1 FROM ${t} WHERE false`;
  // the log is the core's table: its INSERT is server/log.ts's, run as a CTE of this statement
  const logged = logInsert(t, {
    operator: who.operator,
    account_type: who.accountType,
    integrator: sql`${t}.integrator`,
    dealer: sql`coalesce(${t}.dealer, ${who.dealer})`,
    action: who.action,
    resource: 'command',
    record: sql`${t}._id`,
    after: sql`jsonb_build_object('device', ${t}.device, 'command', ${t}.command, 'state', ${t}.state, 'attempts', ${t}.attempts)`,
    ip: who.ip,
  });
  return sql`logged AS (${logged}),
    told AS (${told})`;
}

/** The live events of rows a statement changed where no NOTIFY relay sent them (recordedCtes): this process's. */
export async function announced(rows: CommandRow[]) {
  if (!relayed()) await publishAll(rows.map(changedEvent));
}

const webhookData = (r: CommandRow) => ({
  _id: r._id,
  device: r.device,
  dealer: r.dealer,
  command: r.command,
  params: r.params,
  state: r.state,
  attempts: r.attempts,
  result: r.result,
  created_by: r.created_by,
  create_time: r.create_time,
  done_time: r.done_time,
});

export interface Target {
  _id: string;
  integrator: string;
  dealer: string | null;
}

export interface Queue {
  command: string;
  params: Record<string, unknown>;
  expiresIn: number;
  createdBy: string;
  reason?: string | null;
  idempotencyKey?: string | null;
  /** the campaign queueing it (docs/campaigns.md) */
  campaign?: string | null;
}

/**
 * Queues one command for each robot given (already checked: in the sender's scope, the command and its
 * parameters valid), in one statement. With an idempotency key, a robot that already has this sender's command
 * under that key (sent within a day) gets none more: the unique index decides, so concurrent repeats cannot
 * double either. Answers each robot's command _id (new or earlier).
 */
export async function queueFor(
  trx: DB,
  actor: Actor,
  targets: readonly Target[],
  q: Queue,
): Promise<Map<string, string>> {
  const key = q.idempotencyKey ?? null;
  if (key) {
    // a key older than a day is free again: it no longer names the earlier commands
    await sql`UPDATE command SET idempotency_key = NULL WHERE created_by = ${q.createdBy} AND idempotency_key = ${key} AND create_time < now() - interval '1 day'`.execute(
      trx,
    );
  }
  // the robots' rows are read-locked (the commands' key references them) in the order a heartbeat batch locks
  // them, by _id: taken in the caller's order, a send to 1,000 robots deadlocked with the beats (bench:fleet)
  await sql`SELECT _id FROM device WHERE _id = ANY(${targets.map((t) => t._id)}::text[]) ORDER BY _id FOR KEY SHARE`.execute(
    trx,
  );
  const ids = targets.map(() => newId());
  const inserted = await sql<CommandRow>`
    INSERT INTO command (_id, device, command, params, created_by, reason, expires_at, integrator, dealer, idempotency_key, campaign)
    SELECT t.id, t.device, ${q.command}, ${JSON.stringify(q.params)}::jsonb, ${q.createdBy}, ${q.reason ?? null},
           now() + make_interval(secs => ${q.expiresIn}), t.integrator, t.dealer, ${key}, ${q.campaign ?? null}
      FROM unnest(${ids}::text[], ${targets.map((t) => t._id)}::text[], ${targets.map((t) => t.integrator)}::text[],
                  ${targets.map((t) => t.dealer)}::text[]) AS t(id, device, integrator, dealer)
    ON CONFLICT (created_by, idempotency_key, device) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING *`.execute(trx);
  await recorded(trx, actor, 'send', inserted.rows);
  const out = new Map(inserted.rows.map((r) => [r.device, r._id]));
  if (key && out.size < targets.length) {
    const earlier = await sql<{ _id: string; device: string }>`
      SELECT _id, device FROM command WHERE created_by = ${q.createdBy} AND idempotency_key = ${key} AND device = ANY(${targets.map((t) => t._id)}::text[])`.execute(
      trx,
    );
    for (const r of earlier.rows) if (!out.has(r.device)) out.set(r.device, r._id);
  }
  return out;
}

/** Cancels a campaign's commands still queued (its abort or cancel): logged and announced like every change. */
export async function cancelQueued(trx: DB, actor: Actor, campaign: string): Promise<number> {
  const r = await sql<CommandRow>`
    UPDATE command SET state = 'cancelled', done_time = now(), version = version + 1
     WHERE campaign = ${campaign} AND state = 'queued' RETURNING *`.execute(trx);
  await recorded(trx, actor, 'cancel', r.rows);
  return r.rows.length;
}

/** After the queueing transaction commits: this process hands them over on the robots' next beat (the others
 * learn it from the live event, server/features/commands/due.ts). */
export function queued(devices: Iterable<string>) {
  for (const d of devices) markDue(d);
}

export interface QueueCommand {
  /** the robot's _id */
  device: string;
  command: string;
  params?: Record<string, unknown>;
  /** an account's login name, or `system:<what>` (e.g. `system:telemetry`) */
  createdBy: string;
  /** why the service queued it (a rule's name): shown with the command */
  reason?: string;
  /** seconds (default 600) */
  expiresIn?: number;
}

/**
 * Queues one command for one robot on behalf of an account or the service itself — what other features call
 * (a telemetry rule locking a robot). No permission or tenant check: the caller decided. Validates the command
 * and its parameters against the catalogue (400), refuses an unknown robot (404). `db` may be the caller's
 * transaction; the robot is then handed the command on its first beat after that transaction commits.
 */
export async function queueCommand(db: DB, c: QueueCommand): Promise<CommandRow> {
  const { command, params } = checkCommand(c.command, c.params ?? {});
  const expiresIn = checkExpiresIn(c.expiresIn);
  const run = async (trx: DB) => {
    const robot = await trx
      .selectFrom('device')
      .select(['_id', 'integrator', 'dealer'])
      .where('_id', '=', c.device)
      .executeTakeFirst();
    if (!robot) throw new ApiError(404, 'vf.commands.error.not_found');
    const actor: Actor = c.createdBy.startsWith('system:')
      ? systemActor(c.createdBy.slice(7))
      : { ip: '', user: { _id: c.createdBy } };
    const ids = await queueFor(trx, actor, [robot], {
      command,
      params,
      expiresIn,
      createdBy: c.createdBy,
      reason: c.reason ?? null,
    });
    return trx.selectFrom('command').selectAll().where('_id', '=', ids.get(robot._id)!).executeTakeFirstOrThrow();
  };
  const row = db.isTransaction ? await run(db) : await db.transaction().execute(run);
  // inside a caller's transaction the row may yet roll back: a due mark for nothing costs one empty look
  queued([row.device]);
  return row;
}
