// The operation log: every write, in the same transaction as the write it records.
import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { isObject } from '../resources/validate';
import type { DB } from './db';
import type { CallContext } from './auth/context';
import type { AccountType } from '../resources/accounts';

export const newId = () => randomBytes(12).toString('hex');

export interface LogEntry {
  action: string;
  resource: string;
  record?: string | null;
  before?: unknown;
  after?: unknown;
  /** the tenant the record belongs to, so brand and store accounts see their own logs */
  integrator?: string | null;
  dealer?: string | null;
}

/**
 * Who an entry names: a signed-in account (a call's context is one), a robot (`device:<device_id>`,
 * server/features/gateway/auth.ts robotActor) or the service itself (`system:<what>`).
 */
export interface Actor {
  ip: CallContext['ip'];
  user?: {
    _id: string;
    account_type?: AccountType | 'DEVICE' | 'SYSTEM';
    integrator?: string | null;
    dealer?: string | null;
  };
}

/** Secrets never reach the log. */
function scrub(v: unknown): unknown {
  if (!isObject(v)) return v ?? null;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (/password|secret|token|device_key|key_hash/i.test(k)) continue;
    out[k] = x;
  }
  return out;
}

/** One entry as the table keeps it. */
const rowOf = (ctx: Actor, e: LogEntry) => ({
  _id: newId(),
  operator: ctx.user?._id ?? null,
  account_type: ctx.user?.account_type ?? null,
  integrator: e.integrator ?? ctx.user?.integrator ?? null,
  dealer: e.dealer ?? ctx.user?.dealer ?? null,
  action: e.action,
  resource: e.resource,
  record: e.record ?? null,
  before: e.before === undefined ? null : JSON.stringify(scrub(e.before)),
  after: e.after === undefined ? null : JSON.stringify(scrub(e.after)),
  ip: ctx.ip,
});

export async function writeLog(db: DB, ctx: Actor, e: LogEntry) {
  await db.insertInto('log').values(rowOf(ctx, e)).execute();
}

/** Many entries by one caller in one statement (a command sent to 1,000 robots, a heartbeat batch handing
 * commands over): one INSERT instead of a round trip per entry. */
export async function writeLogs(db: DB, ctx: Actor, entries: readonly LogEntry[]) {
  if (!entries.length) return;
  await db
    .insertInto('log')
    .values(entries.map((e) => rowOf(ctx, e)))
    .execute();
}

/** An entry's columns as SQL over the rows a statement changed (`logInsert`). */
export interface LogColumns {
  operator: RawBuilder<unknown>;
  account_type: RawBuilder<unknown> | string;
  integrator: RawBuilder<unknown>;
  dealer: RawBuilder<unknown>;
  action: RawBuilder<unknown>;
  resource: string;
  record: RawBuilder<unknown>;
  after: RawBuilder<unknown>;
  ip: RawBuilder<unknown>;
}

/**
 * The log's INSERT of one entry for each row of `from` (a CTE of the caller's statement, the rows it changed), to
 * be that statement's CTE: a write and its entries in one round trip (a command's hand-over or outcome,
 * server/features/commands/ledger.ts). Ids as `newId()` makes them (24 hex characters). `after` is written as
 * given, not scrubbed: build it from columns that hold no secret.
 */
export const logInsert = (from: RawBuilder<unknown>, c: LogColumns) =>
  sql`INSERT INTO log (_id, operator, account_type, integrator, dealer, action, resource, record, after, ip)
      SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 24), ${c.operator}, ${c.account_type},
             ${c.integrator}, ${c.dealer}, ${c.action}, ${c.resource}, ${c.record}, ${c.after}, ${c.ip}
        FROM ${from}`;
