// The shape of a resource declaration: the single source that the server (schema, validation, SQL,
// permissions, tenant scope) and the browser (List/Create/Edit/Show, filters, menu, labels) both read.

import type { AccountType } from './accounts';
import type { BulkButtonName, CellName, InputName, RendererName, ToolbarButtonName } from './parts';

export type FieldType =
  | 'text'
  | 'email'
  | 'password' // write-only: never returned, hashed by the server
  | 'number' // integer
  | 'decimal' // a number with a fraction (a store's latitude and longitude in degrees)
  | 'money' // integer cents in the API and the database; yuan with two decimals on screen
  | 'boolean'
  | 'choice' // one of `choices`
  | 'choices' // several of `choices` (text[])
  | 'reference' // the _id of a row of `reference`
  | 'references' // several _ids of `reference` (text[])
  | 'image' // a path in object storage
  | 'datetime'
  | 'json';

export interface FieldDef {
  type: FieldType;
  required?: boolean;
  /** length for text, value for number and money */
  min?: number;
  max?: number;
  /** a regular expression source the whole value must match */
  pattern?: string;
  /** i18n key of the message shown when `pattern` fails (default: vf.validation.pattern) */
  patternMessage?: string;
  unique?: boolean;
  /** set by the server only (timestamps, counters, status moved by actions) */
  readOnly?: boolean;
  /** may be given on create, never changed afterwards */
  createOnly?: boolean;
  /** i18n key of the message when an edit tries to change a `createOnly` field (default: vf.validation.create_only) */
  createOnlyMessage?: string;
  choices?: readonly string[];
  /** resource name, for reference(s) */
  reference?: string;
  default?: unknown;
  /** free-text search (`q`) looks in this field */
  search?: boolean;
  /** the field's filter in the list: equality, or a from/to range. Nothing else is filterable (an allow-list). */
  filter?: 'eq' | 'range';
  /** the list may be sorted by this field (besides `_id` and the list's default sort field) */
  sort?: boolean;
  /** a secret kept in the row (a key or token hash): never filtered, sorted, searched, answered or exported.
   * `password` fields are secret too. */
  secret?: boolean;
  /** shown in the list's columns */
  list?: boolean;
  /** left out of generated forms (shown only, or handled by an action) */
  hideInForm?: boolean;
  /** left out of the record's page too (a sort key) */
  hidden?: boolean;
  /** a long text: a multi-line input */
  multiline?: boolean;
  /** the form offers the field only while another field holds one of these values */
  when?: { field: string; values: readonly string[] };
  /** a reference(s) whose rows must share a value with this row: `{ field: 'dealer' }` offers (and the server
   * accepts) only rows of `reference` whose `dealer` is this row's `dealer` — a group's products, a product's robots */
  sameAs?: { field: string; column?: string; message?: string };
  /** a named renderer for columns and show pages (a name of resources/parts.ts), instead of the type's own */
  render?: RendererName;
  /** a named form input (a name of resources/parts.ts), instead of the type's own */
  input?: InputName;
  /** the list's filter bar shows this filter without asking */
  alwaysOn?: boolean;
  /** for `json`: the object's keys, validated like fields (any other key is dropped) and offered as a form;
   * their labels are `subLabel(resource, field, key)` */
  fields?: Record<string, FieldDef>;
  /** for `number`: not necessarily whole (a ratio the server works out, read-only), answered as a JSON number */
  fraction?: boolean;
  /** for `json`: the object is one of these shapes, each a set of keys validated like fields (a command's
   * `params`: one per command of the catalogue); the published document says so (server/crud/fieldSchema.ts) */
  shapes?: Record<string, Record<string, FieldDef>>;
  /** for `json`: checks and cleans a nested value (a product's properties); the server runs it on every write
   * and the form runs it too, so both say the same */
  check?: (value: unknown) => { value?: unknown; error?: { key: string; args?: Record<string, string | number> } };
  /** the column is never empty although callers need not send it: the server or the database fills it
   * (a timestamp, a state moved by actions, the brand taken from the store). Schema only (NOT NULL). */
  notNull?: boolean;
  /** `false`: a reference kept as plain text without a foreign key (a log entry outlives what it names) */
  foreignKey?: false;
  /** a brand or store account reads this field only on rows whose `field` holds one of `values` (the operation
   * log's client address: on its own accounts' entries, not provider staff's); elsewhere it reads null, in lists,
   * records and exports alike, and its filter matches only such rows (server/crud/scope.ts tenantReadable) */
  tenantReads?: { field: string; values: readonly string[] };
  /** no column: a value the resource's server hooks work out for each row (`columns`: SQL read with the row; or
   * `present`) and answer the equality filter of (`filters`) — a robot's menu out of date compares versions across
   * two tables, not a stored flag */
  derived?: true;
  /** may be set on selected rows at once (`POST /api/<R>/bulk { action: "edit", ids, body: { field: value } }`):
   * a plain value every selected row takes (a price, a category, roles), each row edited as its own edit is */
  bulkEdit?: true;
}

/** The label key of a key of a declared JSON object field (`fields` of a `json` field). */
export const subLabel = (resource: string, field: string, key: string) =>
  `vf.vocab.sub.${resource}.${field}.fields.${key}`;
/** The label key of a choice of such a key. */
export const subChoice = (resource: string, field: string, key: string, value: string) =>
  `vf.vocab.sub.${resource}.${field}.choices.${key}.${value}`;

export type Verb = 'list' | 'read' | 'add' | 'edit' | 'delete';

/** One authorization id, or several of which any one suffices. */
export type Permission = string | readonly string[];

/** A state a transition needs: the row's `field` holds one of `values`. Refused otherwise with 409 and
 * `refusal` ({ field, value } as its arguments), else the generic "Not allowed while <field> is <value>". */
export interface Guard {
  field: string;
  values: readonly (string | boolean | null)[];
  refusal?: string;
}

/** A transition of a state machine (resources/orderStates.ts): who may take it (the holders of a permission,
 * or the robot the row belongs to) and the states it may be taken from (every guard must hold). */
export interface Transition {
  by: { permission: Permission } | { robot: true };
  from: readonly Guard[];
}

/** Why `row` may not take a transition (its first failed guard, as a message key and its arguments), or null. */
export function refusalOf(
  guards: readonly Guard[],
  row: Record<string, unknown>,
): { key: string; args: { field: string; value: string } } | null {
  for (const g of guards) {
    const value = (row[g.field] ?? null) as string | boolean | null;
    if (!g.values.includes(value))
      return { key: g.refusal ?? 'vf.error.state', args: { field: g.field, value: String(value ?? '—') } };
  }
  return null;
}

/** The permission a console transition needs (its declared action's `permission`). */
export function permissionOf(t: Transition): Permission {
  if (!('permission' in t.by)) throw new Error('a robot transition has no permission');
  return t.by.permission;
}

export interface ActionDef {
  permission: Permission;
  /** the action is a transition of the resource's state machine: taken only from the states its guards name,
   * refused (409) with the first failed guard's message (resources/orderStates.ts) */
  guards?: readonly Guard[];
  /** the browser asks for a confirmation first */
  confirm?: boolean;
  /** the action replaces or removes what cannot be brought back (a signing secret in use): its button is red and
   * its confirmation says what is lost (`resources.<R>.warnings.<action>`, else vf.action.destructive) */
  destructive?: boolean;
  /** the action only applies to rows whose `field` is one of these values */
  from?: { field: string; values: readonly (string | boolean | null)[] };
  /** the action does not apply to rows whose `field` is one of these values (a robot without a store cannot be unbound) */
  except?: { field: string; values: readonly (string | boolean | null)[] };
  /** what the action sets, when it is a plain state change */
  set?: Record<string, unknown>;
  /** provider staff (SUPER, PROVIDER) only, whatever permission a brand or store account holds: the server refuses
   * anyone else (403, after the row's scope) and the browser offers the button to staff only */
  staffOnly?: true;
  /** extra body fields the action requires, validated like fields */
  body?: Record<string, FieldDef>;
  /** a field of the answer that is a one-time secret (a device key): the browser shows it once */
  reveals?: string;
  /** offered over selected rows too (`POST /api/<R>/bulk`, resources/bulk.ts): a plain change a confirmation alone
   * starts. Never with inputs of its own (a refund's amount, roles, a password) nor with `reveals`: such an action
   * is one row at a time, and the server refuses it in bulk (an allow-list, read by the server and the browser). */
  bulk?: true;
  /** an action over the rows selected in the list, each with inputs of its own, applied in ONE request
   * `POST /api/<R>/<action> { lines: [{ _id, version, …fields }] }`, all lines or none (the restock of the
   * replenishment list). No single-row call: the domain applies the lines (`lines` hook, server/crud/hooks.ts). */
  lines?: LinesDef;
}

/** A list row as a card on a phone: the line that names it, two lines of detail, and its state as chips. */
export interface ListCard {
  primary: CardLine;
  secondary?: CardLine;
  tertiary?: CardLine;
  status?: CardLine;
}
export type CardLine = string | readonly string[];

/** What each line of a selection action carries besides the row's `_id` and the `version` it was listed with. */
export interface LinesDef {
  /** the inputs of a line, validated like fields by the server and offered per line by the list's dialog */
  fields: Record<string, FieldDef>;
  /** a line carries exactly one of `fields` (add so many, or fill up to so many): the dialog offers a choice */
  oneOf?: boolean;
  /** the most lines one request may carry */
  max: number;
  /** fields of the row the dialog shows beside the inputs (the stock now) */
  show?: readonly string[];
  /** i18n key of the refusal of a line's inputs, with `line` (counted from 1) and `max` (default vf.vocab.lines.error.fields) */
  message?: string;
}

/** A list of another resource's rows that name this record, on the record's page (a webhook's deliveries, a
 * store's robots): `resource`'s rows whose `field` is this record's _id. `field` must be a reference to this
 * resource with an equality filter, so the server's own list answers it, scoped and permitted as ever. */
export interface RelatedDef {
  resource: string;
  field: string;
  /** asks again every so many seconds while the page is open (rows written by a queue after the action returns) */
  poll?: number;
  /** how many of the newest rows the page shows (default 25; the resource's own list has them all) */
  rows?: number;
}

/** A declaration's related list of `resource` (a page that places its cards itself finds its own here). */
export function relatedOf(def: ResourceDef, resource: string): RelatedDef | undefined {
  return def.related?.find((r) => r.resource === resource);
}

/** What a declaration says of one side of the brand/store pair besides its being a reference. */
export type TenantSide = Omit<FieldDef, 'type' | 'reference'>;

/**
 * The brand/store reference pair a tenant-scoped record carries (the `integrator` and `dealer` fields its
 * `tenant` names): a reference to a brand and one to a store. What else each is — read-only (stamped by the
 * server), listed, filtered, hidden — differs by resource, so the declaration says it, side by side; the fields
 * are exactly what writing them out would give (`{ type: 'reference', reference: 'integrator', ...integrator }`),
 * literal types kept, so the derived row types and schemas see no difference. A declaration destructures the
 * pair and places each field where its columns and forms want it.
 */
export function tenantFields<const I extends TenantSide, const D extends TenantSide>(
  integrator: I,
  dealer: D,
): {
  integrator: { type: 'reference'; reference: 'integrator' } & I;
  dealer: { type: 'reference'; reference: 'dealer' } & D;
} {
  return {
    integrator: { type: 'reference', reference: 'integrator', ...integrator },
    dealer: { type: 'reference', reference: 'dealer', ...dealer },
  };
}

/** The columns that tie a row to a brand (integrator) and a store (dealer). */
export interface TenantScope {
  integrator?: string;
  dealer?: string;
}

export interface ResourceDef {
  name: string;
  table: string;
  /** `table` is a view made by a hand-written migration (e.g. the restock list over products): no table is
   * derived from the fields or compared with them (server/db/schema/derive.ts) */
  view?: boolean;
  fields: Record<string, FieldDef>;
  permissions: Partial<Record<Verb, Permission>>;
  /** absent: the resource is not tenant-owned (e.g. roles, authorizations) */
  tenant?: TenantScope;
  /** how rows are removed: `delete` removes; `status` sets a field instead (soft delete) */
  remove?: { field: string; value: string };
  list: {
    sort: { field: string; order: 'ASC' | 'DESC' };
    /** rows with this field value are left out unless the filter asks for them */
    hide?: { field: string; value: string };
    /** the page a row click opens (default: edit where allowed, else show); `none`: rows open nothing */
    open?: 'show' | 'edit' | 'none';
    /** named buttons added to the list's toolbar (names of resources/parts.ts) */
    toolbar?: readonly ToolbarButtonName[];
    /** named buttons over the selected rows, beside the bulk verbs (names of resources/parts.ts) */
    bulk?: readonly BulkButtonName[];
    /** rows whose `field` holds one of these values stand out (bold): unread messages, active alarms */
    emphasize?: { field: string; values: readonly (string | boolean)[] };
    /** a row as a card, below the mobile breakpoint (a phone): what each line shows, by field (or declared cell)
     * names, several on one line joined by " · ". Absent: the title, then the next list columns. */
    card?: ListCard;
  };
  /** named values that are no declared column (texts the server adds, a duration), shown in the list and on the
   * record's page after the field `after` (default: at the end); `only` keeps one to the list or the page */
  cells?: readonly { cell: CellName; after?: string; only?: 'list' | 'show' }[];
  /** rows whose `field` holds one of these values cannot be edited: the server refuses (409) and the screens
   * offer no edit (a resolved fault report) */
  lockedWhen?: { field: string; values: readonly (string | boolean | null)[] };
  actions?: Record<string, ActionDef>;
  /** other resources' rows listed on a record's page */
  related?: readonly RelatedDef[];
  /** calls a feature's own plugin serves under the resource's path (`POST /api/command/send`), not the generic
   * engine: declared for their permission, so grants, the authorization screen and the browser read it here */
  calls?: Record<string, { permission: Permission }>;
  menu?: { section: string; order: number; icon?: string };
  /** the field that names a row (in references, breadcrumbs, titles) */
  title?: string;
  /** _id is typed by the user (account login, role id) instead of generated */
  idField?: FieldDef;
  /** a field of the create answer that is a one-time secret: the browser shows it once, on the new record's page */
  reveal?: string;
  /** columns the server keeps in the table that no caller reads or writes (update times, counters):
   * declared so the table's schema comes from this one place (server/db/schema/derive.ts) */
  columns?: Record<string, FieldDef>;
  /** which account types' administrator roles hold this resource's permissions from the start: one list for
   * all of them, or one per permission id. Applied once per permission and role at start-up
   * (server/auth/grants.ts); what an administrator changes later is never overridden. */
  grant?: readonly AccountType[] | Readonly<Record<string, readonly AccountType[]>>;
  /** the group its permissions are listed under: one of authorization's PERMISSION_GROUPS (default: `name`) */
  permissionGroup?: string;
  /** the resource takes spreadsheets (`POST /api/<R>/import`, server/crud/import.ts): a row whose `key` fields
   * match a row of the caller's scope edits it, else it is added. A tenant column in the key is filled from the
   * caller's own brand or store when the file leaves it out. */
  import?: {
    key: readonly string[];
    /** each row runs this declared action on the row of `resource` its key finds, with the action's body fields
     * read from the file (a stock file restocks products), instead of editing or adding */
    action?: { resource: string; name: string };
  };
  /** path prefix of the calls under /api (default `/${name}`) */
  base?: string;
  /** calls that keep another path (the old console's paths, docs/api.md); `:id` stands for the record's _id */
  paths?: Partial<Record<Verb, string>>;
}

/** Whether a stored row may still be edited, by the declaration's `lockedWhen` (both halves ask this). */
export function isLocked(def: ResourceDef, row: Record<string, unknown>): boolean {
  const rule = def.lockedWhen;
  return !!rule && rule.values.includes((row[rule.field] as string | boolean | null | undefined) ?? null);
}

/** Actions a single row offers (its buttons, its call): all but the selection actions (`lines`). */
export function rowActions(def: ResourceDef): [string, ActionDef][] {
  return Object.entries(def.actions ?? {}).filter(([, a]) => !a.lines);
}

/** A field nobody reads back: no filter, range, sort, search, answer or export reaches it. */
export function isSecret(f: FieldDef): boolean {
  return f.type === 'password' || f.secret === true;
}

/** A declared field by a name a caller sent: own keys only, so `constructor` or `__proto__` is no field. */
export function fieldOf(def: ResourceDef, name: string): FieldDef | undefined {
  return Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
}

/** Whether a list may be sorted by `name`: `_id`, the declared default, or a field marked `sort`. The server
 * refuses any other sort and the generated columns offer only these, so both halves follow the declaration. */
export function isSortable(def: ResourceDef, name: string): boolean {
  if (name === '_id' || name === def.list.sort.field) return true;
  const f = fieldOf(def, name);
  return !!f && f.sort === true && !isSecret(f);
}

/** The column every declared table carries: 1 when made, one more on every edit, action or removal. An edit
 * that sends it is refused with 409 when the row has moved on since (an edit without it is accepted). */
export const VERSION = 'version';

/** The columns a caller can ever read back (answers, lists, exports, the log): one place decides it. */
export function readableColumns(def: ResourceDef): string[] {
  const tenant = [def.tenant?.integrator, def.tenant?.dealer].filter((c): c is string => !!c);
  const fields = Object.entries(def.fields)
    .filter(([, f]) => !isSecret(f) && !f.derived)
    .map(([n]) => n);
  // `version`: every row's edit counter (optimistic concurrency; server/db/migrations/015_record_version.sql)
  return ['_id', ...fields, ...tenant, VERSION].filter((c, i, all) => all.indexOf(c) === i);
}

/** What a list call may name in `fields` (server/crud/query.ts `fieldsOf`): the readable columns and the derived
 * fields (a robot's `menu_outdated`). */
export function listableFields(def: ResourceDef): string[] {
  const derived = Object.entries(def.fields)
    .filter(([, f]) => f.derived && !isSecret(f))
    .map(([n]) => n);
  return [...readableColumns(def), ...derived];
}

/** Whether a field may be a column of a list or of an exported file: readable (never secret), shown as a field
 * (not `hidden`: a sort key, the log's before/after shown through their own cell) and flat (not JSON). */
export function isColumn(f: FieldDef): boolean {
  return !isSecret(f) && !f.hidden && f.type !== 'json';
}

/** The list's columns, by the declaration (`list`), never a secret: the screen's columns and an export's
 * default columns, from this one rule. */
export function listColumns(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.list && isColumn(f))
    .map(([n]) => n);
}

/** An export's columns: the list's, then each asked-for declared field that may be a column, in declaration
 * order; the first name that may not (unknown, secret, hidden, JSON) is returned as `refused`. */
export function exportColumns(def: ResourceDef, extra: readonly string[]): { columns: string[] } | { refused: string } {
  for (const n of extra) {
    const f = fieldOf(def, n);
    if (!f || !isColumn(f)) return { refused: n };
  }
  const listed = new Set(listColumns(def));
  const wanted = new Set(extra);
  return { columns: Object.keys(def.fields).filter((n) => listed.has(n) || wanted.has(n)) };
}

/** A row without the declaration's secret fields: what may travel to a reader (live events, answers). */
export function withoutSecrets(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const f = fieldOf(def, k);
    if (!f || !isSecret(f)) out[k] = v;
  }
  return out;
}

/** The path of a verb's (or an action's) call under /api, as both the server routes it and the browser calls it. */
export function callPath(def: ResourceDef, verb: string): string {
  const own = (def.paths as Record<string, string> | undefined)?.[verb];
  if (own) return own;
  const base = def.base ?? `/${def.name}`;
  if (verb === 'read') return `${base}/detail/:id`;
  return `${base}/${verb}`;
}

export function defineResource<const R extends ResourceDef>(def: R): R {
  return def;
}
