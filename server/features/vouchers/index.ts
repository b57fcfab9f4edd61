// Vouchers (docs/rules.md, Constants): a batch generated for one product of a store the caller may see, every code unique on the
// platform. The robots' write-off is the gateway's (server/features/gateway/service.ts).
import { route, obj, str, int, type EdgePlugin } from '../../http/schema';
import { fieldsBody } from '../../crud/schema';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import { tidyFields } from '../../../resources/validate';
import { writeLog, newId } from '../../log';
import { inScope, scopeConditions } from '../../crud/scope';
import * as q from './queries';
import lecode, { GENERATE_FIELDS, MAX_BATCH } from '../../../resources/lecode';
import { newLecode } from '../../secrets';
import type { Feature } from '../feature';

export { newLecode };

const INSERT_CHUNK = 10_000;

export const voucherRoutes: EdgePlugin<{ db: DB }> = async (app, { db }) => {
  // A batch of vouchers for one product of a store the caller may see; every code unique on the platform.
  app.post(
    '/api/lecode/generate',
    {
      config: { resource: 'lecode' },
      schema: route({
        tags: ['lecode'],
        summary: 'A batch of vouchers for one product (then list them with filter { batch })',
        body: fieldsBody(GENERATE_FIELDS, 'create'),
        data: obj({ batch: str(), count: int() }),
      }),
    },
    async (req) => {
      const ctx = ctxOf(req);
      requirePermission(ctx.user, 'lecode_add');
      // the fields' own rules were judged at the edge; what is left spans two fields, or the clock
      const { values } = tidyFields(GENERATE_FIELDS, req.body, 'create');
      const validTo = new Date(values.valid_to as string);
      if (validTo <= new Date(values.valid_from as string))
        throw invalid({ valid_to: { key: 'vf.service.error.valid_to_order' } });
      if (validTo.getTime() <= Date.now()) throw invalid({ valid_to: { key: 'vf.service.error.valid_to_past' } });
      const scope = scopeConditions(lecode, ctx.user);
      if (scope === 'none') throw notFound();
      const product = await q.productOf(db, values.product as string, scope);
      if (!product) throw invalid({ product: { key: 'vf.service.error.product_missing' } });
      if (!inScope(lecode, ctx.user, product)) throw notFound();
      const count = values.count as number;
      const batch = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${newId().slice(0, 6).toUpperCase()}`;
      await db.transaction().execute(async (trx) => {
        let made = 0;
        for (let round = 0; made < count; round++) {
          if (round > 50) throw conflict('vf.service.error.codes_exhausted');
          const want = Math.min(INSERT_CHUNK, count - made);
          const codes = new Set<string>();
          while (codes.size < want) codes.add(newLecode());
          const list = [...codes];
          // A code that already exists elsewhere is skipped and drawn again in the next round.
          const inserted = await q.insertCodes(trx, list, {
            batch,
            product,
            quantity: values.quantity,
            valid_from: values.valid_from,
            valid_to: values.valid_to,
            details: (values.details as string | null) ?? '',
          });
          made += inserted.rows.length;
        }
        await writeLog(trx, ctx, {
          action: 'generate',
          resource: 'lecode',
          record: batch,
          after: {
            batch,
            count,
            product: product._id,
            quantity: values.quantity,
            valid_from: values.valid_from,
            valid_to: values.valid_to,
            details: values.details ?? '',
          },
          integrator: product.integrator,
          dealer: product.dealer,
        });
      });
      return ok({ batch, count });
    },
  );
};

export { MAX_BATCH };

export const vouchers: Feature = {
  name: 'vouchers',
  register: (app, { db }) => app.register(voucherRoutes, { db }),
  owns: ['lecode'],
};
