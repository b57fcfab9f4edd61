// The restock list's selection action `apply` (resources/restock.ts): each checked line is one guarded UPDATE of
// its product (scope, the version it was listed with, limited stock, the largest stock), all in the transaction
// server/crud/lines.ts opened, so a refused line rolls back the ones before it, and the same restock sent twice
// at once is applied once (the second finds the version moved on: 409, nothing written).
import { defineHooks } from '../../crud/hooks';
import { refill } from './stock';
import productDef from '../../../resources/product';

export const restockHooks = defineHooks('restock', {
  lines: {
    async apply({ trx, ctx, lines }) {
      const done = [];
      for (const { line, _id, version, values } of lines) {
        const amount =
          values.quantity !== undefined
            ? { quantity: values.quantity as number }
            : { fill_to: values.fill_to as number };
        done.push(await refill(trx, ctx, productDef, { line, _id, version, ...amount }));
      }
      return done;
    },
  },
});
