// Stores: a removed store keeps its history (status `deleted`, out of every list and call), but a store is
// removed only once no robot is bound to it.
import { sql } from 'kysely';
import { badRequest, conflict } from '../../http/errors';
import { knownZone } from '../../localTime';
import { defineHooks } from '../../crud/hooks';

export const dealerHooks = defineHooks('dealer', {
  // where a store is takes both coordinates or neither; its zone must be one the server knows (the pattern only
  // says it looks like one). docs/replenishment.md
  beforeWrite({ values, existing }) {
    const lat = 'lat' in values ? values.lat : existing?.lat;
    const lng = 'lng' in values ? values.lng : existing?.lng;
    if ((lat === null || lat === undefined) !== (lng === null || lng === undefined))
      throw badRequest('vf.forecast.error.coordinates');
    if (typeof values.tz === 'string' && !knownZone(values.tz)) throw badRequest('vf.forecast.error.tz');
  },
  async beforeRemove({ trx, existing }) {
    const bound = await trx
      .selectFrom('device')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('dealer', '=', existing._id)
      .executeTakeFirstOrThrow();
    if (bound.n > 0) throw conflict('vf.fleet.error.store_has_robots', { count: bound.n });
  },
});
