// Orders and refunds: a robot's sale and its flow (./flow.ts, called by the gateway's routes), the payment
// gateway (./payments/), an order's refund, profit share and answer shape (./order.ts). No routes of its own: the
// engine serves /api/order/* and /api/refund/*, the gateway the robots' calls.
import type { Feature } from '../feature';
import { orderHooks, refundHooks } from './order';

// The day and quarter rollups are kept by the orders table's triggers (their migrations), the dashboard reads them.
export const orders: Feature = {
  name: 'orders',
  hooks: [orderHooks, refundHooks],
  events: { publishes: ['sale.reported'] },
  owns: [
    'orders',
    'refund',
    'profit_share',
    'orders_daily',
    'orders_day_version',
    'orders_products_daily',
    'orders_quarters',
    'orders_products_quarters',
  ],
};
