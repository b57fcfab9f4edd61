// Stock of a product, changed only by single guarded UPDATEs, so concurrent sales never take it below zero
// and never sell what is not there. -1 is unlimited and stays -1. Callers pass their own transaction:
// a sale's order row and its stock decrement commit or fail together.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { raiseMessage } from '../messages/raise';
import { stockRaised } from '../alarms/stock';
import { writeLog } from '../../log';
import { scopeConditions } from '../../crud/scope';
import type { CallContext } from '../../auth/context';
import type { ResourceDef } from '../../../resources/types';
import { MAX_STOCK } from '../../../resources/product';

/** Notification codes 200000-200009 (docs/rules.md, Codes): 200000 sold out, 20000n low stock with n left. */
export const STOCK_CODE_BASE = 200000;

interface StockRow {
  _id: string;
  name: string;
  code: string;
  integrator: string;
  dealer: string;
  stock: number;
  warn_stock: number;
}

function checkQuantity(quantity: unknown): number {
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > 1_000_000) {
    throw badRequest('vf.catalog.error.quantity');
  }
  return quantity;
}

/**
 * A stock warning when a change takes the stock from above warn_stock to warn_stock or below (or to 0):
 * one message per crossing, not one per sale.
 */
export async function warnIfLow(trx: DB, row: StockRow, before: number, device?: string | null) {
  if (row.stock < 0 || before === row.stock) return;
  const crossedWarn = row.stock <= row.warn_stock && (before < 0 || before > row.warn_stock);
  const soldOut = row.stock === 0 && before !== 0;
  if (!crossedWarn && !soldOut) return;
  await raiseMessage(trx, {
    code: STOCK_CODE_BASE + Math.min(row.stock, 9),
    device: device ?? null,
    integrator: row.integrator,
    dealer: row.dealer,
    detail: {
      product: row._id,
      product_code: row.code,
      product_name: row.name,
      stock: row.stock,
      warn_stock: row.warn_stock,
    },
  });
}

/**
 * Takes `quantity` of a product inside the caller's transaction: one UPDATE that succeeds only when
 * enough is left (or the stock is unlimited). Throws 409 vf.catalog.error.out_of_stock otherwise,
 * 404 when there is no such product. Raises a stock warning when the stock falls to warn_stock.
 */
export async function takeStock(
  trx: DB,
  { productId, quantity, device }: { productId: string; quantity: number; device?: string | null },
): Promise<{ stock: number }> {
  const n = checkQuantity(quantity);
  const row = await trx
    .updateTable('product')
    .set({ stock: sql`CASE WHEN stock = -1 THEN -1 ELSE stock - ${n} END`, update_time: sql`now()` })
    .where('_id', '=', productId)
    .where((eb) => eb.or([eb('stock', '=', -1), eb('stock', '>=', n)]))
    .returning(['_id', 'name', 'code', 'integrator', 'dealer', 'stock', 'warn_stock'])
    .executeTakeFirst();
  if (!row) {
    const exists = await trx
      .selectFrom('product')
      .select(['name', 'stock'])
      .where('_id', '=', productId)
      .executeTakeFirst();
    if (!exists) throw notFound();
    throw new ApiError(409, 'vf.catalog.error.out_of_stock', { name: exists.name, stock: Math.max(0, exists.stock) });
  }
  if (row.stock >= 0) await warnIfLow(trx, row, row.stock + n, device);
  return { stock: row.stock };
}

/**
 * Puts `quantity` back (a cancelled or failed sale). Unlimited stock stays unlimited. A stock alarm the sale
 * raised and the stock no longer bears out clears (server/features/alarms/stock.ts stockRaised), by nobody: the robot did it.
 */
export async function returnStock(
  trx: DB,
  { productId, quantity }: { productId: string; quantity: number },
): Promise<{ stock: number }> {
  const n = checkQuantity(quantity);
  const row = await trx
    .updateTable('product')
    .set({ stock: sql`CASE WHEN stock = -1 THEN -1 ELSE stock + ${n} END`, update_time: sql`now()` })
    .where('_id', '=', productId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.stock >= 0) await stockRaised(trx, row, null);
  return { stock: row.stock };
}

/**
 * Sets the stock to a value (≥ -1) in one statement, for the account `by`. `before` is the stock the caller read
 * under its row lock (the generic action locks the row), used only to decide whether a warning is due or, when
 * the stock went up (or became unlimited), which stock alarms it clears.
 */
export async function setStock(trx: DB, productId: string, stock: number, before: number, by: string) {
  if (!Number.isSafeInteger(stock) || stock < -1) throw badRequest('vf.catalog.error.stock');
  const row = await trx
    .updateTable('product')
    .set({ stock, update_time: sql`now()`, restock_time: sql`now()` })
    .where('_id', '=', productId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  await warnIfLow(trx, row, before);
  if (before >= 0 && (stock > before || stock < 0)) await stockRaised(trx, row, by);
  return row;
}

/**
 * Adds a positive quantity to a limited stock, for the account `by`, clearing the stock alarms it ends;
 * unlimited stock has nothing to restock (409).
 */
export async function restock(trx: DB, productId: string, quantity: number, by: string) {
  const n = checkQuantity(quantity);
  const row = await trx
    .updateTable('product')
    .set({ stock: sql`stock + ${n}`, update_time: sql`now()`, restock_time: sql`now()` })
    .where('_id', '=', productId)
    .where('stock', '>=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const exists = await trx.selectFrom('product').select('_id').where('_id', '=', productId).executeTakeFirst();
    if (!exists) throw notFound();
    throw conflict('vf.catalog.error.unlimited');
  }
  await stockRaised(trx, row, by);
  return row;
}

/** One line of a bulk restock: add `quantity`, or fill up to `fill_to` (never taking stock away). */
export interface RefillLine {
  /** its place in the request, counted from 1, for the error message */
  line: number;
  _id: string;
  /** the product's version the restocker saw */
  version: number;
  quantity?: number;
  fill_to?: number;
}

/**
 * One line of a bulk restock inside the caller's transaction, as one UPDATE guarded by the caller's tenant
 * scope, the version the line was based on, limited stock and the stock limit. When it changes nothing the
 * product is read again only to say why (404 outside the scope, 409 unlimited or stale, 400 over the limit);
 * the caller's transaction then rolls every line back.
 */
export async function refill(trx: DB, ctx: CallContext, def: ResourceDef, l: RefillLine) {
  const scope = scopeConditions(def, ctx.user);
  const missing = () => notFound('vf.restock.error.not_found', { line: l.line });
  if (scope === 'none') throw missing();
  const target = l.quantity !== undefined ? sql`p.stock + ${l.quantity}` : sql`GREATEST(p.stock, ${l.fill_to})`;
  const inScope = scope.map(([col, value]) => sql`AND p.${sql.ref(col)} = ${value}`);
  const { rows } = await sql<{
    _id: string;
    code: string;
    name: string;
    integrator: string;
    dealer: string;
    before: number;
    stock: number;
    warn_stock: number;
    version: number;
  }>`
    WITH old AS (SELECT _id, stock FROM product WHERE _id = ${l._id} FOR UPDATE)
    UPDATE product p SET stock = ${target}, version = p.version + 1, update_time = now(), restock_time = now()
      FROM old
     WHERE p._id = old._id AND p.version = ${l.version} AND p.stock >= 0 AND ${target} <= ${MAX_STOCK} ${sql.join(inScope, sql` `)}
    RETURNING p._id, p.code, p.name, p.integrator, p.dealer, old.stock AS before, p.stock, p.warn_stock, p.version`.execute(
    trx,
  );
  const row = rows[0];
  if (!row) {
    let q = trx.selectFrom('product').select(['name', 'stock', 'version']).where('_id', '=', l._id);
    for (const [col, value] of scope) q = q.where(sql.ref(col), '=', value);
    const now = await q.executeTakeFirst();
    if (!now) throw missing();
    if (now.stock < 0) throw conflict('vf.restock.error.unlimited', { line: l.line, name: now.name });
    if (now.version !== l.version)
      throw new ApiError(409, 'vf.restock.error.stale', { line: l.line, name: now.name }, undefined, 'stale');
    throw badRequest('vf.restock.error.limit', { line: l.line, name: now.name, max: MAX_STOCK });
  }
  await writeLog(trx, ctx, {
    action: 'restock',
    resource: 'product',
    record: row._id,
    before: { stock: row.before },
    after: { stock: row.stock, ...(l.quantity !== undefined ? { quantity: l.quantity } : { fill_to: l.fill_to }) },
    integrator: row.integrator,
    dealer: row.dealer,
  });
  if (row.stock > row.before) await stockRaised(trx, row, ctx.user._id);
  return { _id: row._id, name: row.name, before: row.before, stock: row.stock, version: row.version };
}
