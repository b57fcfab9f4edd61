// Stores: a removed store keeps its history (status `deleted`, out of every list and call), but a store is
// removed only once no robot is bound to it.
import { sql } from 'kysely';
import { conflict } from '../../http/errors';
import { defineHooks } from '../../crud/hooks';

export const dealerHooks = defineHooks('dealer', {
  async beforeRemove({ trx, existing }) {
    const bound = await trx
      .selectFrom('device')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('dealer', '=', existing._id)
      .executeTakeFirstOrThrow();
    if (bound.n > 0) throw conflict('vf.fleet.error.store_has_robots', { count: bound.n });
  },
});
