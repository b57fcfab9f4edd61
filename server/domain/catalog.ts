// Products, templates and product groups beyond their declarations: the nested properties and options,
// robots and group members that must belong to the row's own store, a group's store that never changes,
// and stock set or restocked by one atomic statement each.
import { ApiError, badRequest, invalid } from '../http/errors';
import { registerHooks, type Row, type WriteContext } from '../crud/hooks';
import { checkProperties } from '../../resources/product';
import { restock, setStock } from './stock';

function cleanProperties(w: WriteContext) {
  if (!('properties' in w.values)) return;
  const { value, error } = checkProperties(w.values.properties);
  if (error) throw invalid({ properties: error });
  w.values.properties = value;
}

/** Each id must be a row of `table` in `dealer`; answers the ids in the given order, without repeats. */
async function sameStore(w: WriteContext, table: 'device' | 'product', field: string, dealer: unknown) {
  const ids = w.values[field];
  if (!Array.isArray(ids) || ids.length === 0) return;
  const rows = await w.trx.selectFrom(table).select('_id').where('_id', 'in', ids as string[]).where('dealer', '=', String(dealer)).execute();
  const found = new Set(rows.map((r) => r._id as string));
  const stranger = (ids as string[]).find((id) => !found.has(id));
  if (stranger) throw invalid({ [field]: { key: 'vf.catalog.validation.other_store', args: { id: stranger } } });
}

registerHooks('product', {
  async beforeWrite(w) {
    cleanProperties(w);
    const row = { ...w.existing, ...w.values };
    await sameStore(w, 'device', 'devices', row.dealer);
    // A friendly message for the usual case; the unique index (code, dealer) is what guarantees it.
    if ('code' in w.values) {
      const q = w.trx.selectFrom('product').select('_id').where('code', '=', String(row.code)).where('dealer', '=', String(row.dealer));
      const taken = await (w.existing ? q.where('_id', '<>', String(w.existing._id)) : q).executeTakeFirst();
      if (taken) throw new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) });
    }
  },
  actions: {
    async stock({ trx, existing, body }) {
      return (await setStock(trx, String(existing._id), body.stock as number, existing.stock as number)) as Row;
    },
    async restock({ trx, existing, body }) {
      return (await restock(trx, String(existing._id), body.quantity as number)) as Row;
    },
  },
});

registerHooks('template', {
  async beforeWrite(w) {
    cleanProperties(w);
    if ('code' in w.values) {
      const row = { ...w.existing, ...w.values };
      const q = w.trx.selectFrom('template').select('_id').where('code', '=', String(row.code)).where('integrator', '=', String(row.integrator));
      const taken = await (w.existing ? q.where('_id', '<>', String(w.existing._id)) : q).executeTakeFirst();
      if (taken) throw new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) });
    }
  },
});

registerHooks('product_classify', {
  async beforeWrite(w) {
    // SPEC §8: the store of a group cannot be modified.
    if (w.mode === 'edit' && 'dealer' in w.values) throw badRequest('vf.catalog.error.group_store');
    const row = { ...w.existing, ...w.values };
    await sameStore(w, 'product', 'products', row.dealer);
  },
});
