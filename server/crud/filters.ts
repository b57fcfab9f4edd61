// The WHERE of a declared resource's list: the tenant scope, hidden rows and the caller's filter, each key allowed
// by the declaration alone and each value checked. The list, the count, the export, a saved query and the
// dashboard all read rows through it, so none of them can see a row another would not.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { anyColumns, type AnyTables } from './table';
import type { CallContext } from '../auth/context';
import { fieldOf, isSecret, type ResourceDef, type FieldDef } from '../../resources/types';
import { checkValue } from '../../resources/validate';
import { isPlatformStaff } from '../auth/permissions';
import { badRequest } from '../http/errors';
import { scopeConditions } from './scope';
import type { Hooks } from './hooks';

const isArrayField = (f: FieldDef) => f.type === 'choices' || f.type === 'references';

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

type AllowedFilter = { kind: 'q' } | { kind: 'id' } | { kind: 'eq' | 'gte' | 'lte'; column: string; field: FieldDef };

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
  if (range && !f && usable(rf) && rf.filter === 'range')
    return { kind: range[2] as 'gte' | 'lte', column: range[1], field: rf };
  return undefined;
}

/** One condition of a list's WHERE: its SQL's shape (what decides the text), its parameters in order, and itself. */
interface Condition {
  shape: string;
  values: unknown[];
  build(eb: ExpressionBuilder<AnyTables, string>): Expression<SqlBool>;
}

/** A list's WHERE as kysely applies it, with what names its SQL text (`shape`, undefined when a resource's hook
 * writes part of it) and its parameters in order (`values`): a query of one shape compiles once (./shapes.ts). */
export type Where = (<D, T extends keyof D>(typed: ExpressionBuilder<D, T>) => Expression<SqlBool>) & {
  shape: string | undefined;
  values: unknown[];
};

/** The WHERE of a list: tenant scope, hidden rows, and the caller's filter, each field checked. A `derived` field
 * is filtered by its resource's hook (`derived`: that resource's Hooks.filters); without one it is refused. */
export function whereOf(
  def: ResourceDef,
  ctx: CallContext,
  filter: Record<string, unknown>,
  derived?: Hooks['filters'],
): Where {
  const scope = scopeConditions(def, ctx.user);
  const conds: Condition[] = [];
  let hooked = false;
  const eq = (shape: string, col: string, op: '=' | '<>' | '>=' | '<=', value: unknown): Condition => ({
    shape: `${shape}:${col}`,
    values: [value],
    build: (eb) => eb(eb.ref(col), op, value),
  });
  if (scope !== 'none') {
    for (const [col, value] of scope) conds.push(eq('scope', col, '=', value));
    if (def.list.hide && filter[def.list.hide.field] === undefined) {
      conds.push(eq('hide', def.list.hide.field, '<>', def.list.hide.value));
    }
    // The key is checked before its value: a key the declaration does not allow is refused even when empty.
    for (const [key, raw] of Object.entries(filter)) {
      const allowed = allowedFilter(def, key);
      if (!allowed) throw badRequest('vf.error.unknown_filter', { filter: key });
      if (raw === undefined || raw === null || raw === '') continue;
      if (allowed.kind === 'q') {
        if (typeof raw !== 'string' || raw.length > 200) throw badRequest('vf.error.unknown_filter', { filter: key });
        const like = `%${escapeLike(raw.trim())}%`;
        const cols = Object.entries(def.fields)
          .filter(([, f]) => f.search && !isSecret(f))
          .map(([n]) => n);
        if (def.idField) cols.push('_id');
        if (cols.length)
          conds.push({
            shape: `q:${cols.join(',')}`,
            values: cols.map(() => like),
            build: (eb) => eb.or(cols.map((c) => eb(eb.ref(c), 'ilike', like))),
          });
        continue;
      }
      if (allowed.kind === 'id') {
        const ids = Array.isArray(raw) ? raw : [raw];
        if (ids.length === 0 || ids.length > 1000 || ids.some((x) => typeof x !== 'string')) {
          throw badRequest('vf.error.unknown_filter', { filter: key });
        }
        conds.push({ shape: `id:${ids.length}`, values: ids, build: (eb) => eb(eb.ref('_id'), 'in', ids as string[]) });
        continue;
      }
      const { column, field: f } = allowed;
      // a field a tenant reads on some rows only matches on those rows (no guessing another's value by filter)
      if (f.tenantReads && !isPlatformStaff(ctx.user)) {
        const { field, values } = f.tenantReads;
        conds.push({
          shape: `reads:${field}:${values.length}`,
          values: [...values],
          build: (eb) => eb(eb.ref(field), 'in', [...values]),
        });
      }
      if (allowed.kind === 'gte' || allowed.kind === 'lte') {
        conds.push(eq(allowed.kind, column, allowed.kind === 'gte' ? '>=' : '<=', filterValue(f, raw, key)));
        continue;
      }
      if (f.derived) {
        // no column: the resource's hooks say what the value means (resources/types.ts `derived`)
        const condition = derived?.[column];
        if (!condition || Array.isArray(raw)) throw badRequest('vf.error.unknown_filter', { filter: key });
        const c = condition(filterValue(f, raw, key));
        hooked = true;
        conds.push({ shape: '', values: [], build: () => c });
        continue;
      }
      if (isArrayField(f)) {
        const v = filterValue({ type: 'text' }, raw, key);
        conds.push({
          shape: `holds:${column}`,
          values: [v],
          build: () => sql<SqlBool>`${sql.ref(column)} @> ARRAY[${v}]::text[]`,
        });
      } else if (Array.isArray(raw)) {
        if (raw.length === 0 || raw.length > 1000) throw badRequest('vf.error.unknown_filter', { filter: key });
        const vs = raw.map((v) => filterValue(f, v, key));
        conds.push({ shape: `in:${column}:${vs.length}`, values: vs, build: (eb) => eb(eb.ref(column), 'in', vs) });
      } else {
        conds.push(eq('eq', column, '=', filterValue(f, raw, key)));
      }
    }
  }
  const where = <D, T extends keyof D>(typed: ExpressionBuilder<D, T>): Expression<SqlBool> => {
    const eb = anyColumns(typed);
    if (scope === 'none') return sql<SqlBool>`false`;
    return conds.length ? eb.and(conds.map((c) => c.build(eb))) : sql<SqlBool>`true`;
  };
  return Object.assign(where, {
    shape: hooked ? undefined : scope === 'none' ? 'none' : conds.map((c) => c.shape).join('|'),
    values: scope === 'none' ? [] : conds.flatMap((c) => c.values),
  });
}
