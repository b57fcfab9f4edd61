// The catalog's statements: stores and products read for a copy between stores and written by it (./index.ts),
// and a store's menu as its robots get it (the gateway's GET /api/device-gateway/menu, ../gateway/menu.ts).
import { sql, type Insertable } from 'kysely';
import type { DB, Tables } from '../../db';

/** A store by id within the caller's tenant scope (scopeConditions of the store declaration), or none. */
export function storeOf(db: DB, id: string, scope: Array<[string, string]>) {
  let q = db.selectFrom('dealer').select(['_id', 'name', 'integrator', 'status']).where('_id', '=', id);
  for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
  return q.executeTakeFirst();
}

/** The products of a store to copy: these (`ids`), or its first `most` when none are named, oldest first. */
export function productsToCopy(db: DB, dealer: string, ids: string[], most: number) {
  let q = db.selectFrom('product').selectAll().where('dealer', '=', dealer).orderBy('create_time').orderBy('_id');
  q = ids.length ? q.where('_id', 'in', ids) : q.limit(most);
  return q.execute();
}

/** Adds the copies in one statement; a code the target store already has is left alone (never doubled). Answers
 * the copies added. */
export const insertCopies = (trx: DB, rows: Insertable<Tables['product']>[]) =>
  trx
    .insertInto('product')
    .values(rows)
    .onConflict((oc) => oc.columns(['code', 'dealer']).doNothing())
    .returning(['_id', 'code'])
    .execute();

/** A store's product groups on its robots' menu: online and shown, in their order. */
export const menuGroups = (db: DB, dealer: string) =>
  db
    .selectFrom('product_classify')
    .select(['_id', 'name', 'tag', 'sortIndex', 'products'])
    .where('dealer', '=', dealer)
    .where('online', '=', true)
    .where('hide', '=', false)
    .orderBy('sortIndex')
    .orderBy('create_time')
    .execute();

/** Of these products, the ones a robot of the store may offer: its own, listed, shown and in stock. */
export const menuProducts = (db: DB, dealer: string, ids: string[]) =>
  db
    .selectFrom('product')
    .select([
      '_id',
      'code',
      'name',
      'sub_name',
      'price',
      'type',
      'description',
      'image',
      'buy_limit',
      'stock',
      'number',
      'properties',
      'devices',
    ])
    .where('_id', 'in', ids)
    .where('dealer', '=', dealer)
    .where('freeze', '=', false)
    .where('hide', '=', false)
    .where('stock', '<>', 0)
    .execute();
