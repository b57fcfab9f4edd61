// Orders and refunds beyond their declarations: the refund request (once per order, ever — the unique
// index on refund("order") decides, not a check), one-click approval, approve/reject, the money through the
// payment gateway, the hand change of the pay status, and the refund and profit share shown with an order.
import * as webhookEvents from '../webhooks/events';
import { sql, type Selectable } from 'kysely';
import type { DB, Tables } from '../../db';
import type { CallContext } from '../../auth/context';
import { holds } from '../../auth/permissions';
import { defineHooks } from '../../crud/hooks';
import { PAY_STATUSES } from '../../../resources/order';
import { REFUND_TRANSITIONS } from '../../../resources/orderStates';
import { permissionOf } from '../../../resources/types';
import { conflict, forbidden, invalid } from '../../http/errors';
import { newId, writeLog } from '../../log';
import { gateway } from './payments';

type Order = Selectable<Tables['orders']>;
type Refund = Selectable<Tables['refund']>;

/** What the customer actually paid for an order, in cents: what a refund may give back at most. */
export function paidOf(order: Pick<Order, 'pay' | 'amount'>): number {
  const real = order.pay?.real_amount ?? order.pay?.amount;
  return typeof real === 'number' ? Math.min(real, order.amount) : order.amount;
}

/** The profit-share record of a paid order, from the gateway; at most one per order. */
export async function shareProfit(trx: DB, order: Order) {
  const pay = order.pay;
  const amount = paidOf(order);
  const r = await gateway().profitShare({
    order: order._id,
    integrator: order.integrator,
    dealer: order.dealer,
    amount,
    transaction_id: pay?.transaction_id ?? null,
  });
  await trx
    .insertInto('profit_share')
    .values({
      _id: r.id,
      order: order._id,
      integrator: order.integrator,
      dealer: order.dealer,
      status: r.status,
      amount,
      detail: JSON.stringify(r.detail),
    })
    .onConflict((oc) => oc.column('order').doNothing())
    .execute();
}

/**
 * Sends an approved refund through the gateway and records the outcome: SUCCESS with the real amount,
 * or CHANGE (an exception the staff must look at) when the channel refuses. The refund row is locked.
 */
async function settleRefund(trx: DB, ctx: CallContext, refund: Refund): Promise<Refund> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('_id', '=', refund.order)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const pay = order.pay;
  let result;
  try {
    result = await gateway().refund({
      refund: refund._id,
      order: order._id,
      transaction_id: pay?.transaction_id ?? null,
      pay_type: order.pay_type,
      paid: paidOf(order),
      amount: refund.amount,
    });
  } catch (e) {
    result = {
      ok: false,
      channel_id: null,
      channel: gateway().name,
      real_amount: 0,
      account: null,
      account_type: null,
      funds_source: null,
      error: String((e as Error).message ?? e).slice(0, 200),
    };
  }
  const status = result.ok ? 'SUCCESS' : 'CHANGE';
  const saved = await trx
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
    .where('_id', '=', refund._id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orders')
    .set({ refund_status: status, refund_amount: result.ok ? result.real_amount : 0, update_time: sql`now()` })
    .where('_id', '=', order._id)
    .execute();
  if (result.ok) await webhookEvents.orderRefunded(trx, saved);
  return saved;
}

export const orderHooks = defineHooks('order', {
  // The detail screen shows the refund and the profit share; the list shows neither (its refund_status is a
  // column of the order), so a page of orders is its page and its count, no more statements (docs/performance.md).
  async presentDetail(rows, db) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => String(r._id));
    const [refunds, shares] = await Promise.all([
      db.selectFrom('refund').selectAll().where('order', 'in', ids).execute(),
      db.selectFrom('profit_share').selectAll().where('order', 'in', ids).execute(),
    ]);
    const refundOf = new Map(refunds.map((r) => [r.order, r]));
    const shareOf = new Map(shares.map((s) => [s.order, s]));
    for (const r of rows) {
      r.refund = refundOf.get(String(r._id)) ?? null;
      r.profit_share = shareOf.get(String(r._id)) ?? null;
    }
  },
  actions: {
    async refund({ trx, ctx, existing, body, reply }) {
      const approve = body.approve === true;
      // requesting and approving at once is the refund's approval too: its taker's permission
      if (approve && !holds(ctx.user, permissionOf(REFUND_TRANSITIONS.approve))) throw forbidden();
      const paid = paidOf(existing);
      const amount = Number(body.amount);
      if (amount > paid)
        throw invalid({ amount: { key: 'vf.validation.max_value', args: { max: (paid / 100).toFixed(2) } } });
      const pay = existing.pay;
      const refund = await trx
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
          channel: existing.pay_type,
          account: pay?.account ?? null,
          account_type: pay?.account_type ?? null,
          pickup_code: existing.pickup_code,
        })
        .onConflict((oc) => oc.column('order').doNothing())
        .returningAll()
        .executeTakeFirst();
      // Once per order, ever: the unique index on refund("order") answers every concurrent request but one.
      if (!refund) throw conflict('vf.orders.error.refund_exists');
      await writeLog(trx, ctx, {
        action: 'add',
        resource: 'refund',
        record: refund._id,
        after: refund,
        integrator: existing.integrator,
        dealer: existing.dealer,
      });
      let final = refund;
      await trx
        .updateTable('orders')
        .set({ refund_status: 'CREATED', update_time: sql`now()` })
        .where('_id', '=', existing._id)
        .execute();
      if (approve) {
        final = await settleRefund(trx, ctx, refund);
        await writeLog(trx, ctx, {
          action: 'approve',
          resource: 'refund',
          record: refund._id,
          before: refund,
          after: final,
          integrator: existing.integrator,
          dealer: existing.dealer,
        });
      }
      reply.refund = final;
      return trx.selectFrom('orders').selectAll().where('_id', '=', existing._id).executeTakeFirstOrThrow();
    },

    async pay_status({ trx, ctx, existing, body }) {
      // the action's body was checked against the declared choices; this finds which one, typed
      const to = PAY_STATUSES.find((s) => s === body.pay_status);
      const from = existing.pay_status;
      if (!to)
        throw invalid({ pay_status: { key: 'vf.validation.choice', args: { choices: PAY_STATUSES.join(', ') } } });
      if (to === from) throw conflict('vf.error.state', { field: 'pay_status', value: from });
      const entry = {
        from,
        to,
        reason: String(body.reason).trim(),
        operator: ctx.user._id,
        time: new Date().toISOString(),
      };
      const saved = await trx
        .updateTable('orders')
        .set({
          pay_status: to,
          pay_time: to === 'PAID' ? sql`coalesce(pay_time, now())` : sql`pay_time`,
          pay_history: sql`pay_history || ${JSON.stringify([entry])}::jsonb`,
          update_time: sql`now()`,
        })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (to === 'PAID') {
        await shareProfit(trx, saved);
        await webhookEvents.orderPaid(trx, saved);
      }
      return saved;
    },
  },
});

export const refundHooks = defineHooks('refund', {
  actions: {
    async approve({ trx, ctx, existing }) {
      return settleRefund(trx, ctx, existing);
    },
    async reject({ trx, ctx, existing, body }) {
      const saved = await trx
        .updateTable('refund')
        .set({ status: 'REFUNDCLOSE', reject_reason: String(body.reason).trim(), operator: ctx.user._id })
        .where('_id', '=', existing._id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('orders')
        .set({ refund_status: 'REFUNDCLOSE', update_time: sql`now()` })
        .where('_id', '=', existing.order)
        .execute();
      return saved;
    },
  },
});
