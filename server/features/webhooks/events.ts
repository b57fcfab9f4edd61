// What each webhook event carries (docs/api.md, Webhooks): a small, stable shape per kind, not the whole row, so
// that columns added later never leak to brands' systems unannounced.
import type { DB } from '../../db';
import { emitWebhook } from './queue';

type Row = Record<string, unknown>;

const pick = (row: Row, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));

const ORDER = [
  '_id',
  'device',
  'dealer',
  'channel',
  'amount',
  'quantity',
  'pay_status',
  'pay_type',
  'pay_time',
  'pickup_code',
  'create_time',
] as const;
const ALARM = [
  '_id',
  'device',
  'dealer',
  'code',
  'level',
  'state',
  'count',
  'first_seen',
  'last_seen',
  'clear_time',
  'clear_by',
  'clear_code',
] as const;
const ROBOT = ['_id', 'device_id', 'name', 'dealer', 'online', 'last_heartbeat'] as const;
const REFUND = ['_id', 'order', 'amount', 'real_amount', 'status', 'refund_time'] as const;

/** In the transaction that created the order (and paid it, when it came paid). */
export async function orderCreated(trx: DB, order: Row) {
  await emitWebhook(trx, { type: 'order_created', integrator: order.integrator as string, data: pick(order, ORDER) });
  if (order.pay_status === 'PAID') await orderPaid(trx, order);
}

export const orderPaid = (trx: DB, order: Row) =>
  emitWebhook(trx, { type: 'order_paid', integrator: order.integrator as string, data: pick(order, ORDER) });

export const orderRefunded = (trx: DB, refund: Row) =>
  emitWebhook(trx, {
    type: 'order_refunded',
    integrator: refund.integrator as string,
    data: { ...pick(refund, REFUND), dealer: refund.dealer ?? null },
  });

export const alarmOpened = (trx: DB, alarm: Row) =>
  emitWebhook(trx, { type: 'alarm_opened', integrator: alarm.integrator as string, data: pick(alarm, ALARM) });

export const alarmCleared = (trx: DB, alarm: Row) =>
  emitWebhook(trx, { type: 'alarm_cleared', integrator: alarm.integrator as string, data: pick(alarm, ALARM) });

export const robotOffline = (trx: DB, device: Row) =>
  emitWebhook(trx, { type: 'robot_offline', integrator: device.integrator as string, data: pick(device, ROBOT) });
