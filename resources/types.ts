// The shape of a resource declaration: the single source that the server (schema, validation, SQL,
// permissions, tenant scope) and the browser (List/Create/Edit/Show, filters, menu, labels) both read.

import type { AccountType } from './accounts';

export type FieldType =
  | 'text'
  | 'email'
  | 'password' // write-only: never returned, hashed by the server
  | 'number' // integer
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
  /** a long text: a multi-line input */
  multiline?: boolean;
  /** the form offers the field only while another field holds one of these values */
  when?: { field: string; values: readonly string[] };
  /** the column is never empty although callers need not send it: the server or the database fills it
   * (a timestamp, a state moved by actions, the brand taken from the store). Schema only (NOT NULL). */
  notNull?: boolean;
  /** `false`: a reference kept as plain text without a foreign key (a log entry outlives what it names) */
  foreignKey?: false;
}

export type Verb = 'list' | 'read' | 'add' | 'edit' | 'delete';

/** One authorization id, or several of which any one suffices. */
export type Permission = string | readonly string[];

export interface ActionDef {
  permission: Permission;
  /** the browser asks for a confirmation first */
  confirm?: boolean;
  /** the action only applies to rows whose `field` is one of these values */
  from?: { field: string; values: readonly (string | boolean | null)[] };
  /** the action does not apply to rows whose `field` is one of these values (a robot without a store cannot be unbound) */
  except?: { field: string; values: readonly (string | boolean | null)[] };
  /** what the action sets, when it is a plain state change */
  set?: Record<string, unknown>;
  /** extra body fields the action requires, validated like fields */
  body?: Record<string, FieldDef>;
  /** a field of the answer that is a one-time secret (a device key): the browser shows it once */
  reveals?: string;
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
    /** the page a row click opens (default: edit where allowed, else show) */
    open?: 'show' | 'edit';
  };
  actions?: Record<string, ActionDef>;
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
  /** path prefix of the calls under /api (default `/${name}`) */
  base?: string;
  /** calls that keep another path (SPEC.md §7 exceptions); `:id` stands for the record's _id */
  paths?: Partial<Record<Verb, string>>;
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
  const fields = Object.entries(def.fields).filter(([, f]) => !isSecret(f)).map(([n]) => n);
  // `version`: every row's edit counter (optimistic concurrency; server/db/migrations/015_record_version.sql)
  return ['_id', ...fields, ...tenant, VERSION].filter((c, i, all) => all.indexOf(c) === i);
}

/** The path of a verb's call under /api, as both the server routes it and the browser calls it. */
export function callPath(def: ResourceDef, verb: Verb | string): string {
  const own = (def.paths as Record<string, string> | undefined)?.[verb];
  if (own) return own;
  const base = def.base ?? `/${def.name}`;
  if (verb === 'read') return `${base}/detail/:id`;
  return `${base}/${verb}`;
}

export function defineResource<const R extends ResourceDef>(def: R): R {
  return def;
}
