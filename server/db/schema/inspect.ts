// What a database really holds for the declared tables, read from pg_catalog in the shape of derive.ts, so the
// two can be compared column by column (the drift test) and the difference written as SQL (db:migration).
import { sql } from 'kysely';
import type { DB } from '../index';
import type { ColumnType } from './derive';

export interface ActualColumn {
  name: string;
  type: string;
  notNull: boolean;
}

export interface ActualCheck {
  name: string;
  /** the column of a `col IN (...)` / `col = ANY (ARRAY[...])` check, with its values; other checks: none */
  column?: string;
  values?: string[];
}

export interface ActualTable {
  table: string;
  columns: ActualColumn[];
  checks: ActualCheck[];
  /** single-column unique constraints and (non-partial) unique indexes */
  uniques: string[];
  /** single-column foreign keys: column → referenced table */
  references: Record<string, string>;
  /** every index's leading columns, in order (expressions appear as null) */
  indexes: (string | null)[][];
}

const TYPE_NAMES: Record<string, ColumnType> = {
  text: 'text',
  integer: 'integer',
  'double precision': 'double precision',
  boolean: 'boolean',
  'timestamp with time zone': 'timestamptz',
  jsonb: 'jsonb',
  'text[]': 'text[]',
};

/** The column type in derive.ts's words, or PostgreSQL's own name when it is none of those. */
export function typeName(formatted: string): string {
  return TYPE_NAMES[formatted] ?? formatted;
}

/** Parses `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))` — the form PostgreSQL keeps `IN (...)` in. */
export function parseChoiceCheck(def: string): { column: string; values: string[] } | undefined {
  const m = /^CHECK \(\(?"?([A-Za-z_][A-Za-z0-9_]*)"? = ANY \(\(?ARRAY\[(.*)\]\)?(?:::text\[\])?\)\)\)?$/.exec(
    def.trim(),
  );
  if (!m) return undefined;
  const values: string[] = [];
  const re = /'((?:[^']|'')*)'::(?:text|character varying)/g;
  for (let v = re.exec(m[2]); v; v = re.exec(m[2])) values.push(v[1].replace(/''/g, "'"));
  return { column: m[1], values };
}

export async function inspectTables(db: DB, tables: readonly string[]): Promise<Map<string, ActualTable>> {
  const out = new Map<string, ActualTable>();
  if (!tables.length) return out;
  const cols = await sql<{ table: string; name: string; type: string; not_null: boolean }>`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname = ANY(${[...tables]}::text[])
      AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`.execute(db);
  for (const c of cols.rows) {
    if (!out.has(c.table))
      out.set(c.table, { table: c.table, columns: [], checks: [], uniques: [], references: {}, indexes: [] });
    out.get(c.table)!.columns.push({ name: c.name, type: typeName(c.type), notNull: c.not_null });
  }
  const cons = await sql<{
    table: string;
    name: string;
    type: string;
    def: string;
    cols: string[] | null;
    ref: string | null;
  }>`
    SELECT c.relname AS table, k.conname AS name, k.contype AS type, pg_get_constraintdef(k.oid) AS def,
      (SELECT array_agg(a.attname::text ORDER BY x.n) FROM unnest(k.conkey) WITH ORDINALITY x(num, n)
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.num) AS cols,
      r.relname AS ref
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class r ON r.oid = k.confrelid
    WHERE n.nspname = current_schema() AND c.relname = ANY(${[...tables]}::text[])
    ORDER BY c.relname, k.conname`.execute(db);
  for (const k of cons.rows) {
    const t = out.get(k.table);
    if (!t) continue;
    const cols = k.cols ?? [];
    if (k.type === 'c') t.checks.push({ name: k.name, ...parseChoiceCheck(k.def) });
    else if (k.type === 'u' && cols.length === 1) t.uniques.push(cols[0]);
    else if (k.type === 'f' && cols.length === 1 && k.ref) t.references[cols[0]] = k.ref;
  }
  const idx = await sql<{
    table: string;
    unique: boolean;
    partial: boolean;
    primary: boolean;
    keys: number;
    cols: (string | null)[];
  }>`
    SELECT c.relname AS table, i.indisunique AS unique, i.indpred IS NOT NULL AS partial, i.indisprimary AS primary, i.indnkeyatts AS keys,
      (SELECT array_agg(a.attname::text ORDER BY x.n) FROM unnest(i.indkey::int2[]) WITH ORDINALITY x(num, n)
         LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = x.num) AS cols
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relname = ANY(${[...tables]}::text[])`.execute(db);
  for (const i of idx.rows) {
    const t = out.get(i.table);
    if (!t) continue;
    // key columns only: INCLUDE columns are carried, not searched
    const keys = i.cols.slice(0, i.keys);
    t.indexes.push(keys);
    if (i.unique && !i.primary && !i.partial && keys.length === 1 && keys[0] && !t.uniques.includes(keys[0]))
      t.uniques.push(keys[0]);
  }
  return out;
}
