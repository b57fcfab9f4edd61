// The robots' side of orders (API.md, device API): a sale, its payment, its making flow, its cancellation.
// The state machine and its operation log live in server/domain/orderFlow.ts; here are the calls.
import type { DB } from '../db';
import { deviceOf } from '../gateway/auth';
import { ok } from '../http/envelope';
import { route, obj, str, int, type JsonSchema, type EdgePlugin } from '../http/schema';
import { createOrder, progressOrder, payOrder, cancelOrder, MAX_ITEMS, MAX_ITEM_QUANTITY } from '../domain/orderFlow';
import { recordRef } from '../crud/schema';
import { ORDER_CHANNELS, WORK_STATUSES } from '../../resources/order';
import order from '../../resources/order';

const tags = ['device-gateway'];
const pay = obj({
  amount: int('cents paid: must equal the order\'s amount', { minimum: 0 }),
  real_amount: int('cents the customer really paid (at most `amount`)', { minimum: 0 }),
  pay_type: str(undefined, { maxLength: 40 }),
  transaction_id: str(undefined, { maxLength: 100 }),
  trade_type: str(undefined, { maxLength: 40 }),
  state: str(undefined, { maxLength: 40 }),
  result: str(undefined, { maxLength: 200 }),
  bank_type: str(undefined, { maxLength: 40 }),
  account: str(undefined, { maxLength: 100 }),
  account_type: str(undefined, { maxLength: 40 }),
}, ['amount']);
const orderRef: JsonSchema = str('the order\'s _id (one this robot made)', { maxLength: 100 });
const answer = recordRef(order);

export const orderRoutes: EdgePlugin<{ db: DB }> = async (app, { db }) => {
  app.post('/api/device-gateway/order', {
    schema: route({
      tags, security: 'device', summary: 'A sale: the order, its stock taken (409 when short)',
      body: obj({
        channel: str(undefined, { enum: [...ORDER_CHANNELS] }),
        items: {
          type: 'array', minItems: 1, maxItems: MAX_ITEMS,
          items: obj({ product: str('a product _id of the robot\'s store', { maxLength: 100 }), quantity: int(undefined, { minimum: 1, maximum: MAX_ITEM_QUANTITY }), options: { type: 'array', items: str('an option code'), maxItems: 20 } }, ['product']),
        },
        pay,
        pickup_point: str(undefined, { maxLength: 100 }),
        pickup_code: str(undefined, { maxLength: 20 }),
        forward_from: str('the order this one was transferred from', { maxLength: 100 }),
      }, ['channel', 'items']),
      data: answer,
    }),
  }, async (req) => ok(await createOrder(db, deviceOf(req), req.body, req.ip)));

  app.post('/api/device-gateway/order/progress', {
    schema: route({
      tags, security: 'device', summary: 'The making flow of one item, or of all: WAIT → START → DONE → END, or FAILD',
      body: obj({ order: orderRef, item: int('the item number (default: every item)'), work_status: str(undefined, { enum: [...WORK_STATUSES] }), end_type: str(undefined, { maxLength: 40 }), end_msg: str(undefined, { maxLength: 200 }) }, ['order', 'work_status']),
      data: answer,
    }),
  }, async (req) => ok(await progressOrder(db, deviceOf(req), req.body, req.ip)));

  app.post('/api/device-gateway/order/pay', {
    schema: route({ tags, security: 'device', summary: 'A payment completed after the order was placed', body: obj({ order: orderRef, pay }, ['order', 'pay']), data: answer }),
  }, async (req) => ok(await payOrder(db, deviceOf(req), req.body, req.ip)));

  app.post('/api/device-gateway/order/cancel', {
    schema: route({ tags, security: 'device', summary: 'The robot gives up on an order before making it: stock goes back', body: obj({ order: orderRef, reason: str(undefined, { maxLength: 200 }) }, ['order']), data: answer }),
  }, async (req) => ok(await cancelOrder(db, deviceOf(req), req.body, req.ip)));
};

