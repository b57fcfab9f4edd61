// The schema the declarations say a database must have: one table per declared resource, its columns, types,
// NOT NULL, CHECK choice lists, uniques, references and the indexes its list needs. The drift test compares a
// migrated database with it, and `npm run db:migration` writes the SQL that makes a database match it.
// What no declaration can say (triggers, rollups, partial or composite unique indexes, extensions, the hand
// tables of sessions and uploads) stays in hand-written SQL and is not compared here.
import type { FieldDef, ResourceDef } from '../../../resources/types';
import { VERSION } from '../../../resources/types';

export type ColumnType = 'text' | 'integer' | 'double precision' | 'boolean' | 'timestamptz' | 'jsonb' | 'text[]';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  notNull: boolean;
  /** the SQL default written in a CREATE/ADD COLUMN (not compared: the service fills declared defaults) */
  default?: string;
  /** CHECK (name IN (...)): the declared choices, in order */
  choices?: readonly string[];
  /** FOREIGN KEY (name) REFERENCES <table>(_id) */
  references?: string;
  unique?: boolean;
}

export interface IndexSpec {
  /** leading columns an index must start with (directions are not compared) */
  columns: string[];
  /** why the list needs it */
  reason: string;
}

export interface TableSpec {
  resource: string;
  table: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
}

const TYPES: Record<FieldDef['type'], ColumnType> = {
  text: 'text',
  email: 'text',
  password: 'text',
  image: 'text',
  number: 'integer',
  money: 'integer',
  decimal: 'double precision',
  boolean: 'boolean',
  choice: 'text',
  choices: 'text[]',
  reference: 'text',
  references: 'text[]',
  datetime: 'timestamptz',
  json: 'jsonb',
};

/** A declared default as SQL (only plain values: a declaration holds data, never SQL). */
function sqlDefault(f: FieldDef): string | undefined {
  const v = f.default;
  if (v === undefined || v === null) {
    if (f.type === 'datetime' && f.notNull && !f.required) return 'now()';
    if (f.type === 'choice' && f.notNull && f.choices?.length) return literal(f.choices[0]);
    return undefined;
  }
  if (f.type === 'json') return `${literal(JSON.stringify(v))}::jsonb`;
  if (Array.isArray(v)) return `ARRAY[${v.map((x) => literal(String(x))).join(', ')}]::text[]`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return literal(String(v));
}

export function literal(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** The table a resource's reference points at (its declared `table`), or the name itself when undeclared. */
function tableOf(all: readonly ResourceDef[], resource: string): string {
  return all.find((r) => r.name === resource)?.table ?? resource;
}

function column(all: readonly ResourceDef[], name: string, f: FieldDef): ColumnSpec {
  const c: ColumnSpec = {
    name,
    type: TYPES[f.type],
    notNull: f.required === true || f.notNull === true || (f.default !== undefined && f.default !== null),
  };
  const d = sqlDefault(f);
  if (d !== undefined) c.default = d;
  if (f.type === 'choice' && f.choices) c.choices = f.choices;
  if (f.type === 'reference' && f.reference && f.foreignKey !== false) c.references = tableOf(all, f.reference);
  if (f.unique) c.unique = true;
  return c;
}

export function deriveTable(def: ResourceDef, all: readonly ResourceDef[]): TableSpec {
  const columns: ColumnSpec[] = [{ name: '_id', type: 'text', notNull: true }];
  const named = new Set(['_id']);
  for (const [name, f] of [...Object.entries(def.fields), ...Object.entries(def.columns ?? {})]) {
    if (named.has(name) || f.derived) continue;
    named.add(name);
    columns.push(column(all, name, f));
  }
  // Tenant columns the declaration does not list as fields are filled by the service from the caller or
  // the referenced store: always set, and pointing at the brand / store tables.
  for (const [key, col] of Object.entries(def.tenant ?? {}) as [
    keyof NonNullable<ResourceDef['tenant']>,
    string | undefined,
  ][]) {
    if (!col || named.has(col)) continue;
    named.add(col);
    columns.push({ name: col, type: 'text', notNull: true, references: tableOf(all, key) });
  }
  columns.push({ name: VERSION, type: 'integer', notNull: true, default: '1' });
  return { resource: def.name, table: def.table, columns, indexes: listIndexes(def) };
}

/**
 * The indexes a list reads through: per tenant column (every scoped list starts with it) followed by the
 * default sort, and the default sort alone for the unscoped (platform staff's) list.
 */
function listIndexes(def: ResourceDef): IndexSpec[] {
  const sort = def.list.sort.field;
  const out: IndexSpec[] = [];
  for (const col of [def.tenant?.integrator, def.tenant?.dealer]) {
    if (!col || col === '_id') continue;
    out.push({ columns: col === sort ? [col] : [col, sort], reason: `a scoped list by ${col}, sorted by ${sort}` });
  }
  if (sort !== '_id') out.push({ columns: [sort], reason: `the list sorted by ${sort}` });
  return out;
}

export function deriveSchema(all: readonly ResourceDef[]): TableSpec[] {
  // Two resources may share a table (none do today); the first declaration of a table speaks for it.
  const seen = new Set<string>();
  // A view is written by hand in its migration, like the other things no declaration can say.
  return all.filter((r) => !r.view && !seen.has(r.table) && seen.add(r.table)).map((r) => deriveTable(r, all));
}
