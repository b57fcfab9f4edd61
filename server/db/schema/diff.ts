// The difference between what the declarations say (derive.ts) and what a database holds (inspect.ts), as a
// list of changes, each with the SQL that makes it. A change that could lose data or fail on existing rows
// (dropping, narrowing, retyping, and any new rule on a column that already holds rows: NOT NULL, a CHECK list,
// UNIQUE, a foreign key) is `destructive`: the generator writes it commented out, with a warning, for
// a person to decide. The drift test holds this list empty.
import type { ColumnSpec, IndexSpec, TableSpec } from './derive';
import { literal } from './derive';
import type { ActualTable } from './inspect';

export interface Change {
  table: string;
  /** one line a person reads: what differs */
  what: string;
  sql: string;
  destructive: boolean;
}

/** A name as SQL: quoted when it is not plain lower case, or is a word SQL keeps ("order", "group", "freeze"). */
export function ident(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
const RESERVED = new Set([
  'order',
  'group',
  'user',
  'freeze',
  'default',
  'check',
  'references',
  'table',
  'select',
  'from',
  'where',
  'limit',
  'offset',
  'primary',
  'unique',
  'all',
  'and',
  'or',
  'not',
  'null',
  'to',
  'end',
  'desc',
  'asc',
  'column',
  'constraint',
  'create',
  'grant',
  'authorization',
  'window',
]);

const checkName = (t: string, c: string) => `${t}_${c}_check`;
const fkName = (t: string, c: string) => `${t}_${c}_fkey`;
const uniqueName = (t: string, c: string) => `${t}_${c}_key`;

function choiceCheck(c: ColumnSpec): string {
  return `CHECK (${ident(c.name)} IN (${c.choices!.map(literal).join(', ')}))`;
}

function columnSql(c: ColumnSpec, table: string, inline: boolean): string {
  const parts = [ident(c.name), c.type];
  if (c.name === '_id' && inline) parts.push('PRIMARY KEY');
  else if (c.notNull) parts.push('NOT NULL');
  if (c.default !== undefined) parts.push(`DEFAULT ${c.default}`);
  if (c.choices) parts.push(`CONSTRAINT ${ident(checkName(table, c.name))} ${choiceCheck(c)}`);
  if (c.references) parts.push(`CONSTRAINT ${ident(fkName(table, c.name))} REFERENCES ${ident(c.references)}(_id)`);
  if (c.unique) parts.push(`CONSTRAINT ${ident(uniqueName(table, c.name))} UNIQUE`);
  return parts.join(' ');
}

function indexSql(t: TableSpec, i: IndexSpec, sortDesc: boolean, sortField: string): string {
  const cols = i.columns.map((c) => `${ident(c)}${sortDesc && c === sortField ? ' DESC' : ''}`);
  // a list orders by its sort column, then `_id`: an index ending with both is walked in the list's exact order,
  // whatever the statistics say of equal sort values (docs/performance.md, "Fresh statistics"; migration 058)
  if (i.columns.at(-1) === sortField && sortField !== '_id') cols.push(`_id${sortDesc ? ' DESC' : ''}`);
  return `CREATE INDEX IF NOT EXISTS ${ident(`${t.table}_${i.columns.join('_')}`.toLowerCase())} ON ${ident(t.table)} (${cols.join(', ')});`;
}

export interface ListSort {
  field: string;
  order: 'ASC' | 'DESC';
}

export function createTableSql(t: TableSpec, sort: ListSort): string {
  const lines = t.columns.map((c) => `  ${columnSql(c, t.table, true)}`);
  return [
    `CREATE TABLE ${ident(t.table)} (`,
    lines.join(',\n'),
    ');',
    ...t.indexes.map((i) => indexSql(t, i, sort.order === 'DESC', sort.field)),
  ].join('\n');
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether some index starts with these columns, in this order. */
function covered(actual: ActualTable, cols: string[]): boolean {
  return actual.indexes.some((ix) => cols.every((c, i) => ix[i] === c));
}

export function diffTable(t: TableSpec, actual: ActualTable | undefined, sort: ListSort): Change[] {
  const T = ident(t.table);
  if (!actual)
    return [{ table: t.table, what: `table ${t.table} is missing`, sql: createTableSql(t, sort), destructive: false }];
  const out: Change[] = [];
  const add = (what: string, sqlText: string, destructive = false) =>
    out.push({ table: t.table, what, sql: sqlText, destructive });
  const declared = new Map(t.columns.map((c) => [c.name, c]));
  for (const c of t.columns) {
    const a = actual.columns.find((x) => x.name === c.name);
    const C = ident(c.name);
    if (!a) {
      // NOT NULL without a default cannot be added to a table that has rows: add it open, close it by hand.
      if (c.notNull && c.default === undefined) {
        add(
          `column ${t.table}.${c.name} is missing`,
          `ALTER TABLE ${T} ADD COLUMN ${columnSql({ ...c, notNull: false }, t.table, false)};`,
        );
        add(
          `column ${t.table}.${c.name} must be NOT NULL (fill existing rows first)`,
          `ALTER TABLE ${T} ALTER COLUMN ${C} SET NOT NULL;`,
          true,
        );
      } else
        add(`column ${t.table}.${c.name} is missing`, `ALTER TABLE ${T} ADD COLUMN ${columnSql(c, t.table, false)};`);
      continue;
    }
    if (a.type !== c.type)
      add(
        `${t.table}.${c.name} is ${a.type}, declared ${c.type}`,
        `ALTER TABLE ${T} ALTER COLUMN ${C} TYPE ${c.type} USING ${C}::${c.type};`,
        true,
      );
    if (a.notNull !== c.notNull) {
      if (c.notNull)
        add(
          `${t.table}.${c.name} may be null, declared NOT NULL (rows holding null would fail: fill them first)`,
          `ALTER TABLE ${T} ALTER COLUMN ${C} SET NOT NULL;`,
          true,
        );
      else
        add(`${t.table}.${c.name} is NOT NULL, declared optional`, `ALTER TABLE ${T} ALTER COLUMN ${C} DROP NOT NULL;`);
    }
    const checks = actual.checks.filter((k) => k.column === c.name);
    if (c.choices) {
      if (!checks.length)
        add(
          `${t.table}.${c.name} has no CHECK of its choices (rows holding other values would fail)`,
          `ALTER TABLE ${T} ADD CONSTRAINT ${ident(checkName(t.table, c.name))} ${choiceCheck(c)};`,
          true,
        );
      for (const k of checks) {
        if (sameList(k.values!, c.choices)) continue;
        const dropped = k.values!.filter((v) => !c.choices!.includes(v));
        add(
          `${t.table}.${c.name} allows [${k.values!.join(', ')}], declared [${c.choices.join(', ')}]${dropped.length ? ` (rows holding ${dropped.join(', ')} would fail)` : ''}`,
          `ALTER TABLE ${T} DROP CONSTRAINT ${ident(k.name)}, ADD CONSTRAINT ${ident(k.name)} ${choiceCheck(c)};`,
          dropped.length > 0,
        );
      }
    } else {
      for (const k of checks)
        add(
          `${t.table}.${c.name} has a choice CHECK, declared without choices`,
          `ALTER TABLE ${T} DROP CONSTRAINT ${ident(k.name)};`,
        );
    }
    const ref = actual.references[c.name];
    if (c.references && ref !== c.references) {
      if (ref)
        add(
          `${t.table}.${c.name} references ${ref}, declared ${c.references}`,
          `-- drop the old key first\nALTER TABLE ${T} ADD CONSTRAINT ${ident(fkName(t.table, c.name))} FOREIGN KEY (${C}) REFERENCES ${ident(c.references)}(_id);`,
          true,
        );
      else
        add(
          `${t.table}.${c.name} has no foreign key to ${c.references} (rows naming a missing row would fail)`,
          `ALTER TABLE ${T} ADD CONSTRAINT ${ident(fkName(t.table, c.name))} FOREIGN KEY (${C}) REFERENCES ${ident(c.references)}(_id);`,
          true,
        );
    } else if (!c.references && ref)
      add(
        `${t.table}.${c.name} references ${ref}, declared without a foreign key`,
        `ALTER TABLE ${T} DROP CONSTRAINT ${ident(fkName(t.table, c.name))};`,
        true,
      );
    const unique = actual.uniques.includes(c.name);
    if (c.unique && !unique)
      add(
        `${t.table}.${c.name} is not unique (duplicate rows would fail)`,
        `ALTER TABLE ${T} ADD CONSTRAINT ${ident(uniqueName(t.table, c.name))} UNIQUE (${C});`,
        true,
      );
    else if (!c.unique && unique && c.name !== '_id')
      add(
        `${t.table}.${c.name} is unique, declared without unique`,
        `-- ALTER TABLE ${T} DROP CONSTRAINT … (or the unique index on ${c.name})`,
        true,
      );
  }
  for (const a of actual.columns) {
    if (!declared.has(a.name))
      add(
        `${t.table}.${a.name} is in the database, not in the declaration`,
        `ALTER TABLE ${T} DROP COLUMN ${ident(a.name)};`,
        true,
      );
  }
  for (const i of t.indexes) {
    if (!covered(actual, i.columns))
      add(
        `no index on ${t.table} (${i.columns.join(', ')}) for ${i.reason}`,
        indexSql(t, i, sort.order === 'DESC', sort.field),
      );
  }
  return out;
}

export function diffSchema(
  expected: readonly TableSpec[],
  actual: Map<string, ActualTable>,
  sorts: Map<string, ListSort>,
): Change[] {
  return expected.flatMap((t) => diffTable(t, actual.get(t.table), sorts.get(t.table)!));
}
