// Robots: a key issued once on creation and on rotation (only its hash is kept); unbinding from a store;
// binding only to a store that is open.
import { randomBytes } from 'node:crypto';
import { hashDeviceKey } from '../../auth/robot';
import { conflict, invalid } from '../../http/errors';
import { defineHooks } from '../../crud/hooks';
import { publishRightsChange } from '../../events/bus';
import { menuOutdatedColumn, menuOutdatedFilter } from './menuSync';

export const newDeviceKey = () => randomBytes(24).toString('base64url');
export { hashDeviceKey };

export const deviceHooks = defineHooks('device', {
  // menu out of date: versions compared across the robot and its store, never a stored flag
  columns: { menu_outdated: menuOutdatedColumn },
  filters: { menu_outdated: menuOutdatedFilter },
  async beforeWrite({ trx, mode, values, existing, reply }) {
    const row = { ...existing, ...values };
    if (!row.integrator) throw invalid({ integrator: { key: 'vf.validation.required' } });
    if (values.dealer) {
      // A robot joins a closed or removed store only by mistake: it could not sell there.
      const store = await trx
        .selectFrom('dealer')
        .select('status')
        .where('_id', '=', String(values.dealer))
        .forShare()
        .executeTakeFirst();
      if (store && store.status !== 'normal') throw conflict('vf.fleet.error.store_not_open');
    }
    if (mode === 'create') {
      const key = newDeviceKey();
      values.key_hash = hashDeviceKey(key);
      reply.device_key = key;
    }
  },
  // A robot's calls are checked against its row as every process keeps it (server/features/gateway/keyCache.ts):
  // an edit (store, brand, name, type) and every action (unbind, rotate_key) make every process forget it, and the
  // call answers once they all have.
  async afterWrite({ trx, mode, saved }) {
    if (mode === 'edit') await publishRightsChange({ devices: [saved._id] }, trx);
  },
  async afterAction(_name, { trx, saved }) {
    await publishRightsChange({ devices: [saved._id] }, trx);
  },
  actions: {
    async rotate_key({ trx, existing, reply }) {
      const key = newDeviceKey();
      const saved = await trx
        .updateTable('device')
        .set({ key_hash: hashDeviceKey(key), key_issued_at: new Date().toISOString() })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.device_key = key;
      return saved;
    },
  },
});
