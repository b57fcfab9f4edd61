// What a resource does beyond the declaration: invariants that span fields, derived values, actions
// with their own logic. Kept beside the generic service so that the common path stays one path.
import type { Expression, Selectable, SqlBool } from 'kysely';
import type { DB, Tables } from '../db';
import type { CallContext } from '../auth/context';
import type { ResourceDef } from '../../resources/types';

export type Row = Record<string, unknown>;

/**
 * A hook's row as its table's row type. The generic service reads a declaration's table chosen at run time
 * (table.ts), so hooks receive plain records; a row it loaded (`existing`, `saved`: selectAll of the
 * declaration's table) is that table's row, which this one narrow, unchecked step says to the compiler.
 */
export function rowOf<T extends keyof Tables>(_table: T, row: Row): Selectable<Tables[T]> {
  return row as Selectable<Tables[T]>;
}

export interface WriteContext {
  trx: DB;
  ctx: CallContext;
  def: ResourceDef;
  mode: 'create' | 'edit';
  /** validated values about to be written; a hook may change them */
  values: Row;
  /** the row before an edit */
  existing?: Row;
  /** values added to this call's answer only (e.g. a device key shown once) */
  reply: Row;
}

export interface ActionContext {
  trx: DB;
  ctx: CallContext;
  def: ResourceDef;
  existing: Row;
  /** the action's validated body fields */
  body: Row;
  /** values added to this call's answer only */
  reply: Row;
}

/** One checked line of a selection action (ActionDef.lines): the row, the version it was listed with, its inputs. */
export interface Line {
  /** counted from 1, for messages that name it */
  line: number;
  _id: string;
  version: number;
  values: Row;
}

export interface ResourceHooks {
  /** checks and shapes a write before it reaches the database (after validation and tenant settling) */
  beforeWrite?(w: WriteContext): Promise<void> | void;
  /** runs in the same transaction after the row is written */
  afterWrite?(w: WriteContext & { saved: Row }): Promise<void> | void;
  /** refuses an edit, removal or action on this existing row (e.g. an account ranked above the caller) */
  guard?(a: Omit<ActionContext, 'body' | 'reply'> & { verb: string }): Promise<void> | void;
  /** checks a removal before it happens */
  beforeRemove?(a: Omit<ActionContext, 'body' | 'reply'>): Promise<void> | void;
  /** actions whose logic is more than setting fields; returns the updated row */
  actions?: Record<string, (a: ActionContext) => Promise<Row | undefined>>;
  /** selection actions (ActionDef.lines): apply every checked line inside the one transaction given; returns
   * one answer row per line */
  lines?: Record<string, (a: { trx: DB; ctx: CallContext; def: ResourceDef; lines: Line[] }) => Promise<Row[]>>;
  /** after a declared `set` action, in the same transaction (e.g. revoke sessions on freeze) */
  afterAction?(name: string, a: ActionContext & { saved: Row }): Promise<void> | void;
  /** extra read-only values on a record (names of references and the like), in lists and details alike */
  present?(rows: Row[], db: DB, ctx: CallContext): Promise<void> | void;
  /** extra values only the detail shows (an order's refund and profit share): a list reads only what it shows */
  presentDetail?(rows: Row[], db: DB, ctx: CallContext): Promise<void> | void;
  /** the equality filter of each `derived` field: a condition on the resource's table for the value asked */
  filters?: Record<string, (value: unknown) => Expression<SqlBool>>;
}

const registry = new Map<string, ResourceHooks>();

export function registerHooks(name: string, hooks: ResourceHooks) {
  registry.set(name, hooks);
}

export function hooksOf(name: string): ResourceHooks {
  return registry.get(name) ?? {};
}
