// Products and templates beyond their declarations: a code unique in its store (or brand), and stock set or
// restocked by one atomic statement each. The nested properties (`check`), robots and group members of the
// row's own store (`sameAs`) and a group's fixed store (`createOnly`) are declared in resources/.
import { ApiError } from '../../http/errors';
import { defineHooks, type WriteContext } from '../../crud/hooks';
import { sql } from 'kysely';
import { byName } from '../../crud/table';
import { restock, setStock } from './stock';

/** A 409 naming the code when another row of `table` in the same store (or brand: `within`) already has it. */
async function refuseTakenCode(w: WriteContext, table: 'product' | 'template', within: 'dealer' | 'integrator') {
  if (!('code' in w.values)) return;
  const row = { ...w.existing, ...w.values };
  const q = byName(w.trx)
    .selectFrom(table)
    .select('_id')
    .where('code', '=', String(row.code))
    .where(within, '=', String(row[within]));
  const taken = await (w.existing ? q.where('_id', '<>', String(w.existing._id)) : q).executeTakeFirst();
  if (taken) throw new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) });
}

/** refuseTakenCode for many writes in one statement: each write's 409, or undefined. The writes have distinct
 * (code, `within`) among themselves (an import batch is made of distinct keys), so only the table is asked. */
async function refuseTakenCodes(ws: WriteContext[], table: 'product' | 'template', within: 'dealer' | 'integrator') {
  const asked = ws.map((w) => ('code' in w.values ? { ...w.existing, ...w.values } : undefined));
  const pairs = asked.filter((r) => r !== undefined);
  // the pairs as rows of the table joined in one statement (a list of `or` alternatives is slow to plan)
  const wanted = JSON.stringify(pairs.map((r) => ({ code: String(r.code), [within]: String(r[within]) })));
  const taken = pairs.length
    ? (
        await sql<{ _id: string; code: string; [k: string]: string }>`SELECT _id, code, ${sql.ref(within)}
          FROM ${sql.table(table)} WHERE (code, ${sql.ref(within)}) IN (SELECT code, ${sql.ref(within)}
          FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${wanted}::jsonb))`.execute(ws[0].trx)
      ).rows
    : [];
  return asked.map((row, i) => {
    if (!row) return undefined;
    const other = taken.find(
      (t) =>
        t.code === String(row.code) &&
        t[within] === String(row[within]) &&
        (!ws[i].existing || t._id !== String(ws[i].existing._id)),
    );
    return other ? new ApiError(409, 'vf.catalog.error.code_taken', { code: String(row.code) }) : undefined;
  });
}

export const productHooks = defineHooks('product', {
  async beforeWrite(w) {
    // A friendly message for the usual case; the unique index (code, dealer) is what guarantees it.
    await refuseTakenCode(w, 'product', 'dealer');
  },
  beforeWriteMany: (ws) => refuseTakenCodes(ws, 'product', 'dealer'),
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
    // the same within a brand (the unique index (code, integrator))
    await refuseTakenCode(w, 'template', 'integrator');
  },
  beforeWriteMany: (ws) => refuseTakenCodes(ws, 'template', 'integrator'),
});
