// One verb over many selected rows in one request (`POST /api/<R>/bulk { action, ids, body? }`). Each row goes
// through the very call a single row takes (remove or act): its own transaction, permission, tenant scope,
// guard and state rule, so a row is either wholly done or untouched, and a refusal of one row stops no other.
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { requirePermission } from '../auth/permissions';
import { ApiError, badRequest } from '../http/errors';
import { bulkVerbs } from '../../resources/bulk';
import { MAX_BULK_ROWS } from '../../resources/limits';
import { remove } from './write';
import { act } from './actions';
import type { Served } from './hooks';

export type BulkOutcome = { _id: string; done: true } | { _id: string; done: false; error: ApiError };

function idsOf(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK_ROWS)
    throw badRequest('vf.operator.bulk.error.ids', { max: MAX_BULK_ROWS });
  if (raw.some((id) => typeof id !== 'string' || id.length === 0 || id.length > 200))
    throw badRequest('vf.operator.bulk.error.ids', { max: MAX_BULK_ROWS });
  return [...new Set(raw as string[])]; // the same row named twice is one row
}

export async function bulk(
  db: DB,
  ctx: CallContext,
  served: Served,
  rawBody: unknown,
  classify: (e: unknown) => ApiError | undefined,
  onBug: (e: unknown) => void,
): Promise<BulkOutcome[]> {
  const { def } = served;
  const body = (rawBody && typeof rawBody === 'object' && !Array.isArray(rawBody) ? rawBody : {}) as Record<
    string,
    unknown
  >;
  const action = body.action;
  if (typeof action !== 'string' || !bulkVerbs(def).includes(action))
    throw badRequest('vf.operator.bulk.error.action', { action: String(action ?? '') });
  // one that may not do this at all is told once, not once per row
  requirePermission(ctx.user, action === 'delete' ? def.permissions.delete : def.actions![action].permission);
  const ids = idsOf(body.ids);
  const extra = body.body === undefined || body.body === null ? {} : body.body;
  if (typeof extra !== 'object' || Array.isArray(extra)) throw badRequest('vf.error.body');
  const outcomes: BulkOutcome[] = [];
  // row after row, not side by side: a bulk action must not take the pool's every connection from the others
  for (const id of ids) {
    try {
      if (action === 'delete') await remove(db, ctx, served, { _id: id });
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
