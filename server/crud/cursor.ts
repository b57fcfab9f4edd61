// Keyset paging: a list answer names the position after its last row (`next`), and a list call may start
// after such a position (`after`) instead of skipping `(page - 1) * pageSize` rows. `npm run bench` measured
// why: page 500 by number still walks 10,000 index entries; after a position it reads 20, like page 1.
// The position is the sort value and _id of the last row, so rows added or removed meanwhile move nothing.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceDef } from '../../resources/types';
import { badRequest } from '../http/errors';

export interface Sort {
  field: string;
  order: 'asc' | 'desc';
  /** a tenant's sort by a field it reads on some rows only (FieldDef.tenantReads): by the value on those rows, as if
   * NULL on the rest, so neither the order nor a position (`next`) depends on a value it may not read */
  readsOnly?: { field: string; values: readonly string[] };
}

/** What a list is ordered by: the sort field's column, or for `readsOnly` only the values the caller may read. */
export function sortColumn(sort: Sort, table?: string): RawBuilder<unknown> {
  const ref = (c: string) => sql.ref(table ? `${table}.${c}` : c);
  const r = sort.readsOnly;
  if (!r) return sql`${ref(sort.field)}`;
  // the values are the declaration's own, written into the text: a list's parameters stay its WHERE's (./shapes.ts)
  return sql`CASE WHEN ${ref(r.field)} IN (${sql.join(r.values.map((v) => sql.lit(v)))}) THEN ${ref(sort.field)} END`;
}

/** Fields a position can hold: one comparable value (not a list, JSON or secret). */
const KEYSET_TYPES = new Set(['text', 'number', 'money', 'decimal', 'datetime', 'choice', 'reference', 'boolean']);

export function keysetSortable(def: ResourceDef, sort: Sort): boolean {
  return sort.field === '_id' || KEYSET_TYPES.has(def.fields[sort.field]?.type ?? '');
}

/** The column every listed row carries while its page is read: the sort value as text, exact to the microsecond. */
export const SORT_KEY = '__sort_key';
export const sortKey = (sort: Sort) => sql<string | null>`(${sortColumn(sort)})::text`.as(SORT_KEY);

export function encodeCursor(sort: Sort, row: Record<string, unknown>): string | undefined {
  const value = row[SORT_KEY];
  // a row without a sort value has no position to compare against: the next page goes by number
  if (value === null || value === undefined) return undefined;
  return Buffer.from(JSON.stringify([sort.field, sort.order, value, row._id])).toString('base64url');
}

/** The condition "after this position" for the list's sort, or a 400 when the position is not one of this list's. */
export function afterCursor(sort: Sort, raw: unknown): Expression<SqlBool> {
  let parts: unknown;
  try {
    if (typeof raw !== 'string' || raw.length > 2000) throw new Error('not a cursor');
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('vf.error.cursor');
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw badRequest('vf.error.cursor');
  const [field, order, value, id] = parts as unknown[];
  if (
    field !== sort.field ||
    order !== sort.order ||
    typeof value !== 'string' ||
    typeof id !== 'string' ||
    value.length > 500 ||
    id.length > 200
  ) {
    throw badRequest('vf.error.cursor');
  }
  return afterPosition(sort, value, id);
}

/**
 * The condition "after the row (value, id)" in the list's order, where `value` is the row's sort value as text
 * (SORT_KEY) — the list's next page after a position and the export's next batch alike. NULL sort values sort
 * as PostgreSQL puts them: first going down, last going up.
 */
export function afterPosition(sort: Sort, value: string | null, id: string): Expression<SqlBool> {
  const col = sql`(${sortColumn(sort)})`;
  if (value === null) {
    return sort.order === 'asc'
      ? sql<SqlBool>`(${col} IS NULL AND _id > ${id})`
      : sql<SqlBool>`((${col} IS NULL AND _id < ${id}) OR ${col} IS NOT NULL)`;
  }
  return sort.order === 'desc'
    ? sql<SqlBool>`(${col}, _id) < (${value}, ${id})`
    : sql<SqlBool>`((${col}, _id) > (${value}, ${id}) OR ${col} IS NULL)`;
}
