// The engine's hooks: what a resource does beyond its declaration (invariants that span fields, derived values,
// actions with their own logic). Each owner defines its resource's hooks where it lives, typed by that resource's
// table (`defineHooks('order', {...})` sees `Selectable<Tables['orders']>` rows), and the app hands ONE list of
// them to the engine when it is built (each feature's `hooks`, gathered in server/features/index.ts) — no registry
// filled as files are imported.
import type { Expression, RawBuilder, Selectable, SqlBool } from 'kysely';
import type { DB, Tables } from '../db';
import type { CallContext } from '../auth/context';
import type { ResourceDef } from '../../resources/types';
import type { declared } from '../../resources';

export type Row = Record<string, unknown>;

type Declared = (typeof declared)[number];
/** The name of a declared resource (resources/index.ts): a hook for any other name does not compile. */
export type ResourceName = Declared['name'];
/** A declared resource's table. */
export type TableOf<N extends ResourceName> = Extract<Declared, { name: N }>['table'];
/** A row of a declared resource's table, as the engine loads it (selectAll). */
export type RecordOf<N extends ResourceName> = TableOf<N> extends keyof Tables ? Selectable<Tables[TableOf<N>]> : Row;

export interface WriteContext<R extends Row = Row> {
  trx: DB;
  ctx: CallContext;
  def: ResourceDef;
  mode: 'create' | 'edit';
  /** validated values about to be written; a hook may change them */
  values: Row;
  /** the row before an edit */
  existing?: R;
  /** values added to this call's answer only (e.g. a device key shown once) */
  reply: Row;
}

export interface ActionContext<R extends Row = Row> {
  trx: DB;
  ctx: CallContext;
  def: ResourceDef;
  existing: R;
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

/** A resource's hooks, its rows typed `R` (the engine itself sees plain records). */
export interface Hooks<R extends Row = Row> {
  /** checks and shapes a write before it reaches the database (after validation and tenant settling) */
  beforeWrite?(w: WriteContext<R>): Promise<void> | void;
  /** `beforeWrite` for many writes at once (the rows of one import batch, no two with the same key): the same
   * checks in one statement instead of one per row. Answers, for each write in order, what `beforeWrite` would
   * have thrown for it, or undefined. A resource with `beforeWrite` and without this has its imports written row
   * by row (docs/import.md). */
  beforeWriteMany?(ws: Array<WriteContext<R>>): Promise<unknown[]>;
  /** runs in the same transaction after the row is written */
  afterWrite?(w: WriteContext<R> & { saved: R }): Promise<void> | void;
  /** refuses an edit, removal or action on this existing row (e.g. an account ranked above the caller) */
  guard?(a: Omit<ActionContext<R>, 'body' | 'reply'> & { verb: string }): Promise<void> | void;
  /** checks a removal before it happens */
  beforeRemove?(a: Omit<ActionContext<R>, 'body' | 'reply'>): Promise<void> | void;
  /** actions whose logic is more than setting fields; returns the updated row */
  actions?: Record<string, (a: ActionContext<R>) => Promise<R | undefined>>;
  /** selection actions (ActionDef.lines): apply every checked line inside the one transaction given; returns
   * one answer row per line */
  lines?: Record<string, (a: { trx: DB; ctx: CallContext; def: ResourceDef; lines: Line[] }) => Promise<Row[]>>;
  /** after a declared `set` action (and a removal), in the same transaction (e.g. revoke sessions on freeze) */
  afterAction?(name: string, a: ActionContext<R> & { saved: R }): Promise<void> | void;
  /** extra read-only values on a record (names of references and the like), in lists and details alike; the
   * rows are the record as answered (its readable columns), so they stay plain records */
  present?(rows: Row[], db: DB, ctx: CallContext): Promise<void> | void;
  /** extra values only the detail shows (an order's refund and profit share): a list reads only what it shows */
  presentDetail?(rows: Row[], db: DB, ctx: CallContext): Promise<void> | void;
  /** the equality filter of each `derived` field: a condition on the resource's table for the value asked */
  filters?: Record<string, (value: unknown) => Expression<SqlBool>>;
  /** the value of each `derived` field as SQL on the resource's table, read in the row's own statement (list,
   * record, export): a list call costs the floor's two statements, not a third for the page */
  columns?: Record<string, RawBuilder<unknown>>;
}

/** The hooks of the declared resource `N`, its rows typed by its table. */
export type ResourceHooks<N extends ResourceName> = Hooks<RecordOf<N>>;

/** One resource's hooks as handed to the engine. */
export interface DefinedHooks<N extends ResourceName = ResourceName> {
  readonly resource: N;
  readonly hooks: Hooks;
}

/**
 * A resource's hooks, typed by its table. The engine reads a declaration's table chosen at run time
 * (table.ts), so it hands hooks plain records; the rows it gives them (`existing`, `saved`: selectAll of the
 * declaration's table) are that table's rows, which this one narrow, unchecked step says to the compiler.
 */
export function defineHooks<const N extends ResourceName>(resource: N, hooks: ResourceHooks<N>): DefinedHooks<N> {
  return { resource, hooks: hooks as unknown as Hooks };
}

/** Every resource's hooks, by resource name; a resource without any gets none. */
export interface HookBook {
  of(resource: string): Hooks;
}

/** The book of the hooks given: one entry per resource (two owners of one resource's hooks fail the app's start). */
export function hookBook(list: readonly DefinedHooks[]): HookBook {
  const byName = new Map<string, Hooks>();
  for (const { resource, hooks } of list) {
    if (byName.has(resource)) throw new Error(`hooks for ${resource} are defined twice: one definition per resource`);
    byName.set(resource, hooks);
  }
  return { of: (resource) => byName.get(resource) ?? {} };
}

/** One declared resource as the engine serves it: its declaration and its hooks. */
export interface Served {
  def: ResourceDef;
  hooks: Hooks;
}
