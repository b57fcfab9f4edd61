// Products and templates beyond their declarations: a code unique in its store (or brand), and stock set or
// restocked by one atomic statement each. The nested properties (`check`), robots and group members of the
// row's own store (`sameAs`) and a group's fixed store (`createOnly`) are declared in resources/.
import { ApiError } from '../../http/errors';
import { defineHooks } from '../../crud/hooks';
import { restock, setStock } from './stock';

export const productHooks = defineHooks('product', {
  async beforeWrite(w) {
    const row = { ...w.existing, ...w.values };
    // A friendly message for the usual case; the unique index (code, dealer) is what guarantees it.
    if ('code' in w.values) {
      const q = w.trx
        .selectFrom('product')
        .select('_id')
        .where('code', '=', String(row.code))
        .where('dealer', '=', String(row.dealer));
      const taken = await (w.existing ? q.where('_id', '<>', String(w.existing._id)) : q).executeTakeFirst();
      if (taken) throw new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) });
    }
  },
  actions: {
    async stock({ trx, ctx, existing, body }) {
      return setStock(trx, existing._id, body.stock as number, existing.stock, ctx.user._id);
    },
    async restock({ trx, ctx, existing, body }) {
      return restock(trx, existing._id, body.quantity as number, ctx.user._id);
    },
  },
});

export const templateHooks = defineHooks('template', {
  async beforeWrite(w) {
    if ('code' in w.values) {
      const row = { ...w.existing, ...w.values };
      const q = w.trx
        .selectFrom('template')
        .select('_id')
        .where('code', '=', String(row.code))
        .where('integrator', '=', String(row.integrator));
      const taken = await (w.existing ? q.where('_id', '<>', String(w.existing._id)) : q).executeTakeFirst();
      if (taken) throw new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) });
    }
  },
});
