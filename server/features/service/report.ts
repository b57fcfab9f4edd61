// Fault reports take their brand and store from the robot they name; they move open → in_progress →
// resolved, recording who handled them (a resolved report is locked by its declaration's `lockedWhen`).
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { badRequest, forbidden, invalid } from '../../http/errors';
import { defineHooks } from '../../crud/hooks';
import { inScope, scopeConditions } from '../../crud/scope';
import device from '../../../resources/device';
import { checkPhotos as declaredPhotos } from '../../../resources/report';

/** The declared photo rule (resources/report.ts), for the robot's own report call. */
export function checkPhotos(v: unknown): string[] {
  const { value, error } = declaredPhotos(v);
  if (error) throw invalid({ photos: error });
  return value ?? [];
}

/** The robot, if the caller may see it. */
export async function visibleDevice(db: DB, ctx: CallContext, id: unknown) {
  const scope = scopeConditions(device, ctx.user);
  if (scope === 'none' || typeof id !== 'string') return undefined;
  let q = db.selectFrom('device').select(['_id', 'integrator', 'dealer']).where('_id', '=', id);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  return q.executeTakeFirst();
}

export const reportHooks = defineHooks('report', {
  async beforeWrite({ trx, ctx, def, mode, values }) {
    if (mode !== 'create') return;
    const robot = await visibleDevice(trx, ctx, values.device);
    if (!robot) throw badRequest('vf.error.reference_missing');
    values.integrator = robot.integrator;
    values.dealer = robot.dealer;
    values.reporter = ctx.user._id;
    values.source = 'console';
    values.status = 'open';
    if (!inScope(def, ctx.user, values)) throw forbidden('vf.error.forbidden_scope');
  },
  actions: {
    async start({ trx, ctx, existing }) {
      return await trx
        .updateTable('report')
        .set({ status: 'in_progress', handler: ctx.user._id, update_time: sql`now()` })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async resolve({ trx, ctx, existing, body }) {
      return await trx
        .updateTable('report')
        .set({
          status: 'resolved',
          handler: ctx.user._id,
          resolution: body.resolution as string,
          resolve_time: sql`now()`,
          update_time: sql`now()`,
        })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  },
});
