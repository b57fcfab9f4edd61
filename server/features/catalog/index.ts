// Catalog calls beyond CRUD: copying products between stores (idempotent by store + code). The robots' menu
// (GET /api/device-gateway/menu) is the gateway's: server/features/gateway/menu.ts.
import { route, obj, str, list, anyObject, type EdgePlugin, type ValueOf } from '../../http/schema';
import type { DB } from '../../db';
import type { CallContext } from '../../auth/context';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { scopeConditions } from '../../crud/scope';
import { ok } from '../../http/envelope';
import { ApiError, notFound } from '../../http/errors';
import { newId, writeLog } from '../../log';
import { translate } from '../../../i18n';
import dealerDef from '../../../resources/dealer';
import { MAX_COPY_PRODUCTS, MAX_COPY_TARGETS } from '../../../resources/limits';
import type { CopyAnswer, CopyResult } from '../../../resources/product';
import { insertCopies, productsToCopy, storeOf } from './queries';
import type { Feature } from '../feature';
import { productHooks, templateHooks } from './product';
import { restockHooks } from './restock';

// At most MAX_COPY_PRODUCTS products and MAX_COPY_TARGETS target stores in one copy call (resources/limits.ts; the page sends them in chunks).

/** A store the caller may see, else 404 (never revealing one of another tenant). */
async function visibleStore(db: DB, ctx: CallContext, id: string) {
  const scope = scopeConditions(dealerDef, ctx.user);
  if (scope === 'none') throw notFound();
  return storeOf(db, id, scope);
}

/** A list of ids (each 1 to 200 characters), at most `max` of them. */
const ids = (description: string, max: number, minItems = 0) =>
  list(str(), { maxItems: max, minItems, 'x-ids': true, description });
/** What a copy call takes (its ids are judged here; whether the caller may see each is the database's to say). */
const copyBody = obj(
  {
    source: str('the store copied from', { minLength: 1 }),
    products: ids('the products to copy (all when absent)', MAX_COPY_PRODUCTS),
    targets: ids('the stores copied to', MAX_COPY_TARGETS, 1),
  },
  ['source', 'targets'],
);

export async function copyProducts(db: DB, ctx: CallContext, body: ValueOf<typeof copyBody>): Promise<CopyAnswer> {
  requirePermission(ctx.user, 'product_copy');
  // the same id named twice is one
  const products = [...new Set(body.products ?? [])];
  const targets = [...new Set(body.targets)];
  const source = await visibleStore(db, ctx, body.source);
  if (!source) throw notFound();
  // Empty `products` means every product of the source store.
  const rows = await productsToCopy(db, source._id, products, MAX_COPY_PRODUCTS);
  if (products.length && rows.length !== products.length) throw notFound();

  const results: CopyResult[] = [];
  for (const target of targets) {
    const store = await visibleStore(db, ctx, target);
    const fail = (key: string): CopyResult => ({
      target,
      target_name: store?.name ?? null,
      copied: 0,
      skipped: 0,
      failed: rows.length,
      reason: translate(ctx.lang, key),
      copied_codes: [],
      skipped_codes: [],
    });
    if (!store) {
      results.push(fail('vf.error.not_found'));
      continue;
    }
    if (store._id === source._id) {
      results.push(fail('vf.catalog.error.copy_same_store'));
      continue;
    }
    if (store.status !== 'normal') {
      results.push(fail('vf.catalog.error.copy_store_closed'));
      continue;
    }
    try {
      const copied = await db.transaction().execute(async (trx) => {
        if (rows.length === 0) return [] as string[];
        // One statement per target: what is already there by code is left alone (ON CONFLICT DO NOTHING),
        // so running a copy twice, or two copies at once, never doubles a product.
        const inserted = await insertCopies(
          trx,
          rows.map((p) => ({
            _id: newId(),
            integrator: store.integrator,
            dealer: store._id,
            code: p.code,
            name: p.name,
            sub_name: p.sub_name,
            price: p.price,
            type: p.type,
            description: p.description,
            image: p.image,
            devices: [], // robots belong to a store: the target's are chosen there
            buy_limit: p.buy_limit,
            warn_stock: p.warn_stock,
            stock: p.stock,
            number: p.number,
            properties: JSON.stringify(p.properties),
            hide: p.hide,
            freeze: p.freeze,
          })),
        );
        await writeLog(trx, ctx, {
          action: 'copy',
          resource: 'product',
          record: null,
          after: { source: source._id, target: store._id, copied: inserted.map((r) => r.code) },
          integrator: store.integrator,
          dealer: store._id,
        });
        return inserted.map((r) => r.code as string);
      });
      const copiedSet = new Set(copied);
      results.push({
        target,
        target_name: store.name,
        copied: copied.length,
        skipped: rows.length - copied.length,
        failed: 0,
        copied_codes: copied,
        skipped_codes: rows.map((r) => r.code as string).filter((c) => !copiedSet.has(c)),
      });
    } catch (e) {
      const key = e instanceof ApiError ? e.key : 'vf.error.server';
      results.push(fail(key));
    }
  }
  return { source: source._id, products: rows.length, results };
}

export const catalogRoutes: EdgePlugin<{ db: DB }> = async (app, { db }) => {
  app.post(
    '/api/product/copy',
    {
      config: { resource: 'product' },
      schema: route({
        tags: ['product'],
        summary: 'Copy products of one store to other stores',
        body: copyBody,
        data: anyObject('per target store: what was copied'),
      }),
    },
    async (req) => ok(await copyProducts(db, ctxOf(req), req.body)),
  );
};

export const catalog: Feature = {
  name: 'catalog',
  register: (app, { db }) => app.register(catalogRoutes, { db }),
  hooks: [productHooks, templateHooks, restockHooks],
  owns: ['product', 'product_classify', 'template', 'restock_line'],
};
