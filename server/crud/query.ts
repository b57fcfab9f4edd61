// Reading a declared resource: a list page (paging by number or after a position, its sort, its total) and one
// record — each within the caller's tenant scope, with what a tenant may not read blanked and the resource's
// `present` hooks adding their values.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db';
import { isoText } from '../db/isoText';
import { byName, type AnyTables } from './table';
import type { CallContext } from '../auth/context';
import {
  fieldOf,
  isSortable,
  listableFields,
  readableColumns,
  VERSION,
  type Permission,
  type ResourceDef,
} from '../../resources/types';
import { verbPermission } from '../../resources/permissions';
import { isPlatformStaff, requirePermission } from '../auth/permissions';
import { badRequest, notFound } from '../http/errors';
import { tenantReadable } from './scope';
import { whereOf } from './filters';
import { totalOf } from './count';
import { compiledOnce } from './shapes';
import type { Hooks, Row, Served } from './hooks';
import { afterCursor, encodeCursor, keysetSortable, sortColumn, sortKey, SORT_KEY, type Sort } from './cursor';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../resources/limits';

export interface ListBody {
  page?: unknown;
  pageSize?: unknown;
  sort?: { field?: unknown; order?: unknown };
  filter?: Record<string, unknown>;
  /** a previous answer's `next`: the page starting after that row (server/crud/cursor.ts) */
  after?: unknown;
  /** the columns the caller shows (`fieldsOf`): rows then hold these, `_id` and `version`, not the whole record */
  fields?: unknown;
}

export function pagingOf(body: ListBody) {
  const page = body.page === undefined ? 1 : Number(body.page);
  const pageSize = body.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageSize);
  if (
    !Number.isSafeInteger(page) ||
    page < 1 ||
    !Number.isSafeInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > MAX_PAGE_SIZE
  ) {
    throw badRequest('vf.error.paging', { max: MAX_PAGE_SIZE });
  }
  return { page, pageSize };
}

/** The list's sort; with the caller (`ctx`), a tenant's sort by a field it reads on some rows only is by those rows'
 * values alone (Sort.readsOnly, docs/security.md "What a caller can read back"). */
export function sortOf(def: ResourceDef, body: ListBody, ctx?: CallContext): Sort {
  const field = body.sort?.field === undefined ? def.list.sort.field : body.sort.field;
  const order = String(body.sort?.order ?? def.list.sort.order).toUpperCase();
  if (typeof field !== 'string' || !isSortable(def, field)) {
    throw badRequest('vf.error.unknown_sort', { field: String(field) });
  }
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('vf.error.unknown_sort', { field: String(field) });
  const readsOnly = ctx && !isPlatformStaff(ctx.user) ? def.fields[field]?.tenantReads : undefined;
  return { field, order: order === 'ASC' ? 'asc' : 'desc', ...(readsOnly ? { readsOnly } : {}) };
}

export function asObject(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('vf.error.body');
  return v as Record<string, unknown>;
}

/**
 * A time column read as the text its answer shows (what JSON makes of a Date: ISO-8601, UTC, milliseconds
 * truncated), so a list page makes no Date of it only to write it back as text: parsing and serialising ~80 Dates
 * was the largest share of what an order list page cost beyond the hand-written floor (docs/performance.md).
 * The name stays the column's: the list orders by the table's column (`ordered`), never by this text.
 */
const isoColumn = (column: string) => isoText(sql.ref(column)).as(column);

/**
 * The columns a list call names (`fields`), in the declaration's order, with `_id`, `version` and what
 * `tenantReadable` reads to blank a named one; undefined: every readable and derived column (no `fields`, or a
 * resource whose `present` hook may read any column of its rows). A screen that shows a few columns of a wide
 * record asks for those: the order list's JSON columns (products, flow, payment) were two thirds of its page's
 * bytes, parsed by pg and serialized again for nothing, and most of its page's time in the database
 * (docs/performance.md, "As a browser pays it").
 */
export function fieldsOf({ def, hooks }: Served, raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const all = [...readableColumns(def), ...Object.keys(hooks.columns ?? {})];
  const named = listableFields(def);
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > named.length) throw badRequest('vf.error.bad_request');
  const wanted = new Set<string>(['_id', VERSION]);
  for (const f of raw) {
    if (typeof f !== 'string' || !named.includes(f)) throw badRequest('vf.error.bad_request');
    wanted.add(f);
    const rule = def.fields[f]?.tenantReads;
    if (rule) wanted.add(rule.field);
  }
  if (hooks.present) return undefined;
  return all.filter((c) => wanted.has(c));
}

/** The resource's `derived` fields its hooks give as SQL (Hooks.columns), each as a column of the row's statement. */
export const derivedColumns = (hooks: Hooks) =>
  Object.entries(hooks.columns ?? {}).map(([name, value]) => value.as(name));

/**
 * A list's `SELECT <its readable and derived columns, or those named> FROM <its table>`, built once per database,
 * resource, keyset sort and named columns: building the selection of ~30 named columns was half of kysely's cost of
 * an order list call (~35 µs of CPU a call, `npm run bench`; docs/performance.md). Builders are immutable, so each
 * call adds its own conditions. Callers name few sets of columns (a screen's); a bound all the same.
 */
const MAX_SELECTIONS = 200;
const selections = new WeakMap<DB, WeakMap<ResourceDef, Map<string, SelectQueryBuilder<AnyTables, string, Row>>>>();
function selectedOf(db: DB, { def, hooks }: Served, keysetSort: Sort | undefined, only: string[] | undefined) {
  let byDef = selections.get(db);
  if (!byDef) selections.set(db, (byDef = new WeakMap()));
  let byField = byDef.get(def);
  if (!byField) byDef.set(def, (byField = new Map()));
  const field = `${keysetSort ? `${keysetSort.field}${keysetSort.readsOnly ? ':reads' : ''}` : ''}|${only?.join(',') ?? ''}`;
  let q = byField.get(field);
  if (!q) {
    const named = only ? new Set(only) : undefined;
    const columns = readableColumns(def)
      .filter((c) => !named || named.has(c))
      .map((c) => (fieldOf(def, c)?.type === 'datetime' ? isoColumn(c) : c));
    if (keysetSort) columns.push(sortKey(keysetSort));
    const derived = derivedColumns(
      named
        ? { columns: Object.fromEntries(Object.entries(hooks.columns ?? {}).filter(([n]) => named.has(n))) }
        : hooks,
    );
    q = byName(db).selectFrom(def.table).select(columns).select(derived) as unknown as SelectQueryBuilder<
      AnyTables,
      string,
      Row
    >;
    if (byField.size >= MAX_SELECTIONS) byField.delete(byField.keys().next().value!);
    byField.set(field, q);
  }
  return q;
}

export async function list(db: DB, ctx: CallContext, served: Served, rawBody: unknown) {
  const { def, hooks } = served;
  requirePermission(ctx.user, def.permissions.list);
  const body = asObject(rawBody) as ListBody;
  const { page, pageSize } = pagingOf(body);
  const sort = sortOf(def, body, ctx);
  const where = whereOf(def, ctx, asObject(body.filter), hooks.filters);
  // by the table's column: a bare name would mean the selected column of that name (a time is read as text)
  const ordered = <O>(q: SelectQueryBuilder<AnyTables, string, O>) =>
    q.orderBy(sortColumn(sort, def.table), sort.order).orderBy(`${def.table}._id`, sort.order);
  const t = byName(db);
  const keyset = keysetSortable(def, sort);
  const only = fieldsOf(served, body.fields);
  const selected = selectedOf(db, served, keyset ? sort : undefined, only);
  const after = body.after === undefined || body.after === null ? undefined : afterCursor(sort, body.after);
  const build = () =>
    page === 1 || after
      ? ordered(selected.where(where).where(after ?? sql<boolean>`true`)).limit(pageSize)
      : // A later page by number finds its ids first and reads only those rows: skipping 10,000 index entries is
        // cheap (index-only), skipping 10,000 whole rows is not — `npm run bench` measured page 500 at 11 ms → 2 ms.
        ordered(
          selected.where(
            '_id',
            'in',
            ordered(t.selectFrom(def.table).select('_id').where(where))
              .limit(pageSize)
              .offset((page - 1) * pageSize),
          ),
        );
  // a page after a position is built every time (its condition is the cursor's); page 1 and pages by number once
  // per shape (./shapes.ts)
  const shape =
    after || where.shape === undefined
      ? undefined
      : `list:${sort.field}${sort.readsOnly ? ':reads' : ''}:${sort.order}:${page === 1 ? 'first' : 'deep'}:${where.shape}${only ? `:${only.join(',')}` : ''}`;
  const query = compiledOnce(
    def,
    shape,
    page === 1 ? [...where.values, pageSize] : [...where.values, pageSize, (page - 1) * pageSize],
    build,
  );
  // one after the other, on one connection: under load, a request holding two of the pool's connections made
  // the others queue for them (p95 1.5x the hand-written floor in `npm run bench`), for ~0.3 ms saved when idle
  const list: Row[] = await db
    .executeQuery<Row>(query)
    .then((r) => r.rows)
    .catch((e: { code?: string }) => {
      // a position whose value the column cannot hold (a forged one): SQLSTATE class 22, data exception
      if (after && typeof e.code === 'string' && e.code.startsWith('22')) throw badRequest('vf.error.cursor');
      throw e;
    });
  const count = await totalOf(db, def, where);
  const next = keyset && list.length === pageSize ? encodeCursor(sort, list[list.length - 1]) : undefined;
  for (const r of list) delete r[SORT_KEY];
  tenantReadable(def, ctx, list);
  await hooks.present?.(list, db, ctx);
  return { list, total: count.total, ...(count.estimated ? { total_estimated: true } : {}), ...(next ? { next } : {}) };
}

function checkId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw notFound();
  return id;
}

/** A row the caller may see, locked for update when inside a write; 404 otherwise, even if it exists elsewhere.
 * `hooks`: with the values of its derived fields (Hooks.columns). */
export async function loadScoped(
  db: DB,
  ctx: CallContext,
  def: ResourceDef,
  id: unknown,
  lock = false,
  hooks?: Hooks,
): Promise<Row> {
  let q = byName(db)
    .selectFrom(def.table)
    .selectAll()
    .select(hooks ? derivedColumns(hooks) : [])
    .where(whereOf(def, ctx, {}))
    .where('_id', '=', checkId(id));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A row as answered and logged: its readable columns. */
export function present(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const c of readableColumns(def)) out[c] = row[c];
  return out;
}

export async function read(db: DB, ctx: CallContext, { def, hooks }: Served, id: unknown) {
  requirePermission(ctx.user, verbPermission(def, 'read'));
  const loaded = await loadScoped(db, ctx, def, id, false, hooks);
  const row = present(def, loaded);
  for (const name of Object.keys(hooks.columns ?? {})) row[name] = loaded[name];
  tenantReadable(def, ctx, [row]);
  await hooks.present?.([row], db, ctx);
  await hooks.presentDetail?.([row], db, ctx);
  return row;
}

/** The record a write answers with, read under the permission the write took (one may add or act without `read`). */
export function readAfterWrite(
  db: DB,
  ctx: CallContext,
  served: Served,
  permission: Permission | undefined,
  id: unknown,
) {
  return read(
    db,
    ctx,
    { ...served, def: { ...served.def, permissions: { ...served.def.permissions, read: permission } } },
    id,
  );
}
