// A declared action on one row (`POST /api/<R>/<action> { _id, …body }`): its permission, its body validated by
// the declaration, the row locked in the caller's scope, its state rule (`from` / `except`) checked under that
// lock, then the declared `set` or the resource's action hook; the row's version moves on and the change is
// logged, all in one transaction. Bulk runs this same call per row (bulk.ts).
import { sql } from 'kysely';
import type { DB } from '../db';
import { byName } from './table';
import type { CallContext } from '../auth/context';
import { refusalOf, VERSION } from '../../resources/types';
import { tidyFields } from '../../resources/validate';
import { isPlatformStaff, requirePermission } from '../auth/permissions';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import { asObject, loadScoped, readAfterWrite } from './query';
import { logChange } from './audit';
import type { Row, Served } from './hooks';

export async function act(db: DB, ctx: CallContext, served: Served, name: string, rawBody: unknown) {
  const { def } = served;
  const action = def.actions?.[name];
  if (!action) throw notFound('vf.error.route_not_found', { path: `${def.name}/${name}` });
  requirePermission(ctx.user, action.permission);
  const body = asObject(rawBody);
  // its rules were judged at the edge (server/crud/schema.ts `actionBody`); bulk sends none (resources/bulk.ts)
  const { values, errors } = tidyFields(action.body ?? {}, body, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  const reply: Row = {};
  const id = await db.transaction().execute(async (trx) => {
    const existing = await loadScoped(trx, ctx, def, body._id, true);
    await actOn(trx, ctx, served, name, existing, values, reply);
    return existing._id;
  });
  return { ...(await readAfterWrite(db, ctx, served, action.permission, id)), ...reply };
}

/** The action on one loaded (and locked) row inside the caller's transaction — a row's own call, or a row of a
 * stock import: its guard and state rules, its `set` or hook, the version moved on, logged. Answers the saved row. */
export async function actOn(
  trx: DB,
  ctx: CallContext,
  { def, hooks }: Served,
  name: string,
  existing: Row,
  values: Row,
  reply: Row,
): Promise<Row> {
  const action = def.actions![name];
  await hooks.guard?.({ trx, ctx, def, existing, verb: name });
  for (const [rule, applies] of [
    [action.from, true],
    [action.except, false],
  ] as const) {
    const value = rule && (existing[rule.field] as string | boolean | null);
    if (rule && rule.values.includes(value ?? null) !== applies)
      throw conflict('vf.error.state', { field: rule.field, value: String(value ?? '—') });
  }
  const refused = action.guards && refusalOf(action.guards, existing);
  if (refused) throw conflict(refused.key, refused.args);
  if (action.staffOnly && !isPlatformStaff(ctx.user)) throw forbidden('vf.error.forbidden');
  const a = { trx, ctx, def, existing, body: values, reply };
  let saved: Row | undefined;
  const custom = hooks.actions?.[name];
  if (custom) saved = await custom(a);
  else if (action.set) {
    saved = await byName(trx)
      .updateTable(def.table)
      .set(action.set)
      .where('_id', '=', existing._id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    throw notFound('vf.error.route_not_found', { path: `${def.name}/${name}` });
  }
  saved ??= existing;
  // whatever the action changed, the row moved on: an edit form opened before it is now stale
  if (VERSION in existing) {
    saved = await byName(trx)
      .updateTable(def.table)
      .set({ [VERSION]: sql`${sql.ref(VERSION)} + 1` })
      .where('_id', '=', existing._id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await hooks.afterAction?.(name, { ...a, saved });
  await logChange(trx, ctx, def, name, { before: existing, after: saved });
  return saved;
}
