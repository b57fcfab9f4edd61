// Writing a declared resource's rows: create, edit and remove, each in one transaction — validated by the
// declaration, the tenant settled from the caller and the row's store, the declared cross-row rules (`sameAs`,
// `createOnly`, `lockedWhen`) kept, the row's version checked and moved on, the resource's hooks run, the change
// logged (audit.ts). The answer is the record as `read` gives it.
import type { DB } from '../db';
import { byName } from './table';
import type { CallContext } from '../auth/context';
import { isLocked, VERSION, type ResourceDef } from '../../resources/types';
import { tidyFields, type FieldErrors } from '../../resources/validate';
import { findResource } from '../../resources';
import { requirePermission } from '../auth/permissions';
import { badRequest, conflict, forbidden, invalid, stale } from '../http/errors';
import { newId } from '../log';
import { inScope } from './scope';
import { asObject, loadScoped, readAfterWrite } from './query';
import { logChange } from './audit';
import type { Row, Served } from './hooks';

const tenantColumns = (def: ResourceDef) =>
  [def.tenant?.integrator, def.tenant?.dealer].filter((c): c is string => !!c && c !== '_id');

/** A store row gives its brand to whatever hangs off it; a scoped account's rows stay in its tenant. */
export async function settleTenant(trx: DB, def: ResourceDef, ctx: CallContext, row: Row) {
  const store = storeOf(def, ctx, row);
  let brand: string | null | undefined;
  if (store !== undefined) {
    const found = await trx.selectFrom('dealer').select('integrator').where('_id', '=', store).executeTakeFirst();
    brand = found ? found.integrator : undefined;
  }
  settleTenantWith(def, ctx, row, brand);
}

/** The store whose brand settleTenant must look up for this row (after a store account's own is filled in). */
export function storeOf(def: ResourceDef, ctx: CallContext, row: Row): string | undefined {
  const t = def.tenant;
  if (!t) return undefined;
  const dealerCol = t.dealer && t.dealer !== '_id' ? t.dealer : undefined;
  const integratorCol = t.integrator && t.integrator !== '_id' ? t.integrator : undefined;
  if (dealerCol && ctx.user.account_type === 'DEALER' && row[dealerCol] == null) row[dealerCol] = ctx.user.dealer;
  return dealerCol && integratorCol && row[dealerCol] ? String(row[dealerCol]) : undefined;
}

/** settleTenant with the store's brand already looked up (`storeOf`; undefined: no such store), for the rows of
 * an import batch, whose stores are looked up at once. */
export function settleTenantWith(def: ResourceDef, ctx: CallContext, row: Row, brand: string | null | undefined) {
  const t = def.tenant;
  if (!t) return;
  const u = ctx.user;
  const integratorCol = t.integrator && t.integrator !== '_id' ? t.integrator : undefined;
  const store = storeOf(def, ctx, row);
  if (store !== undefined) {
    if (brand === undefined) throw badRequest('vf.error.reference_missing');
    row[integratorCol!] = brand;
  }
  if (integratorCol && u.account_type === 'INTEGRATOR' && row[integratorCol] == null) row[integratorCol] = u.integrator;
  if (!inScope(def, u, row)) throw forbidden('vf.error.forbidden_scope');
}

/**
 * The declared `sameAs` rule: every id of such a reference(s) must be a row of its table whose column (default:
 * the same name) holds this row's value of `field` — a group's products and a product's robots are of its store.
 * Judged on the row as it will be stored, after the tenant is settled.
 */
export async function checkSameAs(trx: DB, def: ResourceDef, values: Row, row: Row) {
  const errors: FieldErrors = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.sameAs || !(name in values) || !f.reference) continue;
    const ids = (Array.isArray(values[name]) ? values[name] : [values[name]]).filter(
      (x): x is string => typeof x === 'string',
    );
    if (ids.length === 0) continue;
    const target = findResource(f.reference);
    const column = f.sameAs.column ?? f.sameAs.field;
    const owner = row[f.sameAs.field];
    const found = new Set(
      owner == null
        ? []
        : (
            await byName(trx)
              .selectFrom(target?.table ?? f.reference)
              .select('_id')
              .where('_id', 'in', ids)
              .where(column, '=', owner)
              .execute()
          ).map((r) => r._id),
    );
    const stranger = ids.find((id) => !found.has(id));
    if (stranger) errors[name] = { key: f.sameAs.message ?? 'vf.vocab.error.same_as', args: { id: stranger } };
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The values to store: the edge schema has judged the body by the declaration's rules (server/crud/schema.ts);
 * what is left is to tidy it, and the json checks no schema says (resources/validate.ts `tidyFields`). */
function validated(def: ResourceDef, body: Record<string, unknown>, mode: 'create' | 'edit') {
  const fields = mode === 'create' && def.idField ? { _id: def.idField, ...def.fields } : def.fields;
  return tidyFields(fields, body, mode);
}

export async function create(db: DB, ctx: CallContext, served: Served, rawBody: unknown) {
  const { def } = served;
  requirePermission(ctx.user, def.permissions.add);
  const body = asObject(rawBody);
  const { values, errors } = validated(def, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  const reply: Row = {};
  const saved = await db.transaction().execute((trx) => insertRow(trx, ctx, served, values, reply));
  return { ...(await readAfterWrite(db, ctx, served, def.permissions.add, saved._id)), ...reply };
}

/** Adds one row of checked values inside the caller's transaction (an add, or one row of an import): its tenant
 * settled, its cross-row rules kept, its hooks run, logged. One-time answer values go into `reply`. */
export async function insertRow(trx: DB, ctx: CallContext, { def, hooks }: Served, values: Row, reply: Row) {
  const row: Row = { ...values, _id: def.idField ? values._id : newId() };
  await settleTenant(trx, def, ctx, row);
  await checkSameAs(trx, def, row, row);
  await hooks.beforeWrite?.({ trx, ctx, def, mode: 'create', values: row, reply });
  const saved = await byName(trx)
    .insertInto(def.table)
    .values(encode(def, row))
    .returningAll()
    .executeTakeFirstOrThrow();
  await hooks.afterWrite?.({ trx, ctx, def, mode: 'create', values: row, saved, reply });
  await logChange(trx, ctx, def, 'add', { after: saved });
  return saved;
}

/** The `sameAs` references an edit must judge: the owner may have changed too, so the references given and those
 * kept when the owner moved. */
export const sameAsGiven = (def: ResourceDef, values: Row, row: Row) =>
  Object.fromEntries(
    Object.entries(def.fields)
      .filter(([n, f]) => f.sameAs && (n in values || f.sameAs.field in values))
      .map(([n]) => [n, row[n]]),
  );

/** What an edit writes: the values given, and the tenant settled, that differ from the row's. */
export function changesOf(def: ResourceDef, existing: Row, values: Row, row: Row) {
  const changes: Row = {};
  for (const k of [...Object.keys(values), ...tenantColumns(def)]) if (!same(row[k], existing[k])) changes[k] = row[k];
  return changes;
}

/** The version an edit was based on: absent (an older client: accepted), or a positive integer (the edge). */
const expectedVersion = (body: Record<string, unknown>) => (body[VERSION] ?? undefined) as number | undefined;

/** One more on the row's version: every write of the service says the row moved on (the row is locked). */
export const bumped = (existing: Row): Row => (VERSION in existing ? { [VERSION]: Number(existing[VERSION]) + 1 } : {});

export async function update(db: DB, ctx: CallContext, served: Served, rawBody: unknown, id?: unknown) {
  const { def } = served;
  requirePermission(ctx.user, def.permissions.edit);
  const body = asObject(rawBody);
  const targetId = id ?? body._id;
  const { values, errors } = validated(def, body, 'edit');
  const reply: Row = {};
  await db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, targetId, true);
    await updateRow(trx, ctx, served, existing, values, { errors, expected: expectedVersion(body), reply });
  });
  return { ...(await readAfterWrite(db, ctx, served, def.permissions.edit, targetId)), ...reply };
}

/**
 * Edits one loaded (and locked) row with checked values inside the caller's transaction (an edit, a row of an
 * import, a row of a bulk edit): its version, lock, guard and `createOnly` rules kept, its hooks run, logged.
 * Answers the saved row, or undefined when nothing changed.
 */
export async function updateRow(
  trx: DB,
  ctx: CallContext,
  { def, hooks }: Served,
  existing: Row,
  values: Row,
  opts: { errors?: FieldErrors; expected?: number; reply?: Row } = {},
): Promise<Row | undefined> {
  const reply = opts.reply ?? {};
  // Read under the row's lock: of two editors who loaded the same version, the second finds it moved on.
  if (opts.expected !== undefined && Number(existing[VERSION]) !== opts.expected) throw stale();
  // the declaration's edit guard (a resolved report): one rule, which the screens follow by hiding the edit
  if (isLocked(def, existing))
    throw conflict('vf.error.state', {
      field: def.lockedWhen!.field,
      value: String(existing[def.lockedWhen!.field] ?? '—'),
    });
  await hooks.guard?.({ trx, ctx, def, existing, verb: 'edit' });
  const fieldErrors: FieldErrors = { ...opts.errors };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.createOnly && name in values && !same(values[name], existing[name]))
      fieldErrors[name] = { key: f.createOnlyMessage ?? 'vf.validation.create_only' };
  }
  if (Object.keys(fieldErrors).length) throw invalid(fieldErrors);
  const row: Row = { ...existing, ...values };
  await settleTenant(trx, def, ctx, row);
  await checkSameAs(trx, def, sameAsGiven(def, values, row), row);
  const changes = changesOf(def, existing, values, row);
  await hooks.beforeWrite?.({ trx, ctx, def, mode: 'edit', values: changes, existing, reply });
  if (Object.keys(changes).length === 0) return undefined;
  if ('update_time' in existing) changes.update_time = new Date().toISOString();
  const saved = await byName(trx)
    .updateTable(def.table)
    .set({ ...encode(def, changes), ...bumped(existing) })
    .where('_id', '=', existing._id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await hooks.afterWrite?.({ trx, ctx, def, mode: 'edit', values: changes, existing, saved, reply });
  await logChange(trx, ctx, def, 'edit', { before: existing, after: saved });
  return saved;
}

export async function remove(db: DB, ctx: CallContext, { def, hooks }: Served, rawBody: unknown) {
  requirePermission(ctx.user, def.permissions.delete);
  const body = asObject(rawBody);
  return db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, body._id, true);
    await hooks.guard?.({ trx, ctx, def, existing, verb: 'delete' });
    await hooks.beforeRemove?.({ trx, ctx, def, existing });
    if (def.remove) {
      await byName(trx)
        .updateTable(def.table)
        .set({ [def.remove.field]: def.remove.value, ...bumped(existing) })
        .where('_id', '=', existing._id)
        .execute();
    } else {
      await byName(trx).deleteFrom(def.table).where('_id', '=', existing._id).execute();
    }
    await hooks.afterAction?.('delete', { trx, ctx, def, existing, body: {}, reply: {}, saved: existing });
    await logChange(trx, ctx, def, 'delete', { before: existing });
    return { _id: existing._id };
  });
}

export function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return new Date(a as string).getTime() === new Date(b as string).getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** JSON fields are written as JSON text; arrays of text stay arrays (node-postgres sends text[]). */
export function encode(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    out[k] = def.fields[k]?.type === 'json' && v !== null ? JSON.stringify(v) : v;
  return out;
}
