// The generic service every declared resource gets: list, read, create, update, remove and declared
// actions, with validation, permission checks, tenant scope and the operation log on each.
import { sql, CompiledQuery, type ExpressionBuilder, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db';
import { byName, anyColumns, type AnyTables } from './table';
import type { CallContext } from '../auth/context';
import { fieldOf, isLocked, refusalOf, isSecret, isSortable, readableColumns, VERSION, type ResourceDef, type FieldDef } from '../../resources/types';
import { validateFields, checkValue, type FieldErrors } from '../../resources/validate';
import { findResource } from '../../resources';
import { verbPermission } from '../../resources/permissions';
import { isPlatformStaff, requirePermission } from '../auth/permissions';
import { badRequest, conflict, forbidden, invalid, notFound, stale } from '../http/errors';
import { writeLog, newId } from '../log';
import { inScope, scopeConditions } from './scope';
import { hooksOf, type Row } from './hooks';
import { afterCursor, encodeCursor, keysetSortable, sortKey, SORT_KEY } from './cursor';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../resources/limits';

/**
 * Totals are exact up to this many rows; past it the planner's estimate is given (with `total_estimated`, and
 * the browser says "about"). `npm run bench` measured why: on 1,000,000 orders an exact count of one brand's
 * closed orders scanned half a million rows (≈ 200 ms) for every page, while the page itself took 0.2 ms; a
 * count capped at 10,000 still cost 1.3 ms of the 2.2 ms a page took in the database, capped at 1,000 0.3 ms.
 */
export const EXACT_TOTAL_LIMIT = 1_000;

const isArrayField = (f: FieldDef) => f.type === 'choices' || f.type === 'references';
const outputColumns = readableColumns;
const tenantColumns = (def: ResourceDef) =>
  [def.tenant?.integrator, def.tenant?.dealer].filter((c): c is string => !!c && c !== '_id');

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterValue(def: FieldDef, v: unknown, field: string): unknown {
  if (def.type === 'datetime') {
    const { value, error } = checkValue(def, v);
    if (error) throw badRequest('vf.error.unknown_filter', { filter: field });
    return value;
  }
  if (def.type === 'number' || def.type === 'money') {
    const { value, error } = checkValue({ type: 'number' }, v);
    if (error) throw badRequest('vf.error.unknown_filter', { filter: field });
    return value;
  }
  if (def.type === 'boolean') {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    throw badRequest('vf.error.unknown_filter', { filter: field });
  }
  if (typeof v === 'string' && v.length <= 500) return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw badRequest('vf.error.unknown_filter', { filter: field });
}

type AllowedFilter =
  | { kind: 'q' }
  | { kind: 'id' }
  | { kind: 'eq' | 'gte' | 'lte'; column: string; field: FieldDef };

/**
 * What a filter key may do, by the declaration alone (an allow-list): `q` searches the `search` fields, `_id`
 * takes one id or a list (react-admin's getMany), `<field>` needs `filter: 'eq'` and `<field>_gte` / `_lte`
 * need `filter: 'range'`. Secret and JSON fields are never filterable, whatever they are marked.
 */
export function allowedFilter(def: ResourceDef, key: string): AllowedFilter | undefined {
  if (key === 'q') return { kind: 'q' };
  if (key === '_id') return { kind: 'id' };
  const usable = (f: FieldDef | undefined): f is FieldDef => !!f && !isSecret(f) && f.type !== 'json';
  const f = fieldOf(def, key);
  if (usable(f) && f.filter === 'eq') return { kind: 'eq', column: key, field: f };
  const range = /^(.+)_(gte|lte)$/.exec(key);
  const rf = range ? fieldOf(def, range[1]) : undefined;
  if (range && !f && usable(rf) && rf.filter === 'range') return { kind: range[2] as 'gte' | 'lte', column: range[1], field: rf };
  return undefined;
}

/** Fields a tenant (brand or store) account reads on some rows only (FieldDef.tenantReads); none for staff. */
const tenantRules = (def: ResourceDef, ctx: CallContext) =>
  isPlatformStaff(ctx.user) ? [] : Object.entries(def.fields).flatMap(([n, f]) => (f.tenantReads ? [[n, f.tenantReads] as const] : []));

/** The columns `tenantReadable` needs besides those shown (the rule's own field). */
export const tenantRuleColumns = (def: ResourceDef, ctx: CallContext) => tenantRules(def, ctx).map(([, r]) => r.field);

/** Blanks, in place, what a tenant account may not read of these rows (FieldDef.tenantReads): list, record and
 * export all call it, so none shows what another does not. */
export function tenantReadable<R extends Record<string, unknown>>(def: ResourceDef, ctx: CallContext, rows: R[]): R[] {
  for (const [name, rule] of tenantRules(def, ctx)) {
    for (const r of rows) if (!rule.values.includes(r[rule.field] as string)) (r as Record<string, unknown>)[name] = null;
  }
  return rows;
}

/** The WHERE of a list: tenant scope, hidden rows, and the caller's filter, each field checked. */
export function whereOf(def: ResourceDef, ctx: CallContext, filter: Record<string, unknown>) {
  const scope = scopeConditions(def, ctx.user);
  return <D, T extends keyof D>(typed: ExpressionBuilder<D, T>): Expression<SqlBool> => {
    const eb = anyColumns(typed);
    const conds: Expression<SqlBool>[] = [];
    if (scope === 'none') return sql<SqlBool>`false`;
    for (const [col, value] of scope) conds.push(eb(eb.ref(col), '=', value));
    if (def.list.hide && filter[def.list.hide.field] === undefined) {
      conds.push(eb(eb.ref(def.list.hide.field), '<>', def.list.hide.value));
    }
    for (const [key, raw] of Object.entries(filter)) {
      // The key is checked before its value: a key the declaration does not allow is refused even when empty.
      const allowed = allowedFilter(def, key);
      if (!allowed) throw badRequest('vf.error.unknown_filter', { filter: key });
      if (raw === undefined || raw === null || raw === '') continue;
      if (allowed.kind === 'q') {
        if (typeof raw !== 'string' || raw.length > 200) throw badRequest('vf.error.unknown_filter', { filter: key });
        const like = `%${escapeLike(raw.trim())}%`;
        const cols = Object.entries(def.fields).filter(([, f]) => f.search && !isSecret(f)).map(([n]) => n);
        if (def.idField) cols.push('_id');
        if (cols.length) conds.push(eb.or(cols.map((c) => eb(eb.ref(c), 'ilike', like))));
        continue;
      }
      if (allowed.kind === 'id') {
        const ids = Array.isArray(raw) ? raw : [raw];
        if (ids.length === 0 || ids.length > 1000 || ids.some((x) => typeof x !== 'string')) {
          throw badRequest('vf.error.unknown_filter', { filter: key });
        }
        conds.push(eb(eb.ref('_id'), 'in', ids as string[]));
        continue;
      }
      const { column, field: f } = allowed;
      // a field a tenant reads on some rows only matches on those rows (no guessing another's value by filter)
      if (f.tenantReads && !isPlatformStaff(ctx.user)) conds.push(eb(eb.ref(f.tenantReads.field), 'in', [...f.tenantReads.values]));
      if (allowed.kind === 'gte' || allowed.kind === 'lte') {
        conds.push(eb(eb.ref(column), allowed.kind === 'gte' ? '>=' : '<=', filterValue(f, raw, key)));
        continue;
      }
      if (f.derived) {
        // no column: the resource's hooks say what the value means (resources/types.ts `derived`)
        const derived = hooksOf(def.name).filters?.[column];
        if (!derived || Array.isArray(raw)) throw badRequest('vf.error.unknown_filter', { filter: key });
        conds.push(derived(filterValue(f, raw, key)));
        continue;
      }
      if (isArrayField(f)) {
        conds.push(sql<SqlBool>`${sql.ref(column)} @> ARRAY[${filterValue({ type: 'text' }, raw, key)}]::text[]`);
      } else if (Array.isArray(raw)) {
        if (raw.length === 0 || raw.length > 1000) throw badRequest('vf.error.unknown_filter', { filter: key });
        conds.push(eb(eb.ref(column), 'in', raw.map((v) => filterValue(f, v, key))));
      } else {
        conds.push(eb(eb.ref(column), '=', filterValue(f, raw, key)));
      }
    }
    return conds.length ? eb.and(conds) : sql<SqlBool>`true`;
  };
}

export interface ListBody {
  page?: unknown;
  pageSize?: unknown;
  sort?: { field?: unknown; order?: unknown };
  filter?: Record<string, unknown>;
  /** a previous answer's `next`: the page starting after that row (server/crud/cursor.ts) */
  after?: unknown;
}

export function pagingOf(body: ListBody) {
  const page = body.page === undefined ? 1 : Number(body.page);
  const pageSize = body.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageSize);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw badRequest('vf.error.paging', { max: MAX_PAGE_SIZE });
  }
  return { page, pageSize };
}

export function sortOf(def: ResourceDef, body: ListBody): { field: string; order: 'asc' | 'desc' } {
  const field = body.sort?.field === undefined ? def.list.sort.field : body.sort.field;
  const order = String(body.sort?.order ?? def.list.sort.order).toUpperCase();
  if (typeof field !== 'string' || !isSortable(def, field)) {
    throw badRequest('vf.error.unknown_sort', { field: String(field) });
  }
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('vf.error.unknown_sort', { field: String(field) });
  return { field, order: order === 'ASC' ? 'asc' : 'desc' };
}

function asObject(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('vf.error.body');
  return v as Record<string, unknown>;
}

export async function list(db: DB, ctx: CallContext, def: ResourceDef, rawBody: unknown) {
  requirePermission(ctx.user, def.permissions.list);
  const body = asObject(rawBody) as ListBody;
  const { page, pageSize } = pagingOf(body);
  const sort = sortOf(def, body);
  const where = whereOf(def, ctx, asObject(body.filter));
  const ordered = <O>(q: SelectQueryBuilder<AnyTables, string, O>) => q.orderBy(sort.field, sort.order).orderBy('_id', sort.order);
  const t = byName(db);
  const keyset = keysetSortable(def, sort);
  const columns = keyset ? [...outputColumns(def), sortKey(sort)] : outputColumns(def);
  const after = body.after === undefined || body.after === null ? undefined : afterCursor(sort, body.after);
  const rows =
    page === 1 || after
      ? ordered(t.selectFrom(def.table).select(columns).where(where).where(after ?? sql<boolean>`true`)).limit(pageSize)
      : // A later page by number finds its ids first and reads only those rows: skipping 10,000 index entries is
        // cheap (index-only), skipping 10,000 whole rows is not — `npm run bench` measured page 500 at 11 ms → 2 ms.
        ordered(
          t
            .selectFrom(def.table)
            .select(columns)
            .where('_id', 'in', ordered(t.selectFrom(def.table).select('_id').where(where)).limit(pageSize).offset((page - 1) * pageSize)),
        );
  // one after the other, on one connection: under load, a request holding two of the pool's connections made
  // the others queue for them (p95 1.5x the hand-written floor in `npm run bench`), for ~0.3 ms saved when idle
  const list: Row[] = await rows.execute().catch((e: { code?: string }) => {
    // a position whose value the column cannot hold (a forged one): SQLSTATE class 22, data exception
    if (after && typeof e.code === 'string' && e.code.startsWith('22')) throw badRequest('vf.error.cursor');
    throw e;
  });
  const count = await totalOf(db, def, where);
  const next = keyset && list.length === pageSize ? encodeCursor(sort, list[list.length - 1]) : undefined;
  for (const r of list) delete r[SORT_KEY];
  tenantReadable(def, ctx, list);
  await hooksOf(def.name).present?.(list, db, ctx);
  return { list, total: count.total, ...(count.estimated ? { total_estimated: true } : {}), ...(next ? { next } : {}) };
}

/** The number of matching rows: counted up to EXACT_TOTAL_LIMIT, estimated by the planner beyond. */
export async function totalOf(db: DB, def: ResourceDef, where: ReturnType<typeof whereOf>): Promise<{ total: number; estimated: boolean }> {
  const t = byName(db);
  const capped = await t
    .selectFrom(t.selectFrom(def.table).select(sql`1`.as('one')).where(where).limit(EXACT_TOTAL_LIMIT + 1).as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (capped.n <= EXACT_TOTAL_LIMIT) return { total: capped.n, estimated: false };
  const q = t.selectFrom(def.table).select(sql`1`.as('one')).where(where).compile();
  // never fewer than the rows already seen to exist
  return { total: Math.max(await estimateOf(db, q), EXACT_TOTAL_LIMIT + 1), estimated: true };
}

/**
 * The planner's estimates, by query and parameters, per database. They move only when the statistics do
 * (autovacuum's ANALYZE), so the same list paged or refreshed again within ESTIMATE_MS reuses one instead of
 * asking EXPLAIN each time: a list call is its page and its capped count (issue 28: a third statement, planned
 * every call, before).
 */
const ESTIMATE_MS = 60_000;
const MAX_ESTIMATES = 1_000;
const estimates = new WeakMap<DB, Map<string, { rows: number; at: number }>>();

async function estimateOf(db: DB, q: CompiledQuery): Promise<number> {
  let known = estimates.get(db);
  if (!known) estimates.set(db, (known = new Map()));
  const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
  const hit = known.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_MS) return hit.rows;
  // EXPLAIN's JSON comes back parsed, like every json column, on both engines (node-postgres's json parser)
  const plan = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]));
  const rows = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  known.delete(key);
  if (known.size >= MAX_ESTIMATES) known.delete(known.keys().next().value!);
  known.set(key, { rows, at: Date.now() });
  return rows;
}

function checkId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw notFound();
  return id;
}

/** A row the caller may see, locked for update when inside a write; 404 otherwise, even if it exists elsewhere. */
async function loadScoped(db: DB, ctx: CallContext, def: ResourceDef, id: unknown, lock = false): Promise<Row> {
  let q = byName(db).selectFrom(def.table).selectAll().where(whereOf(def, ctx, {})).where('_id', '=', checkId(id));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function present(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const c of outputColumns(def)) out[c] = row[c];
  return out;
}

export async function read(db: DB, ctx: CallContext, def: ResourceDef, id: unknown) {
  requirePermission(ctx.user, verbPermission(def, 'read'));
  const row = present(def, await loadScoped(db, ctx, def, id));
  tenantReadable(def, ctx, [row]);
  const hooks = hooksOf(def.name);
  await hooks.present?.([row], db, ctx);
  await hooks.presentDetail?.([row], db, ctx);
  return row;
}

/** A store row gives its brand to whatever hangs off it; a scoped account's rows stay in its tenant. */
async function settleTenant(trx: DB, def: ResourceDef, ctx: CallContext, row: Row) {
  const t = def.tenant;
  if (!t) return;
  const u = ctx.user;
  const dealerCol = t.dealer && t.dealer !== '_id' ? t.dealer : undefined;
  const integratorCol = t.integrator && t.integrator !== '_id' ? t.integrator : undefined;
  if (dealerCol && u.account_type === 'DEALER' && row[dealerCol] == null) row[dealerCol] = u.dealer;
  if (dealerCol && integratorCol && row[dealerCol]) {
    const store = await trx.selectFrom('dealer').select('integrator').where('_id', '=', String(row[dealerCol])).executeTakeFirst();
    if (!store) throw badRequest('vf.error.reference_missing');
    row[integratorCol] = store.integrator;
  }
  if (integratorCol && u.account_type === 'INTEGRATOR' && row[integratorCol] == null) row[integratorCol] = u.integrator;
  if (!inScope(def, u, row)) throw forbidden('vf.error.forbidden_scope');
}

/**
 * The declared `sameAs` rule: every id of such a reference(s) must be a row of its table whose column (default:
 * the same name) holds this row's value of `field` — a group's products and a product's robots are of its store.
 * Judged on the row as it will be stored, after the tenant is settled.
 */
async function checkSameAs(trx: DB, def: ResourceDef, values: Row, row: Row) {
  const errors: FieldErrors = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.sameAs || !(name in values) || !f.reference) continue;
    const ids = (Array.isArray(values[name]) ? values[name] : [values[name]]).filter((x): x is string => typeof x === 'string');
    if (ids.length === 0) continue;
    const target = findResource(f.reference);
    const column = f.sameAs.column ?? f.sameAs.field;
    const owner = row[f.sameAs.field];
    const found = new Set(
      owner == null ? [] : (await byName(trx).selectFrom(target?.table ?? f.reference).select('_id').where('_id', 'in', ids).where(column, '=', owner).execute()).map((r) => r._id),
    );
    const stranger = ids.find((id) => !found.has(id));
    if (stranger) errors[name] = { key: f.sameAs.message ?? 'vf.vocab.error.same_as', args: { id: stranger } };
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

function validated(def: ResourceDef, body: Record<string, unknown>, mode: 'create' | 'edit') {
  const fields = mode === 'create' && def.idField ? { _id: def.idField, ...def.fields } : def.fields;
  const { values, errors } = validateFields(fields, body, mode);
  return { values, errors };
}

export async function create(db: DB, ctx: CallContext, def: ResourceDef, rawBody: unknown) {
  requirePermission(ctx.user, def.permissions.add);
  const body = asObject(rawBody);
  const { values, errors } = validated(def, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  const hooks = hooksOf(def.name);
  const reply: Row = {};
  const saved = await db.transaction().execute(async (trx) => {
    const row: Row = { ...values, _id: def.idField ? values._id : newId() };
    await settleTenant(trx, def, ctx, row);
    await checkSameAs(trx, def, row, row);
    await hooks.beforeWrite?.({ trx, ctx, def, mode: 'create', values: row, reply });
    const saved = await byName(trx).insertInto(def.table).values(encode(def, row)).returningAll().executeTakeFirstOrThrow();
    await hooks.afterWrite?.({ trx, ctx, def, mode: 'create', values: row, saved, reply });
    await writeLog(trx, ctx, { action: 'add', resource: def.name, record: String(saved._id), after: present(def, saved), ...tenantOf(def, saved) });
    return saved;
  });
  return { ...(await read(db, ctx, { ...def, permissions: { ...def.permissions, read: def.permissions.add } }, saved._id)), ...reply };
}

/** The version an edit was based on: absent (an older client: accepted), or a positive integer. */
function expectedVersion(body: Record<string, unknown>): number | undefined {
  const v = body[VERSION];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) throw invalid({ [VERSION]: { key: 'vf.validation.integer' } });
  return v;
}

/** One more on the row's version: every write of the service says the row moved on (the row is locked). */
const bumped = (existing: Row): Row => (VERSION in existing ? { [VERSION]: Number(existing[VERSION]) + 1 } : {});

export async function update(db: DB, ctx: CallContext, def: ResourceDef, rawBody: unknown, id?: unknown) {
  requirePermission(ctx.user, def.permissions.edit);
  const body = asObject(rawBody);
  const targetId = id ?? body._id;
  const { values, errors } = validated(def, body, 'edit');
  const expected = expectedVersion(body);
  const hooks = hooksOf(def.name);
  const reply: Row = {};
  await db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, targetId, true);
    // Read under the row's lock: of two editors who loaded the same version, the second finds it moved on.
    if (expected !== undefined && Number(existing[VERSION]) !== expected) throw stale();
    // the declaration's edit guard (a resolved report): one rule, which the screens follow by hiding the edit
    if (isLocked(def, existing)) throw conflict('vf.error.state', { field: def.lockedWhen!.field, value: String(existing[def.lockedWhen!.field] ?? '—') });
    await hooks.guard?.({ trx, ctx, def, existing, verb: 'edit' });
    const fieldErrors: FieldErrors = { ...errors };
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.createOnly && name in values && !same(values[name], existing[name])) fieldErrors[name] = { key: f.createOnlyMessage ?? 'vf.validation.create_only' };
    }
    if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
    const row: Row = { ...existing, ...values };
    await settleTenant(trx, def, ctx, row);
    // the owner may have changed too: judge the references given, and those kept when the owner moved
    const sameAsGiven = Object.fromEntries(Object.entries(def.fields).filter(([n, f]) => f.sameAs && (n in values || f.sameAs.field in values)).map(([n]) => [n, row[n]]));
    await checkSameAs(trx, def, sameAsGiven, row);
    const changes: Row = {};
    for (const k of [...Object.keys(values), ...tenantColumns(def)]) if (!same(row[k], existing[k])) changes[k] = row[k];
    await hooks.beforeWrite?.({ trx, ctx, def, mode: 'edit', values: changes, existing, reply });
    if (Object.keys(changes).length === 0) return;
    if ('update_time' in existing) changes.update_time = new Date().toISOString();
    const saved = await byName(trx).updateTable(def.table).set({ ...encode(def, changes), ...bumped(existing) }).where('_id', '=', existing._id).returningAll().executeTakeFirstOrThrow();
    await hooks.afterWrite?.({ trx, ctx, def, mode: 'edit', values: changes, existing, saved, reply });
    await writeLog(trx, ctx, { action: 'edit', resource: def.name, record: String(saved._id), before: present(def, existing), after: present(def, saved), ...tenantOf(def, saved) });
  });
  return { ...(await read(db, ctx, { ...def, permissions: { ...def.permissions, read: def.permissions.edit } }, targetId)), ...reply };
}

export async function remove(db: DB, ctx: CallContext, def: ResourceDef, rawBody: unknown) {
  requirePermission(ctx.user, def.permissions.delete);
  const body = asObject(rawBody);
  const hooks = hooksOf(def.name);
  return db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, body._id, true);
    await hooks.guard?.({ trx, ctx, def, existing, verb: 'delete' });
    await hooks.beforeRemove?.({ trx, ctx, def, existing });
    if (def.remove) {
      await byName(trx).updateTable(def.table).set({ [def.remove.field]: def.remove.value, ...bumped(existing) }).where('_id', '=', existing._id).execute();
    } else {
      await byName(trx).deleteFrom(def.table).where('_id', '=', existing._id).execute();
    }
    await hooks.afterAction?.('delete', { trx, ctx, def, existing, body: {}, reply: {}, saved: existing });
    await writeLog(trx, ctx, { action: 'delete', resource: def.name, record: String(existing._id), before: present(def, existing), ...tenantOf(def, existing) });
    return { _id: existing._id };
  });
}

export async function act(db: DB, ctx: CallContext, def: ResourceDef, name: string, rawBody: unknown) {
  const action = def.actions?.[name];
  if (!action) throw notFound('vf.error.route_not_found', { path: `${def.name}/${name}` });
  requirePermission(ctx.user, action.permission);
  const body = asObject(rawBody);
  const { values, errors } = validateFields(action.body ?? {}, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  const hooks = hooksOf(def.name);
  const reply: Row = {};
  const id = await db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, body._id, true);
    await hooks.guard?.({ trx, ctx, def, existing, verb: name });
    for (const [rule, applies] of [[action.from, true], [action.except, false]] as const) {
      const value = rule && (existing[rule.field] as string | boolean | null);
      if (rule && rule.values.includes(value ?? null) !== applies) throw conflict('vf.error.state', { field: rule.field, value: String(value ?? '—') });
    }
    const refused = action.guards && refusalOf(action.guards, existing);
    if (refused) throw conflict(refused.key, refused.args);
    const a = { trx, ctx, def, existing, body: values, reply };
    let saved: Row | undefined;
    const custom = hooks.actions?.[name];
    if (custom) saved = await custom(a);
    else if (action.set) {
      saved = await byName(trx).updateTable(def.table).set(action.set).where('_id', '=', existing._id).returningAll().executeTakeFirstOrThrow();
    } else {
      throw notFound('vf.error.route_not_found', { path: `${def.name}/${name}` });
    }
    saved ??= existing;
    // whatever the action changed, the row moved on: an edit form opened before it is now stale
    if (VERSION in existing) {
      saved = await byName(trx).updateTable(def.table).set({ [VERSION]: sql`${sql.ref(VERSION)} + 1` }).where('_id', '=', existing._id).returningAll().executeTakeFirstOrThrow();
    }
    await hooks.afterAction?.(name, { ...a, saved });
    await writeLog(trx, ctx, { action: name, resource: def.name, record: String(existing._id), before: present(def, existing), after: present(def, saved), ...tenantOf(def, saved) });
    return existing._id;
  });
  return { ...(await read(db, ctx, { ...def, permissions: { ...def.permissions, read: action.permission } }, id)), ...reply };
}

function tenantOf(def: ResourceDef, row: Row) {
  const t = def.tenant;
  return {
    integrator: t?.integrator ? ((row[t.integrator] as string) ?? null) : null,
    dealer: t?.dealer ? ((row[t.dealer] as string) ?? null) : null,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** JSON fields are written as JSON text; arrays of text stay arrays (node-postgres sends text[]). */
function encode(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = def.fields[k]?.type === 'json' && v !== null ? JSON.stringify(v) : v;
  return out;
}
