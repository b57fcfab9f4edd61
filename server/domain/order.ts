// Orders and refunds beyond their declarations: the refund request (once per order, ever — the unique
// index on refund("order") decides, not a check), one-click approval, approve/reject, the money through the
// payment gateway, the hand change of the pay status, and the refund and profit share shown with an order.
import * as webhookEvents from '../webhooks/events';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { CallContext } from '../auth/context';
import { holds } from '../auth/permissions';
import { registerHooks, type Row } from '../crud/hooks';
import { conflict, forbidden, invalid } from '../http/errors';
import { newId, writeLog } from '../log';
import { gateway } from '../payments';

export interface PayDetails {
  transaction_id?: string | null;
  trade_type?: string | null;
  state?: string | null;
  result?: string | null;
  bank_type?: string | null;
  amount?: number | null;
  real_amount?: number | null;
  account?: string | null;
  account_type?: string | null;
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** What the customer actually paid for an order, in cents: what a refund may give back at most. */
export function paidOf(order: Row): number {
  const pay = parseJson<PayDetails | null>(order.pay);
  const real = pay?.real_amount ?? pay?.amount;
  return typeof real === 'number' ? Math.min(real, Number(order.amount)) : Number(order.amount);
}

/** The profit-share record of a paid order, from the gateway; at most one per order. */
export async function shareProfit(trx: DB, order: Row) {
  const pay = parseJson<PayDetails | null>(order.pay);
  const amount = paidOf(order);
  const r = await gateway().profitShare({
    order: String(order._id),
    integrator: String(order.integrator),
    dealer: String(order.dealer),
    amount,
    transaction_id: pay?.transaction_id ?? null,
  });
  await trx
    .insertInto('profit_share')
    .values({ _id: r.id, order: order._id, integrator: order.integrator, dealer: order.dealer, status: r.status, amount, detail: JSON.stringify(r.detail) })
    .onConflict((oc) => oc.column('order').doNothing())
    .execute();
}

/**
 * Sends an approved refund through the gateway and records the outcome: SUCCESS with the real amount,
 * or CHANGE (an exception the staff must look at) when the channel refuses. The refund row is locked.
 */
async function settleRefund(trx: DB, ctx: CallContext, refund: Row): Promise<Row> {
  const order = await trx.selectFrom('orders').selectAll().where('_id', '=', String(refund.order)).forUpdate().executeTakeFirstOrThrow();
  const pay = parseJson<PayDetails | null>(order.pay);
  let result;
  try {
    result = await gateway().refund({
      refund: String(refund._id),
      order: String(order._id),
      transaction_id: pay?.transaction_id ?? null,
      pay_type: (order.pay_type as string | null) ?? null,
      paid: paidOf(order),
      amount: Number(refund.amount),
    });
  } catch (e) {
    result = { ok: false, channel_id: null, channel: gateway().name, real_amount: 0, account: null, account_type: null, funds_source: null, error: String((e as Error).message ?? e).slice(0, 200) };
  }
  const status = result.ok ? 'SUCCESS' : 'CHANGE';
  const saved = (await trx
    .updateTable('refund')
    .set({
      status,
      real_amount: result.ok ? result.real_amount : null,
      refund_time: result.ok ? sql`now()` : null,
      channel_id: result.channel_id,
      channel: result.channel,
      account: result.account,
      account_type: result.account_type,
      funds_source: result.funds_source,
      error: result.ok ? null : (result.error ?? 'REFUND_FAILED'),
      operator: ctx.user._id,
    })
    .where('_id', '=', String(refund._id))
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
  await trx
    .updateTable('orders')
    .set({ refund_status: status, refund_amount: result.ok ? result.real_amount : 0, update_time: sql`now()` })
    .where('_id', '=', String(order._id))
    .execute();
  if (result.ok) await webhookEvents.orderRefunded(trx, saved);
  return saved;
}

registerHooks('order', {
  async present(rows, db) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => String(r._id));
    const [refunds, shares] = await Promise.all([
      db.selectFrom('refund').selectAll().where('order', 'in', ids).execute(),
      db.selectFrom('profit_share').selectAll().where('order', 'in', ids).execute(),
    ]);
    const refundOf = new Map(refunds.map((r) => [r.order as string, r]));
    const shareOf = new Map(shares.map((s) => [s.order as string, s]));
    for (const r of rows) {
      r.refund = refundOf.get(String(r._id)) ?? null;
      r.profit_share = shareOf.get(String(r._id)) ?? null;
    }
  },
  actions: {
    async refund({ trx, ctx, existing, body, reply }) {
      const approve = body.approve === true;
      if (approve && !holds(ctx.user, 'refund_approve')) throw forbidden();
      const paid = paidOf(existing);
      const amount = Number(body.amount);
      if (amount > paid) throw invalid({ amount: { key: 'vf.validation.max_value', args: { max: (paid / 100).toFixed(2) } } });
      const pay = parseJson<PayDetails | null>(existing.pay);
      const refund = (await trx
        .insertInto('refund')
        .values({
          _id: newId(),
          order: existing._id,
          integrator: existing.integrator,
          dealer: existing.dealer,
          amount,
          reason: String(body.reason).trim(),
          requester: ctx.user._id,
          source: 'console',
          channel: existing.pay_type ?? null,
          account: pay?.account ?? null,
          account_type: pay?.account_type ?? null,
          pickup_code: existing.pickup_code ?? null,
        })
        .onConflict((oc) => oc.column('order').doNothing())
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
      // Once per order, ever: the unique index on refund("order") answers every concurrent request but one.
      if (!refund) throw conflict('vf.orders.error.refund_exists');
      await writeLog(trx, ctx, { action: 'add', resource: 'refund', record: String(refund._id), after: refund, integrator: String(existing.integrator), dealer: String(existing.dealer) });
      let final = refund;
      await trx.updateTable('orders').set({ refund_status: 'CREATED', update_time: sql`now()` }).where('_id', '=', String(existing._id)).execute();
      if (approve) {
        final = await settleRefund(trx, ctx, refund);
        await writeLog(trx, ctx, { action: 'approve', resource: 'refund', record: String(refund._id), before: refund, after: final, integrator: String(existing.integrator), dealer: String(existing.dealer) });
      }
      reply.refund = final;
      return (await trx.selectFrom('orders').selectAll().where('_id', '=', String(existing._id)).executeTakeFirstOrThrow()) as Row;
    },

    async pay_status({ trx, ctx, existing, body }) {
      const to = String(body.pay_status);
      const from = String(existing.pay_status);
      if (to === from) throw conflict('vf.error.state', { field: 'pay_status', value: from });
      // Money already on its way back: the pay status of a refunded order stays as it is.
      if (existing.refund_status && existing.refund_status !== 'REFUNDCLOSE') {
        throw conflict('vf.orders.error.refunded', { status: String(existing.refund_status) });
      }
      const entry = { from, to, reason: String(body.reason).trim(), operator: ctx.user._id, time: new Date().toISOString() };
      const saved = (await trx
        .updateTable('orders')
        .set({
          pay_status: to,
          pay_time: to === 'PAID' ? sql`coalesce(pay_time, now())` : sql`pay_time`,
          pay_history: sql`pay_history || ${JSON.stringify([entry])}::jsonb`,
          update_time: sql`now()`,
        })
        .where('_id', '=', String(existing._id))
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
      if (to === 'PAID') {
        await shareProfit(trx, saved);
        await webhookEvents.orderPaid(trx, saved);
      }
      return saved;
    },
  },
});

registerHooks('refund', {
  actions: {
    async approve({ trx, ctx, existing }) {
      return settleRefund(trx, ctx, existing);
    },
    async reject({ trx, ctx, existing, body }) {
      const saved = (await trx
        .updateTable('refund')
        .set({ status: 'REFUNDCLOSE', reject_reason: String(body.reason).trim(), operator: ctx.user._id })
        .where('_id', '=', String(existing._id))
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
      await trx.updateTable('orders').set({ refund_status: 'REFUNDCLOSE', update_time: sql`now()` }).where('_id', '=', String(existing.order)).execute();
      return saved;
    },
  },
});
