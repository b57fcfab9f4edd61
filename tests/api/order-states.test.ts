// The order's and the refund's state machines (resources/orderStates.ts) as a client meets them: every
// transition taken from every state, by who may take it and who may not. Allowed where the declaration allows
// it; refused elsewhere with 409 and the translated reason (or 403/404 for who may not), changing nothing.
import { startTestServer, type TestServer } from '../support/server';
import en from '../../i18n/en';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAY_STATUSES,
  REFUND_STATUSES,
  REFUND_TRANSITIONS,
  WORK_STATUSES,
  WORK_STEPS,
} from '../../resources/orderStates';

let s: TestServer;
let admin: string;
let brandA: string; // order_refund, order_pay_status, refund_approve
let storeA1: string; // order_refund only
const robots: Record<string, string> = {};
let cone: string;

type Row = Record<string, unknown>;
const orderWords = en.resources.order as unknown as {
  fields: Record<string, string>;
  choices: Record<string, Record<string, string>>;
};
const refundWords = en.resources.refund as unknown as {
  fields: Record<string, string>;
  choices: Record<string, Record<string, string>>;
};
/** "Not allowed while Pay status is Paid", as the console reads it */
const notWhile = (words: typeof orderWords, field: string, value: string) =>
  `Not allowed while ${words.fields[field]} is ${words.choices[field]?.[value] ?? value}`;

/** "Not allowed while pay_status is PAID": a robot reads the codes it sends */
const robotNotWhile = (field: string, value: string) => `Not allowed while ${field} is ${value}`;

const gw = (robot: string, path: string, body: unknown) =>
  s.call('POST', `/device-gateway/${path}`, { body, headers: { 'X-Device-Id': robot, 'X-Device-Key': robots[robot] } });

/** A fresh order of robot R-1 put straight into `state` (the database row), as the robots and staff leave them. */
async function orderIn(state: Row, paid = true): Promise<string> {
  const r = await gw('STATE-ROBOT-1', 'order', {
    channel: 'APP',
    items: [{ product: cone }],
    ...(paid ? { pay: { pay_type: 'WECHAT', amount: 1000 } } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data._id as string;
  if (Object.keys(state).length)
    await s.db
      .updateTable('orders')
      .set(state as never)
      .where('_id', '=', id)
      .execute();
  return id;
}
const orderRow = (id: string) =>
  s.db
    .selectFrom('orders')
    .select(['status', 'pay_status', 'work_status', 'refund_status'])
    .where('_id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, storeA1] = await Promise.all(['admin', 'brand-a', 'store-a1'].map((u) => s.login(u)));
  for (const id of ['STATE-ROBOT-1', 'STATE-ROBOT-2']) {
    const r = await s.call('POST', '/device/add', {
      token: admin,
      body: {
        device_id: id,
        name: `Bot ${id.slice(-1)}`,
        sn: `SN-${id}`,
        type: 'icecream',
        category: 'dessert',
        dealer: 'store_a1',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    robots[id] = r.body.data.device_key;
  }
  const p = await s.call('POST', '/product/add', {
    token: admin,
    body: {
      code: 'STATE-CONE',
      name: 'State cone',
      price: 1000,
      type: 'icecream',
      number: 1,
      dealer: 'store_a1',
      stock: -1,
    },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  cone = p.body.data._id;
});
afterAll(() => s?.close());

describe("the robot's transitions", () => {
  it('pay: from an unpaid, waiting or failed payment only, by the robot that placed the order', async () => {
    for (const pay_status of PAY_STATUSES) {
      const id = await orderIn({ pay_status }, false);
      const other = await gw('STATE-ROBOT-2', 'order/pay', { order: id, pay: { pay_type: 'WECHAT', amount: 1000 } });
      expect(other.status).toBe(404);
      const r = await gw('STATE-ROBOT-1', 'order/pay', { order: id, pay: { pay_type: 'WECHAT', amount: 1000 } });
      const allowed = (ORDER_TRANSITIONS.pay.from[0].values as readonly string[]).includes(pay_status);
      expect({ pay_status, status: r.status }).toEqual({ pay_status, status: allowed ? 200 : 409 });
      expect((await orderRow(id)).pay_status).toBe(allowed ? 'PAID' : pay_status);
      if (!allowed) expect(r.body.message).toBe(robotNotWhile('pay_status', pay_status));
    }
    expect(PAY_STATUSES.filter((p) => (ORDER_TRANSITIONS.pay.from[0].values as readonly string[]).includes(p))).toEqual(
      ['UNPAY', 'WAITPAY', 'PAYERROR'],
    );
  });

  it('cancel: only an open order not yet being made', async () => {
    for (const status of ORDER_STATUSES) {
      for (const work_status of WORK_STATUSES) {
        const id = await orderIn({ status, work_status });
        expect((await gw('STATE-ROBOT-2', 'order/cancel', { order: id })).status).toBe(404);
        const r = await gw('STATE-ROBOT-1', 'order/cancel', { order: id, reason: 'changed mind' });
        const allowed = status === 'CREATED' && work_status === 'WAIT';
        expect({ status, work_status, answer: r.status }).toEqual({ status, work_status, answer: allowed ? 200 : 409 });
        expect(await orderRow(id)).toMatchObject(allowed ? { status: 'CANCEL' } : { status, work_status });
        if (!allowed)
          expect(r.body.message).toBe(
            status !== 'CREATED' ? robotNotWhile('status', status) : robotNotWhile('work_status', work_status),
          );
      }
    }
  });

  it('progress: an open order, each item one declared step at a time', async () => {
    for (const status of ORDER_STATUSES) {
      const id = await orderIn({ status });
      const r = await gw('STATE-ROBOT-1', 'order/progress', { order: id, work_status: 'START' });
      expect({ status, answer: r.status }).toEqual({ status, answer: status === 'CREATED' ? 200 : 409 });
      if (status !== 'CREATED') expect(r.body.message).toBe(robotNotWhile('status', status));
    }
    for (const from of WORK_STATUSES) {
      for (const to of WORK_STATUSES) {
        const id = await orderIn({});
        const products = (
          await s.db.selectFrom('orders').select('products').where('_id', '=', id).executeTakeFirstOrThrow()
        ).products.map((p) => ({ ...p, work_status: from }));
        await s.db
          .updateTable('orders')
          .set({ products: JSON.stringify(products), work_status: from })
          .where('_id', '=', id)
          .execute();
        const r = await gw('STATE-ROBOT-1', 'order/progress', { order: id, work_status: to, item: 1 });
        const allowed = WORK_STEPS[from].includes(to);
        expect({ from, to, answer: r.status }).toEqual({ from, to, answer: allowed ? 200 : 409 });
        expect((await orderRow(id)).work_status).toBe(allowed ? to : from);
      }
    }
  });
});

describe("the console's transitions", () => {
  it('refund: a paid order never refunded, by who holds order_refund; approving at once needs refund_approve', async () => {
    for (const pay_status of PAY_STATUSES) {
      for (const refund_status of [null, ...REFUND_STATUSES]) {
        const id = await orderIn({ pay_status, refund_status });
        const allowed = pay_status === 'PAID' && refund_status === null;
        const body = { _id: id, amount: 100, reason: 'state walk' };
        // the store may request but not approve: refused before any state is read
        if (allowed)
          expect(
            (await s.call('POST', '/order/refund', { token: storeA1, body: { ...body, approve: true } })).status,
          ).toBe(403);
        const r = await s.call('POST', '/order/refund', { token: allowed ? storeA1 : brandA, body });
        expect({ pay_status, refund_status, answer: r.status }).toEqual({
          pay_status,
          refund_status,
          answer: allowed ? 200 : 409,
        });
        expect((await orderRow(id)).refund_status).toBe(allowed ? 'CREATED' : refund_status);
        if (!allowed) {
          expect(r.body.message).toBe(
            pay_status !== 'PAID'
              ? notWhile(orderWords, 'pay_status', pay_status)
              : (en as unknown as { vf: { orders: { error: { refund_exists: string } } } }).vf.orders.error
                  .refund_exists,
          );
        }
      }
    }
    expect(ORDER_TRANSITIONS.refund.by).toEqual({ permission: 'order_refund' });
  });

  it('pay status by hand: not once money is on its way back, and only by who holds order_pay_status', async () => {
    for (const refund_status of [null, ...REFUND_STATUSES]) {
      const id = await orderIn({ refund_status });
      const body = { _id: id, pay_status: 'CANCEL', reason: 'state walk' };
      expect((await s.call('POST', '/order/pay_status', { token: storeA1, body })).status).toBe(403);
      const r = await s.call('POST', '/order/pay_status', { token: brandA, body });
      const allowed = refund_status === null || refund_status === 'REFUNDCLOSE';
      expect({ refund_status, answer: r.status }).toEqual({ refund_status, answer: allowed ? 200 : 409 });
      expect((await orderRow(id)).pay_status).toBe(allowed ? 'CANCEL' : 'PAID');
      if (!allowed)
        expect(r.body.message).toBe(
          `The order has a refund (${orderWords.choices.refund_status[refund_status!]}); its pay status can no longer be changed`,
        );
    }
  });

  it('approve and reject: a requested refund or one the channel refused, by who holds refund_approve', async () => {
    for (const name of ['approve', 'reject'] as const) {
      for (const status of REFUND_STATUSES) {
        const order = await orderIn({});
        const requested = await s.call('POST', '/order/refund', {
          token: storeA1,
          body: { _id: order, amount: 100, reason: 'state walk' },
        });
        const refund = requested.body.data.refund._id as string;
        await s.db.updateTable('refund').set({ status }).where('_id', '=', refund).execute();
        const body = { _id: refund, reason: 'no' };
        expect((await s.call('POST', `/refund/${name}`, { token: storeA1, body })).status).toBe(403);
        const r = await s.call('POST', `/refund/${name}`, { token: brandA, body });
        const allowed = (REFUND_TRANSITIONS[name].from[0].values as readonly string[]).includes(status);
        expect({ name, status, answer: r.status }).toEqual({ name, status, answer: allowed ? 200 : 409 });
        const after = (
          await s.db.selectFrom('refund').select('status').where('_id', '=', refund).executeTakeFirstOrThrow()
        ).status;
        expect(after).toBe(allowed ? (name === 'approve' ? 'SUCCESS' : 'REFUNDCLOSE') : status);
        if (!allowed) expect(r.body.message).toBe(notWhile(refundWords, 'status', status));
      }
    }
    expect(
      REFUND_STATUSES.filter((st) => (REFUND_TRANSITIONS.approve.from[0].values as readonly string[]).includes(st)),
    ).toEqual(['CREATED', 'CHANGE']);
  });
});
