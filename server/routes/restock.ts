// The bulk restock of the replenishment list: `POST /api/restock/apply { lines: [{ _id, version, quantity | fill_to }] }`.
// All lines or none: one transaction, each line one guarded UPDATE (scope, version, limit, limited stock), so a
// line that fails rolls back the ones before it and two restockers sending the same lines at once cannot both
// add: the second finds the version moved on (409, nothing written).
import type { FastifyPluginAsync } from 'fastify';
import { route, obj, str, int } from '../http/schema';
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { ctxOf } from '../auth/plugin';
import { requirePermission } from '../auth/permissions';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { refill, type RefillLine } from '../domain/stock';
import { MAX_RESTOCK_LINES } from '../../resources/restock';
import productDef, { MAX_STOCK } from '../../resources/product';

const isCount = (v: unknown, min: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= MAX_STOCK;

/** The lines as sent, checked before anything is read: a 400 names the first bad line (counted from 1). */
function linesOf(raw: unknown): RefillLine[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('vf.error.body');
  const lines = (raw as { lines?: unknown }).lines;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_RESTOCK_LINES) throw badRequest('vf.restock.error.lines', { max: MAX_RESTOCK_LINES });
  const seen = new Set<string>();
  return lines.map((l, i) => {
    const line = i + 1;
    if (!l || typeof l !== 'object' || Array.isArray(l)) throw badRequest('vf.restock.error.line', { line });
    const { _id, version, quantity, fill_to } = l as Record<string, unknown>;
    if (typeof _id !== 'string' || !_id || _id.length > 200 || !isCount(version, 1)) throw badRequest('vf.restock.error.line', { line });
    if (seen.has(_id)) throw badRequest('vf.restock.error.duplicate', { line });
    seen.add(_id);
    // exactly one of the two: add so many, or fill up to so many
    if ((quantity === undefined) === (fill_to === undefined)) throw badRequest('vf.restock.error.amount', { line, max: MAX_STOCK });
    if (quantity !== undefined && !isCount(quantity, 1)) throw badRequest('vf.restock.error.amount', { line, max: MAX_STOCK });
    if (fill_to !== undefined && !isCount(fill_to, 0)) throw badRequest('vf.restock.error.amount', { line, max: MAX_STOCK });
    return { line, _id, version: version as number, ...(quantity !== undefined ? { quantity: quantity as number } : { fill_to: fill_to as number }) };
  });
}

export async function applyRestock(db: DB, ctx: CallContext, raw: unknown) {
  requirePermission(ctx.user, productDef.actions!.restock.permission);
  const lines = linesOf(raw);
  return db.transaction().execute(async (trx) => {
    const done = [];
    for (const line of lines) done.push(await refill(trx, ctx, productDef, line));
    return { lines: done };
  });
}

const line = obj({
  _id: str('the product (a line of the restock list)'),
  version: int('the product version the line was listed with'),
  quantity: int('add this many'),
  fill_to: int('or raise the stock to this level (never lowers it)'),
}, ['_id', 'version']);

export const restockRoutes: FastifyPluginAsync<{ db: DB }> = async (app, { db }) => {
  app.post('/api/restock/apply', {
    config: { resource: 'restock' },
    schema: route({
      tags: ['restock'], summary: 'Restock lines of the restock list together: all of them or none',
      body: obj({ lines: { type: 'array', items: line, minItems: 1, maxItems: MAX_RESTOCK_LINES } }, ['lines']),
      data: obj({ lines: { type: 'array', items: obj({ _id: str(), name: str(), before: int(), stock: int(), version: int() }) } }),
    }),
  }, async (req) => ok(await applyRestock(db, ctxOf(req), req.body)));
};
