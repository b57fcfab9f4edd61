// One verb over many selected rows in one request (`POST /api/<R>/bulk { action, ids, body? }`). Each row goes
// through the very call a single row takes (remove or act): its own transaction, permission, tenant scope,
// guard and state rule, so a row is either wholly done or untouched, and a refusal of one row stops no other.
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { requirePermission } from '../auth/permissions';
import { ApiError } from '../http/errors';
import { remove, update } from './write';
import { BULK_EDIT, bulkEditFields } from '../../resources/bulk';
import { validateFields } from '../../resources/validate';
import { invalid } from '../http/errors';
import { act } from './actions';
import type { Served } from './hooks';
import type { BulkBody } from './schema';

export type BulkOutcome = { _id: string; done: true } | { _id: string; done: false; error: ApiError };

export async function bulk(
  db: DB,
  ctx: CallContext,
  served: Served,
  body: BulkBody,
  classify: (e: unknown) => ApiError | undefined,
  onBug: (e: unknown) => void,
): Promise<BulkOutcome[]> {
  const { def } = served;
  // the route's schema (server/crud/schema.ts `bulkBody`) has judged the verb, the ids and the body's shape
  const { action } = body;
  // one that may not do this at all is told once, not once per row
  requirePermission(
    ctx.user,
    action === 'delete'
      ? def.permissions.delete
      : action === BULK_EDIT
        ? def.permissions.edit
        : def.actions![action].permission,
  );
  const ids = [...new Set(body.ids)]; // the same row named twice is one row
  const extra = action === BULK_EDIT ? editedValues(def, body.body) : (body.body ?? {});
  const outcomes: BulkOutcome[] = [];
  // row after row, not side by side: a bulk action must not take the pool's every connection from the others
  for (const id of ids) {
    try {
      if (action === 'delete') await remove(db, ctx, served, { _id: id });
      // each row edited as its own edit is: scope, lock, guard, version, hooks, the operation log
      else if (action === BULK_EDIT) await update(db, ctx, served, extra, id);
      else await act(db, ctx, served, action, { ...extra, _id: id });
      outcomes.push({ _id: id, done: true });
    } catch (e) {
      const known = classify(e);
      if (!known) onBug(e);
      outcomes.push({ _id: id, done: false, error: known ?? new ApiError(500, 'vf.error.server') });
    }
  }
  return outcomes;
}

/** A bulk edit's values: only fields declared `bulkEdit`, at least one, judged once by the declaration's rules (a bad
 * value is one 400 for the call, not a refusal per row). */
function editedValues(def: Served['def'], raw: Record<string, unknown> | undefined) {
  const allowed = bulkEditFields(def);
  const body = raw ?? {};
  const names = Object.keys(body);
  if (names.length === 0 || names.some((n) => !allowed.includes(n)))
    throw new ApiError(400, 'vf.import.error.bulk_field', { fields: allowed.join(', ') });
  const fields = Object.fromEntries(allowed.map((n) => [n, def.fields[n]]));
  const { values, errors } = validateFields(fields, body, 'edit');
  if (Object.keys(errors).length) throw invalid(errors);
  return values;
}
