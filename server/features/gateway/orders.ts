// The robots' side of orders (docs/api.md, the robots' side): a sale, its payment, its making flow, its cancellation.
// The state machine and its operation log live in server/features/orders/flow.ts; here are the calls.
import type { DB } from '../../db';
import { deviceOf } from './auth';
import { ok } from '../../http/envelope';
import { route, type EdgeInstance } from '../../http/schema';
import {
  createOrder,
  progressOrder,
  payOrder,
  cancelOrder,
  saleBody,
  progressBody,
  payBody,
  cancelBody,
} from '../orders/flow';
import { recordRef } from '../../crud/schema';
import order from '../../../resources/order';

const tags = ['device-gateway'];
const answer = recordRef(order);

export function orderRoutes(app: EdgeInstance, db: DB) {
  app.post(
    '/api/device-gateway/order',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A sale: the order, its stock taken (409 when short)',
        body: saleBody,
        data: answer,
      }),
    },
    async (req) => ok(await createOrder(db, deviceOf(req), req.body, req.ip)),
  );

  app.post(
    '/api/device-gateway/order/progress',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'The making flow of one item, or of all: WAIT → START → DONE → END, or FAILD',
        body: progressBody,
        data: answer,
      }),
    },
    async (req) => ok(await progressOrder(db, deviceOf(req), req.body, req.ip)),
  );

  app.post(
    '/api/device-gateway/order/pay',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'A payment completed after the order was placed',
        body: payBody,
        data: answer,
      }),
    },
    async (req) => ok(await payOrder(db, deviceOf(req), req.body, req.ip)),
  );

  app.post(
    '/api/device-gateway/order/cancel',
    {
      schema: route({
        tags,
        security: 'device',
        summary: 'The robot gives up on an order before making it: stock goes back',
        body: cancelBody,
        data: answer,
      }),
    },
    async (req) => ok(await cancelOrder(db, deviceOf(req), req.body, req.ip)),
  );
}
