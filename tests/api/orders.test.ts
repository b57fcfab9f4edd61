// Orders from robots to money: sales through the device API, the making flow, the pay status by hand,
// refunds (once per order, ever), the payment sandbox, profit sharing, the dashboard and tenant scope.
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { sandbox } from '../../server/features/orders/payments';

let s: TestServer;
let admin: string;
let brandA: string;
let brandB: string;
let storeA1: string;
const robots: Record<string, { id: string; key: string; _id: string }> = {};
let cone: string; // product of store_a1, price 1200, option "dip" +300, stock 100
let latte: string; // product of store_a1, stock 2
let noodle: string; // product of store_b1
let T0: Date; // before this file's first sale (the demo data's sales are older)

async function addRobot(device_id: string, dealer: string | undefined, integrator?: string) {
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id,
      name: `Bot ${device_id.slice(-4)}`,
      sn: `SN-${device_id}`,
      type: 'icecream',
      category: 'dessert',
      dealer,
      integrator,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  robots[device_id] = { id: device_id, key: r.body.data.device_key, _id: r.body.data._id };
}

async function addProduct(dealer: string, code: string, price: number, stock: number, properties: unknown[] = []) {
  const r = await s.call('POST', '/product/add', {
    token: admin,
    body: { code, name: `P ${code}`, price, type: 'icecream', number: 1, dealer, stock, properties },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}

const gw = (robot: string, path: string, body: unknown) =>
  s.call('POST', `/device-gateway/${path}`, {
    body,
    headers: { 'X-Device-Id': robot, 'X-Device-Key': robots[robot].key },
  });

let tx = 0;
const paidSale = (robot: string, product: string, quantity: number, unit: number, over: object = {}) =>
  gw(robot, 'order', {
    channel: 'APP',
    items: [{ product, quantity }],
    pay: { pay_type: 'WECHAT', transaction_id: `T${++tx}`, amount: unit * quantity, bank_type: 'CMB' },
    ...over,
  });

beforeAll(async () => {
  s = await startTestServer();
  T0 = new Date();
  [admin, brandA, brandB, storeA1] = await Promise.all(
    ['admin', 'brand-a', 'brand-b', 'store-a1'].map((u) => s.login(u)),
  );
  await addRobot('ORD-A1-001', 'store_a1');
  await addRobot('ORD-A1-002', 'store_a1');
  await addRobot('ORD-B1-001', 'store_b1');
  await addRobot('ORD-FREE-01', undefined, 'brand_a');
  cone = await addProduct('store_a1', 'CONE', 1200, 100, [
    {
      code: 'dip',
      name: 'Dip',
      hide: false,
      options: [
        { code: 'choc', name: 'Chocolate', price: 300 },
        { code: 'plain', name: 'Plain', price: 0 },
      ],
    },
  ]);
  latte = await addProduct('store_a1', 'LATTE', 1500, 2);
  noodle = await addProduct('store_b1', 'NOODLE', 2000, -1);
});
afterAll(() => s?.close());
afterEach(() => {
  sandbox.failRefunds = false;
  sandbox.failNextRefunds = 0;
});

describe('sales from the robots', () => {
  it('creates a paid order with a snapshot of each item, takes the stock and records the profit share', async () => {
    const r = await gw('ORD-A1-001', 'order', {
      channel: 'MINIPROGRAM',
      items: [{ product: cone, quantity: 2, options: ['choc'] }],
      pay: { pay_type: 'WECHAT', transaction_id: 'WX-1', amount: 3000, trade_type: 'JSAPI', bank_type: 'CMB' },
      pickup_point: 'Gate 3',
      pickup_code: '4711',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      amount: 3000,
      quantity: 2,
      pay_status: 'PAID',
      status: 'CREATED',
      work_status: 'WAIT',
      dealer: 'store_a1',
      integrator: 'brand_a',
      pickup_code: '4711',
      device_type: 'icecream',
    });
    const order = await s.call('GET', `/order/detail/${r.body.data._id}`, { token: storeA1 });
    expect(order.body.data.products).toEqual([
      expect.objectContaining({
        item: 1,
        product: cone,
        code: 'CONE',
        name: 'P CONE',
        price: 1500,
        quantity: 2,
        options: [{ property: 'dip', code: 'choc', name: 'Chocolate', price: 300 }],
      }),
    ]);
    expect(order.body.data.pay).toMatchObject({
      transaction_id: 'WX-1',
      trade_type: 'JSAPI',
      bank_type: 'CMB',
      amount: 3000,
      real_amount: 3000,
    });
    expect(order.body.data.profit_share).toMatchObject({ status: 'success', amount: 3000 });
    const shares = order.body.data.profit_share.detail as Array<{ type: string; amount: number }>;
    expect(shares.map((d) => d.type)).toEqual(['platform', 'integrator', 'dealer']);
    expect(shares.reduce((t, d) => t + d.amount, 0)).toBe(3000);
    const stock = await s.db.selectFrom('product').select('stock').where('_id', '=', cone).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(98);
  });

  it('keeps an unpaid order waiting for payment, without a profit share, until the robot reports the payment', async () => {
    const r = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }] });
    expect(r.body.data).toMatchObject({ pay_status: 'WAITPAY', amount: 1200 });
    expect(
      (await s.call('GET', `/order/detail/${r.body.data._id}`, { token: admin })).body.data.profit_share,
    ).toBeNull();
    expect(
      (await gw('ORD-A1-001', 'order/pay', { order: r.body.data._id, pay: { amount: 1100, transaction_id: 'x' } }))
        .status,
    ).toBe(400);
    const paid = await gw('ORD-A1-001', 'order/pay', {
      order: r.body.data._id,
      pay: { pay_type: 'ALIPAY', amount: 1200, transaction_id: 'AP-9' },
    });
    expect(paid.body.data).toMatchObject({ pay_status: 'PAID', pay_type: 'ALIPAY' });
    expect((await gw('ORD-A1-001', 'order/pay', { order: r.body.data._id, pay: { amount: 1200 } })).status).toBe(409);
    expect(
      (await s.call('GET', `/order/detail/${r.body.data._id}`, { token: admin })).body.data.profit_share,
    ).toMatchObject({ status: 'success', amount: 1200 });
  });

  it('refuses a sale of a sold-out product with 409 and leaves no order behind', async () => {
    const before = await s.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await paidSale('ORD-A1-002', latte, 2, 1500)).status).toBe(200);
    const r = await paidSale('ORD-A1-002', latte, 1, 1500);
    expect(r.status).toBe(409);
    // a sold-out second item takes back the first item's stock too: the whole sale is one transaction
    const mixed = await gw('ORD-A1-002', 'order', { channel: 'APP', items: [{ product: cone }, { product: latte }] });
    expect(mixed.status).toBe(409);
    const after = await s.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);
    expect(
      (await s.db.selectFrom('product').select('stock').where('_id', '=', cone).executeTakeFirstOrThrow()).stock,
    ).toBe(97);
  });

  it('answers bad sales with a clear 4xx and creates nothing', async () => {
    const cases: Array<[unknown, number]> = [
      ['nonsense', 400],
      [{ channel: 'FAX', items: [{ product: cone }] }, 400],
      [{ channel: 'APP', items: [] }, 400],
      [{ channel: 'APP', items: [{ product: cone, quantity: 0 }] }, 400],
      [{ channel: 'APP', items: [{ product: cone, quantity: 1.5 }] }, 400],
      [{ channel: 'APP', items: [{ product: cone, options: ['nope'] }] }, 400],
      [{ channel: 'APP', items: [{ product: noodle }] }, 404], // another store's product
      [{ channel: 'APP', items: [{ product: cone }], pay: { amount: 1 } }, 400],
      [{ channel: 'APP', items: [{ product: cone }], pay: { amount: -5 } }, 400],
    ];
    const before = await s.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [body, status] of cases) {
      const r = await gw('ORD-A1-001', 'order', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.message).toBeTruthy();
    }
    const unbound = await gw('ORD-FREE-01', 'order', { channel: 'APP', items: [{ product: cone }] });
    expect(unbound.status).toBe(409);
    expect(unbound.body.message).toMatch(/not bound to a store/);
    const after = await s.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('follows the making flow per item to completion, and records a failure with its end type and message', async () => {
    const r = await gw('ORD-A1-001', 'order', {
      channel: 'APP',
      items: [{ product: cone }, { product: cone, options: ['plain'] }],
      pay: { amount: 2400 },
    });
    const id = r.body.data._id;
    const step = (body: object, robot = 'ORD-A1-001') => gw(robot, 'order/progress', { order: id, ...body });
    expect((await step({ work_status: 'START' }, 'ORD-A1-002')).status).toBe(404); // another robot's order
    expect((await step({ work_status: 'DONE' })).status).toBe(409); // WAIT → DONE skips START
    expect((await step({ work_status: 'START' })).body.data).toMatchObject({ work_status: 'START', status: 'CREATED' });
    expect((await step({ item: 1, work_status: 'DONE' })).body.data.work_status).toBe('START');
    expect((await step({ item: 3, work_status: 'DONE' })).status).toBe(400);
    await step({ item: 2, work_status: 'DONE' });
    const end = await step({ work_status: 'END' });
    expect(end.body.data).toMatchObject({ work_status: 'END', status: 'CLOSE', end_type: 'NORMAL' });
    expect(end.body.data.close_time).toBeTruthy();
    const flow = (await s.call('GET', `/order/detail/${id}`, { token: admin })).body.data.flow as Array<{
      item: number;
      work_status: string;
    }>;
    expect(flow.map((f) => `${f.item}:${f.work_status}`)).toEqual([
      '1:START',
      '2:START',
      '1:DONE',
      '2:DONE',
      '1:END',
      '2:END',
    ]);
    expect((await step({ work_status: 'START' })).status).toBe(409);

    const f = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }], pay: { amount: 1200 } });
    await gw('ORD-A1-001', 'order/progress', { order: f.body.data._id, work_status: 'START' });
    const failed = await gw('ORD-A1-001', 'order/progress', {
      order: f.body.data._id,
      work_status: 'FAILD',
      end_type: 'MACHINE',
      end_msg: 'Cone dispenser jammed',
    });
    expect(failed.body.data).toMatchObject({
      status: 'FAILD',
      work_status: 'FAILD',
      end_type: 'MACHINE',
      end_msg: 'Cone dispenser jammed',
    });
  });

  it('cancels an order that was not started: the stock goes back and the unpaid payment is cancelled', async () => {
    const stock = async () =>
      (await s.db.selectFrom('product').select('stock').where('_id', '=', cone).executeTakeFirstOrThrow()).stock;
    const r = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone, quantity: 3 }] });
    const before = await stock();
    const c = await gw('ORD-A1-001', 'order/cancel', { order: r.body.data._id, reason: 'Customer walked away' });
    expect(c.body.data).toMatchObject({ status: 'CANCEL', pay_status: 'CANCEL', close_reason: 'Customer walked away' });
    expect(await stock()).toBe(before + 3);
    expect((await gw('ORD-A1-001', 'order/cancel', { order: r.body.data._id })).status).toBe(409);
  });
});

describe('robot writes are logged', () => {
  it("a robot's order progress, payment and cancellation each leave an operation log row, in the order's store", async () => {
    const logOf = (record: string) =>
      s.db
        .selectFrom('log')
        .select(['action', 'resource', 'operator', 'account_type', 'dealer', 'before', 'after'])
        .where('record', '=', record)
        .orderBy('time')
        .execute();
    const made = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }] });
    const id = made.body.data._id as string;
    expect((await gw('ORD-A1-001', 'order/pay', { order: id, pay: { amount: 1200, pay_type: 'ALIPAY' } })).status).toBe(
      200,
    );
    expect((await gw('ORD-A1-001', 'order/progress', { order: id, work_status: 'START' })).status).toBe(200);
    const rows = await logOf(id);
    expect(rows.map((r) => r.action)).toEqual(['order', 'pay', 'progress']);
    for (const r of rows)
      expect(r).toMatchObject({
        resource: 'order',
        operator: 'device:ORD-A1-001',
        account_type: 'DEVICE',
        dealer: 'store_a1',
      });
    const progress = rows[2];
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(progress.before)).toMatchObject({ work_status: 'WAIT' });
    expect(parse(progress.after)).toMatchObject({ work_status: 'START', device: 'ORD-A1-001' });

    const other = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }] });
    await gw('ORD-A1-001', 'order/cancel', { order: other.body.data._id, reason: 'Customer walked away' });
    expect((await logOf(other.body.data._id)).map((r) => r.action)).toEqual(['order', 'cancel']);
    // the operation log screen lists them
    const list = await s.call('POST', '/log/list', { token: admin, body: { filter: { record: id } } });
    expect(list.body.data.list.map((r: { action: string }) => r.action).sort()).toEqual(['order', 'pay', 'progress']);
  });
});

describe('pay status by hand', () => {
  it('needs its own permission and a reason, and is logged with the reason', async () => {
    const r = await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }] });
    const id = r.body.data._id;
    expect(
      (
        await s.call('POST', '/order/pay_status', {
          token: storeA1,
          body: { _id: id, pay_status: 'PAID', reason: 'cash' },
        })
      ).status,
    ).toBe(403);
    const noReason = await s.call('POST', '/order/pay_status', {
      token: brandA,
      body: { _id: id, pay_status: 'PAID', reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toBeTruthy();
    expect(
      (await s.call('POST', '/order/pay_status', { token: brandA, body: { _id: id, pay_status: 'SOLD', reason: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/order/pay_status', { token: brandB, body: { _id: id, pay_status: 'PAID', reason: 'x' } }))
        .status,
    ).toBe(404);
    const ok = await s.call('POST', '/order/pay_status', {
      token: brandA,
      body: { _id: id, pay_status: 'PAID', reason: 'Paid in cash at the counter' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      pay_status: 'PAID',
      pay_history: [{ from: 'WAITPAY', to: 'PAID', reason: 'Paid in cash at the counter', operator: 'brand-a' }],
    });
    expect(ok.body.data.profit_share).toMatchObject({ status: 'success' });
    expect(
      (
        await s.call('POST', '/order/pay_status', {
          token: brandA,
          body: { _id: id, pay_status: 'PAID', reason: 'again' },
        })
      ).status,
    ).toBe(409);
    const log = await s.db
      .selectFrom('log')
      .selectAll()
      .where('action', '=', 'pay_status')
      .where('record', '=', id)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ operator: 'brand-a', resource: 'order' });
    expect(JSON.stringify(log[0].after)).toContain('Paid in cash at the counter');
  });
});

describe('refunds', () => {
  it('holds the amount between 0.01 and what was paid, needs a reason, and only for a paid order', async () => {
    const paid = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    const unpaid = (await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone }] })).body.data._id;
    const req = (body: object, token = storeA1) => s.call('POST', '/order/refund', { token, body });
    expect((await req({ _id: paid, amount: 0, reason: 'x' })).status).toBe(400);
    expect((await req({ _id: paid, amount: -100, reason: 'x' })).status).toBe(400);
    const over = await req({ _id: paid, amount: 1201, reason: 'melted' });
    expect(over.status).toBe(400);
    expect(over.body.errors?.amount).toMatch(/12\.00/);
    expect((await req({ _id: paid, amount: 100 })).status).toBe(400);
    expect((await req({ _id: paid, amount: 100, reason: '' })).status).toBe(400);
    expect((await req({ _id: unpaid, amount: 100, reason: 'x' })).status).toBe(409);
    expect(await s.db.selectFrom('refund').selectAll().where('order', 'in', [paid, unpaid]).execute()).toHaveLength(0);
    const exact = await req({ _id: paid, amount: 1200, reason: 'Cone melted' });
    expect(exact.status).toBe(200);
    expect(exact.body.data).toMatchObject({
      refund_status: 'CREATED',
      refund: { status: 'CREATED', amount: 1200, reason: 'Cone melted', requester: 'store-a1' },
    });
  });

  it('creates exactly one refund out of 50 concurrent requests; the other 49 get 409', async () => {
    const id = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.call('POST', '/order/refund', {
          token: i % 2 ? brandA : storeA1,
          body: { _id: id, amount: 500 + i, reason: `try ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(49);
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/once only/);
    const rows = await s.db.selectFrom('refund').selectAll().where('order', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('request only: the store requests, may not approve; the brand approves through the sandbox', async () => {
    const id = (await paidSale('ORD-A1-001', cone, 2, 1200)).body.data._id;
    const r = await s.call('POST', '/order/refund', {
      token: storeA1,
      body: { _id: id, amount: 1000, reason: 'Wrong flavour' },
    });
    const refund = r.body.data.refund;
    expect(refund.status).toBe('CREATED');
    expect((await s.call('POST', '/refund/approve', { token: storeA1, body: { _id: refund._id } })).status).toBe(403);
    expect((await s.call('POST', '/refund/approve', { token: brandB, body: { _id: refund._id } })).status).toBe(404);
    const ok = await s.call('POST', '/refund/approve', { token: brandA, body: { _id: refund._id } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'SUCCESS',
      amount: 1000,
      real_amount: 1000,
      operator: 'brand-a',
      channel: 'WECHAT',
    });
    expect(ok.body.data.refund_time).toBeTruthy();
    expect(ok.body.data.channel_id).toMatch(/^sbx_rf_/);
    expect((await s.call('POST', '/refund/approve', { token: brandA, body: { _id: refund._id } })).status).toBe(409);
    const order = await s.db
      .selectFrom('orders')
      .select(['refund_status', 'refund_amount'])
      .where('_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ refund_status: 'SUCCESS', refund_amount: 1000 });
    // a refunded order's pay status is no longer changed by hand
    expect(
      (
        await s.call('POST', '/order/pay_status', {
          token: brandA,
          body: { _id: id, pay_status: 'CANCEL', reason: 'x' },
        })
      ).status,
    ).toBe(409);
  });

  it('one click: request and approve at once, only for an account that may approve', async () => {
    const id = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    expect(
      (
        await s.call('POST', '/order/refund', {
          token: storeA1,
          body: { _id: id, amount: 1200, reason: 'x', approve: true },
        })
      ).status,
    ).toBe(403);
    expect(await s.db.selectFrom('refund').selectAll().where('order', '=', id).execute()).toHaveLength(0);
    const r = await s.call('POST', '/order/refund', {
      token: brandA,
      body: { _id: id, amount: 1200, reason: 'Machine fault', approve: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      refund_status: 'SUCCESS',
      refund_amount: 1200,
      refund: { status: 'SUCCESS', real_amount: 1200, operator: 'brand-a', requester: 'brand-a' },
    });
  });

  it('reject closes the refund with its reason, and the order can never be refunded again', async () => {
    const id = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    const refund = (
      await s.call('POST', '/order/refund', { token: storeA1, body: { _id: id, amount: 600, reason: 'Too sweet' } })
    ).body.data.refund;
    expect((await s.call('POST', '/refund/reject', { token: brandA, body: { _id: refund._id } })).status).toBe(400);
    const r = await s.call('POST', '/refund/reject', {
      token: brandA,
      body: { _id: refund._id, reason: 'Eaten completely' },
    });
    expect(r.body.data).toMatchObject({
      status: 'REFUNDCLOSE',
      reject_reason: 'Eaten completely',
      operator: 'brand-a',
      real_amount: null,
    });
    expect((await s.call('POST', '/refund/approve', { token: brandA, body: { _id: refund._id } })).status).toBe(409);
    expect(
      (await s.call('POST', '/order/refund', { token: brandA, body: { _id: id, amount: 600, reason: 'again' } }))
        .status,
    ).toBe(409);
    expect(
      (await s.db.selectFrom('orders').select('refund_status').where('_id', '=', id).executeTakeFirstOrThrow())
        .refund_status,
    ).toBe('REFUNDCLOSE');
  });

  it('shows CHANGE when the sandbox refuses the money, and succeeds when approved again', async () => {
    const id = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    sandbox.failRefunds = true;
    const r = await s.call('POST', '/order/refund', {
      token: brandA,
      body: { _id: id, amount: 800, reason: 'Cold', approve: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      refund_status: 'CHANGE',
      refund_amount: 0,
      refund: { status: 'CHANGE', real_amount: null, error: 'SANDBOX_REFUND_FAILED' },
    });
    const summary = await s.call('POST', '/dashboard/summary', {
      token: admin,
      body: { from: T0, to: Date.now() + 60_000 },
    });
    sandbox.failRefunds = false;
    const again = await s.call('POST', '/refund/approve', { token: brandA, body: { _id: r.body.data.refund._id } });
    expect(again.body.data).toMatchObject({ status: 'SUCCESS', real_amount: 800, error: null });
    const after = await s.call('POST', '/dashboard/summary', {
      token: admin,
      body: { from: T0, to: Date.now() + 60_000 },
    });
    expect(after.body.data.refund_fee - summary.body.data.refund_fee).toBe(800);
    expect(after.body.data.refund_orders - summary.body.data.refund_orders).toBe(1);
  });
});

describe('dashboard and tenant scope', () => {
  beforeAll(async () => {
    await paidSale('ORD-B1-001', noodle, 3, 2000);
    await paidSale('ORD-B1-001', noodle, 1, 2000, { channel: 'MINIPROGRAM' });
  });

  /** The figures computed here from the rows themselves, with no code of the server's. */
  async function expected(where: { integrator?: string; dealer?: string }, from: Date, to: Date) {
    let orders = s.db.selectFrom('orders').selectAll().where('create_time', '>=', from).where('create_time', '<=', to);
    if (where.integrator) orders = orders.where('integrator', '=', where.integrator);
    if (where.dealer) orders = orders.where('dealer', '=', where.dealer);
    const rows = await orders.execute();
    const sold = rows.filter((o) => o.pay_status === 'PAID' || o.pay_status === 'FREE');
    const refunds = await s.db.selectFrom('refund').selectAll().where('status', '=', 'SUCCESS').execute();
    const soldIds = new Set(sold.map((o) => o._id));
    const done = refunds.filter((r) => soldIds.has(r.order));
    const fee = sold.reduce((t, o) => t + o.amount, 0);
    const refund_fee = done.reduce((t, r) => t + (r.real_amount ?? 0), 0);
    return {
      orders: sold.length,
      quantity: sold.reduce((t, o) => t + o.quantity, 0),
      fee,
      refund_orders: done.length,
      refund_fee,
      real_fee: fee - refund_fee,
    };
  }

  it('gives figures equal to the sums over the rows, for every account scope', async () => {
    const to = new Date(Date.now() + 60_000);
    // the demo's 30 days of sales, and this file's own
    for (const from of [new Date(Date.now() - 31 * 86_400_000), T0]) {
      for (const [token, scope] of [
        [admin, {}],
        [brandA, { integrator: 'brand_a' }],
        [brandB, { integrator: 'brand_b' }],
        [storeA1, { dealer: 'store_a1' }],
      ] as const) {
        const r = await s.call('POST', '/dashboard/summary', {
          token,
          body: { from: from.toISOString(), to: to.toISOString() },
        });
        expect(r.status).toBe(200);
        const want = await expected(scope, from, to);
        expect(want.orders).toBeGreaterThan(0);
        expect(r.body.data).toMatchObject(want);
      }
    }
    const from = T0;
    const b = await expected({ integrator: 'brand_b' }, from, to);
    expect(b).toMatchObject({ orders: 2, quantity: 4, fee: 8000 });
    // staff narrow to one store; a brand asking for another brand's store gets nothing of it
    const narrowed = await s.call('POST', '/dashboard/summary', {
      token: admin,
      body: { from, to, dealer: 'store_b1' },
    });
    expect(narrowed.body.data).toMatchObject(await expected({ dealer: 'store_b1' }, from, to));
    const intruder = await s.call('POST', '/dashboard/summary', {
      token: brandA,
      body: { from, to, dealer: 'store_b1' },
    });
    expect(intruder.body.data.orders).toBe(0);
    // a range in the past holds nothing
    const past = await s.call('POST', '/dashboard/summary', {
      token: admin,
      body: { from: '2001-01-01T00:00:00Z', to: '2001-01-31T00:00:00Z' },
    });
    expect(past.body.data).toMatchObject({ orders: 0, fee: 0, real_fee: 0 });
  });

  it('keeps long ranges equal to the row sums at any edges, after hand changes, refunds and cancellations', async () => {
    // the figures move: a hand-paid order, a refund that went through, an order cancelled before payment
    const waiting = (await gw('ORD-A1-001', 'order', { channel: 'APP', items: [{ product: cone, quantity: 2 }] })).body
      .data._id;
    expect(
      (
        await s.call('POST', '/order/pay_status', {
          token: admin,
          body: { _id: waiting, pay_status: 'PAID', reason: 'cash' },
        })
      ).status,
    ).toBe(200);
    const refunded = (await paidSale('ORD-A1-001', cone, 1, 1200)).body.data._id;
    expect(
      (
        await s.call('POST', '/order/refund', {
          token: brandA,
          body: { _id: refunded, amount: 700, reason: 'late', approve: true },
        })
      ).status,
    ).toBe(200);
    const day = 86_400_000;
    const midnight = Math.floor(Date.now() / day) * day;
    const ranges: Array<[number, number]> = [
      [Date.now() - 29.3 * day, Date.now() + 60_000], // partial first day, whole days, today
      [midnight - 40 * day, midnight], // ends exactly at a UTC midnight
      [midnight - 400 * day + 1, midnight - 1], // a year of whole days but the edges
      [midnight + 1000, Date.now() + 60_000], // within one day: no whole day at all
      [midnight - 5 * day + 7 * 60_000 + 123, midnight - 2 * day + 13.4 * 3600_000], // whole quarters around whole days
      [midnight - 3 * day + 2.1 * 3600_000, midnight - 3 * day + 20.7 * 3600_000], // whole quarters within one day
    ];
    // no whole quarter at all: ten minutes around a sale of some days ago, read row by row
    const sale = await s.db
      .selectFrom('orders')
      .select('create_time')
      .where('dealer', '=', 'store_a1')
      .where('pay_status', '=', 'PAID')
      .where('create_time', '<', new Date(midnight - day))
      .orderBy('create_time', 'desc')
      .executeTakeFirstOrThrow();
    const at = new Date(sale.create_time as unknown as string).getTime();
    ranges.push([at - 5 * 60_000, at + 5 * 60_000]);
    for (const [from, to] of ranges) {
      for (const [token, scope] of [
        [admin, {}],
        [brandA, { integrator: 'brand_a' }],
        [storeA1, { dealer: 'store_a1' }],
      ] as const) {
        const r = await s.call('POST', '/dashboard/summary', { token, body: { from, to } });
        expect(r.status).toBe(200);
        expect(r.body.data, `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`).toMatchObject(
          await expected(scope, new Date(from), new Date(to)),
        );
      }
    }
  });

  /** The charts straight from the order rows, as they were computed before the rollups of migration 014. */
  async function expectedCharts(where: { integrator?: string; dealer?: string }, from: Date, to: Date, tz: number) {
    let q = s.db
      .selectFrom('orders')
      .where('create_time', '>=', from)
      .where('create_time', '<=', to)
      .where('pay_status', 'in', ['PAID', 'FREE']);
    if (where.integrator) q = q.where('integrator', '=', where.integrator);
    if (where.dealer) q = q.where('dealer', '=', where.dealer);
    const rows = await q.selectAll().execute();
    // up to two days by the hour, else by the day, in the viewer's zone; every period of the range is there
    const hourly = to.getTime() - from.getTime() <= 2 * 86_400_000;
    const periodOf = (t: number) => {
      const iso = new Date(t - tz * 60_000).toISOString();
      return hourly ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10);
    };
    const sales = new Map<string, { period: string; orders: number; fee: number; refund_fee: number }>();
    for (let t = from.getTime(); t <= to.getTime() + 3600_000; t += 3600_000) {
      const period = periodOf(Math.min(t, to.getTime()));
      sales.set(period, { period, orders: 0, fee: 0, refund_fee: 0 });
    }
    const types = new Map<string, { type: string; orders: number; fee: number }>();
    const top = new Map<string, { code: string; quantity: number; fee: number }>();
    for (const o of rows) {
      const period = periodOf(new Date(o.create_time as unknown as string).getTime());
      const d = sales.get(period)!;
      sales.set(period, {
        period,
        orders: d.orders + 1,
        fee: d.fee + o.amount,
        refund_fee: d.refund_fee + (o.refund_status === 'SUCCESS' ? o.refund_amount : 0),
      });
      const type = o.device_type ?? 'unknown';
      const t = types.get(type) ?? { type, orders: 0, fee: 0 };
      types.set(type, { type, orders: t.orders + 1, fee: t.fee + o.amount });
      for (const i of o.products as Array<{ code: string; price: number; quantity: number }>) {
        const p = top.get(i.code) ?? { code: i.code, quantity: 0, fee: 0 };
        top.set(i.code, { code: i.code, quantity: p.quantity + i.quantity, fee: p.fee + i.quantity * i.price });
      }
    }
    const byPeriod = [...sales.values()].sort((x, y) => x.period.localeCompare(y.period));
    const byType = Object.fromEntries([...types.values()].map((t) => [t.type, t]));
    return {
      sales: byPeriod,
      unit: hourly ? 'hour' : 'day',
      byType,
      top: Object.fromEntries([...top.values()].map((p) => [p.code, p])),
    };
  }

  it('charts equal the sums over the rows at any edges and in any time zone', async () => {
    const day = 86_400_000;
    // older orders change too (this file's own are all in the current hour, which is always read from the rows):
    // a refund of a demo sale of ten days ago, and a sale of twelve days ago set to cancelled by hand in SQL
    const old = (ago: number) =>
      s.db
        .selectFrom('orders')
        .select('_id')
        .where('dealer', '=', 'store_a1')
        .where('pay_status', '=', 'PAID')
        .where('refund_status', 'is', null)
        .where('create_time', '<', new Date(Date.now() - ago * day))
        .orderBy('create_time', 'desc')
        .executeTakeFirstOrThrow();
    const refunded = await old(10);
    const r0 = await s.call('POST', '/order/refund', {
      token: brandA,
      body: { _id: refunded._id, amount: 100, reason: 'old', approve: true },
    });
    expect(r0.status).toBe(200);
    expect(
      (
        await s.db
          .selectFrom('orders')
          .select('refund_status')
          .where('_id', '=', refunded._id)
          .executeTakeFirstOrThrow()
      ).refund_status,
    ).toBe('SUCCESS');
    await s.db
      .updateTable('orders')
      .set({ pay_status: 'CANCEL' })
      .where('_id', '=', (await old(12))._id)
      .execute();
    const midnight = Math.floor(Date.now() / day) * day;
    const ranges: Array<[number, number]> = [
      [Date.now() - 29.3 * day, Date.now() + 60_000],
      [midnight - 40 * day + 1234, midnight - 3 * 3600_000 - 1],
      [midnight + 1000, Date.now() + 60_000], // today: by the hour
      [midnight - 36 * 3600_000 + 777, midnight + 5 * 3600_000], // two days over a midnight: by the hour
    ];
    // UTC, UTC+8, UTC-5, UTC+5:30, UTC+5:45, UTC-9:30
    for (const [from, to] of ranges) await expectAsRows(from, to, [0, -480, 300, -330, -345, 570]);
  });

  /**
   * The charts of [from, to] in each zone `tzs` (and with `figures` the figures) for staff, brand A and store A1,
   * each equal to the sums over the rows.
   */
  async function expectAsRows(from: number, to: number, tzs: number[], figures = false) {
    for (const [token, scope] of [
      [admin, {}],
      [brandA, { integrator: 'brand_a' }],
      [storeA1, { dealer: 'store_a1' }],
    ] as const) {
      const range = `${new Date(from).toISOString()} – ${new Date(to).toISOString()}, ${JSON.stringify(scope)}`;
      if (figures) {
        const r = await s.call('POST', '/dashboard/summary', { token, body: { from, to } });
        expect(r.body.data, range).toMatchObject(await expected(scope, new Date(from), new Date(to)));
      }
      for (const tz of tzs) {
        const r = await s.call('POST', '/dashboard/charts', { token, body: { from, to, tz_offset: tz } });
        expect(r.status).toBe(200);
        const want = await expectedCharts(scope, new Date(from), new Date(to), tz);
        const what = `${range}, tz ${tz}`;
        expect(r.body.data.sales_unit, what).toBe(want.unit);
        expect(r.body.data.sales, what).toEqual(want.sales);
        expect(Object.fromEntries(r.body.data.by_type.map((t: { type: string }) => [t.type, t])), what).toEqual(
          want.byType,
        );
        // the top 10 by quantity, each equal to its row sums
        const tops = r.body.data.top_products as Array<{ code: string; quantity: number; fee: number }>;
        expect(tops.length).toBe(Math.min(10, Object.keys(want.top).length));
        for (const p of tops) expect(p, what).toMatchObject(want.top[p.code]);
        const least = Math.min(...tops.map((p) => p.quantity));
        const shown = new Set(tops.map((p) => p.code));
        for (const p of Object.values(want.top)) if (!shown.has(p.code)) expect(p.quantity).toBeLessThanOrEqual(least);
      }
    }
  }

  it('charts and figures count a sale at the very edge of a range once: in a quarter kept by the minute and in today', async () => {
    const day = 86_400_000;
    const quarter = 900_000;
    const check = (from: number, to: number) => expectAsRows(from, to, [0, -330], true);
    // a sale of some days ago (a closed day: its quarter is kept by the minute), each end of a range on it
    const past = await soldInStoreA1(Date.now() - 5 * day, Date.now() - 3 * day, 'asc');
    const t = new Date(past.create_time as unknown as string).getTime();
    for (const [from, to] of [
      [t, Date.now() + 60_000],
      [t + 1, Date.now() + 60_000],
      [t - 20 * 3600_000, t - 1],
      [t - 20 * 3600_000, t],
    ])
      await check(from, to);
    // two sales moved to today's later quarters (now's + 1 h and + 2 h), late and early in theirs, each end of a
    // range on them: a range ending before now reads its last quarter from the rollups and takes the sales after
    // its end away (the order-by-order side holds minutes up to now, the other none)
    const moved = await Promise.all(
      [7, 6].map((ago) => soldInStoreA1(Date.now() - (ago + 1) * day, Date.now() - ago * day, 'asc')),
    );
    const base = Math.floor(Date.now() / quarter) * quarter;
    const [late, early] = [base + 3600_000 + 12 * 60_000 + 500, base + 2 * 3600_000 + 2 * 60_000 + 500];
    const move = (id: string, at: Date) =>
      s.db.updateTable('orders').set({ create_time: at }).where('_id', '=', id).execute();
    await move(moved[0]._id, new Date(late));
    await move(moved[1]._id, new Date(early));
    const midnight = Math.floor(Date.now() / day) * day;
    try {
      for (const [from, to] of [
        [midnight + 1000, late - 1],
        [midnight + 1000, late],
        [early, early + 3 * 3600_000],
        [early + 1, early + 3 * 3600_000],
      ])
        await check(from, to);
    } finally {
      for (const o of moved) await move(o._id, new Date(o.create_time as unknown as string));
    }
  });

  /** Brand A's charts of [from, to] in UTC+8, checked against the rows; answers their sales. */
  async function chartsAsRows(from: number, to: number, what: string) {
    const r = await s.call('POST', '/dashboard/charts', { token: brandA, body: { from, to, tz_offset: -480 } });
    const want = await expectedCharts({ integrator: 'brand_a' }, new Date(from), new Date(to), -480);
    expect(r.body.data.sales, what).toEqual(want.sales);
    expect(Object.fromEntries(r.body.data.by_type.map((t: { type: string }) => [t.type, t])), what).toEqual(
      want.byType,
    );
    for (const p of r.body.data.top_products) expect(p, what).toMatchObject(want.top[p.code]);
    return r.body.data.sales as Array<{ period: string; fee: number; refund_fee: number }>;
  }

  /** The first (asc) or last (desc) paid, unrefunded sale of store A1 created in (after, before). */
  const soldInStoreA1 = (after: number, before: number, order: 'asc' | 'desc') =>
    s.db
      .selectFrom('orders')
      .select(['_id', 'create_time'])
      .where('dealer', '=', 'store_a1')
      .where('pay_status', '=', 'PAID')
      .where('refund_status', 'is', null)
      .where('create_time', '>', new Date(after))
      .where('create_time', '<', new Date(before))
      .orderBy('create_time', order)
      .executeTakeFirstOrThrow();

  /** 100 of a sale refunded through the API, then another sale (chosen after the refund) cancelled by hand in SQL. */
  async function refundAndCancel(refunded: string, cancelled: () => Promise<string>) {
    const r = await s.call('POST', '/order/refund', {
      token: brandA,
      body: { _id: refunded, amount: 100, reason: 'kept', approve: true },
    });
    expect(r.status).toBe(200);
    await s.db
      .updateTable('orders')
      .set({ pay_status: 'CANCEL' })
      .where('_id', '=', await cancelled())
      .execute();
  }

  it('charts of whole past days the server keeps follow a change to those days at once', async () => {
    const day = 86_400_000;
    const [from, to] = [Date.now() - 20.4 * day, Date.now() + 60_000];
    const same = (what: string) => chartsAsRows(from, to, what);
    const before = await same('first call: the whole days are computed and kept');
    // a sale of eight days ago refunded, one of six days ago cancelled by hand in SQL: days the server has kept
    const old = (ago: number) => soldInStoreA1(0, Date.now() - ago * day, 'desc');
    await refundAndCancel((await old(8))._id, async () => (await old(6))._id);
    const after = await same('after the changes');
    expect(after.reduce((t, d) => t + d.refund_fee, 0)).toBe(before.reduce((t, d) => t + d.refund_fee, 0) + 100);
    expect(after.reduce((t, d) => t + d.fee, 0)).toBeLessThan(before.reduce((t, d) => t + d.fee, 0));
  });

  it('charts and figures of the partial days before today the server keeps by the quarter and by the minute follow a change to them at once', async () => {
    const day = 86_400_000;
    const quarter = 900_000;
    // a sold demo order some days ago, and one sold after it, a few hours later (store A1)
    const sale = (after: number, before: number) => soldInStoreA1(after, before, 'asc');
    const first = await sale(Date.now() - 15 * day, Date.now() - 3 * day);
    const at = new Date(first.create_time as unknown as string).getTime();
    const second = await sale(at, at + 20 * 3600_000);
    // by the day, from the first sale's quarter hour on (its local day is the range's partial first day); by the
    // hour, the day around the second (UTC days before today, all of them)
    const days = [Math.floor(at / quarter) * quarter - 1, Date.now() + 60_000] as const;
    const hours = [at - 3600_000, at + 30 * 3600_000] as const;
    // from the minute before the first sale's: its quarter's minutes kept (unless that minute starts the quarter)
    const minutes = [Math.floor(at / 60_000) * 60_000 - 1, Date.now() + 60_000] as const;
    const total = (xs: Array<{ fee: number; refund_fee: number }>, k: 'fee' | 'refund_fee') =>
      xs.reduce((t, d) => t + d[k], 0);
    const before = await chartsAsRows(...days, 'by the day: the partial first day read and kept');
    const beforeHours = await chartsAsRows(...hours, 'by the hour: the days read and kept');
    const beforeMinutes = await chartsAsRows(...minutes, 'the first quarter by the minute: read and kept');
    // the figures of the same range read the same kept quarter
    const figures = async () => {
      const r = await s.call('POST', '/dashboard/summary', {
        token: brandA,
        body: { from: minutes[0], to: minutes[1] },
      });
      expect(r.body.data).toMatchObject(
        await expected({ integrator: 'brand_a' }, new Date(minutes[0]), new Date(minutes[1])),
      );
      return r.body.data as { refund_fee: number };
    };
    const figuresBefore = await figures();
    await refundAndCancel(first._id, async () => second._id);
    expect((await figures()).refund_fee).toBe(figuresBefore.refund_fee + 100);
    const after = await chartsAsRows(...days, 'by the day, after the changes');
    expect(total(await chartsAsRows(...minutes, 'by the minute, after the changes'), 'refund_fee')).toBe(
      total(beforeMinutes, 'refund_fee') + 100,
    );
    expect(total(after, 'refund_fee')).toBe(total(before, 'refund_fee') + 100);
    expect(total(after, 'fee')).toBeLessThan(total(before, 'fee'));
    expect(total(await chartsAsRows(...hours, 'by the hour, after the changes'), 'fee')).toBeLessThan(
      total(beforeHours, 'fee'),
    );
  });

  it('rollups rebuilt in one pass from the orders (a bulk load) equal those the triggers kept through every change', async () => {
    // the rows that hold something (a trigger leaves a row at zero when its last order leaves it)
    const kept = async () => ({
      daily: (
        await sql`SELECT * FROM orders_daily WHERE orders <> 0 OR refund_orders <> 0 ORDER BY integrator, dealer, day`.execute(
          s.db,
        )
      ).rows,
      quarters: (
        await sql`SELECT * FROM orders_quarters WHERE orders[96] <> 0 OR refund_orders[96] <> 0 ORDER BY integrator, dealer, day, device_type`.execute(
          s.db,
        )
      ).rows,
      products: (
        await sql`SELECT * FROM orders_products_daily WHERE quantity <> 0 ORDER BY integrator, dealer, day, code`.execute(
          s.db,
        )
      ).rows,
      productQuarters: (
        await sql`SELECT * FROM orders_products_quarters WHERE quantity[96] <> 0 ORDER BY integrator, dealer, day, code`.execute(
          s.db,
        )
      ).rows,
    });
    const before = await kept();
    expect(before.quarters.length).toBeGreaterThan(0);
    await sql`SELECT orders_rollups_rebuild()`.execute(s.db);
    expect(await kept()).toEqual(before);
  });

  it('charts sales by day, by robot type, top products and robots by state within the scope', async () => {
    const r = await s.call('POST', '/dashboard/charts', {
      token: brandB,
      body: { from: T0.getTime(), to: Date.now() + 60_000, tz_offset: -480 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.sales.reduce((t: number, d: { fee: number }) => t + d.fee, 0)).toBe(8000);
    expect(r.body.data.by_type).toEqual([{ type: 'icecream', orders: 2, fee: 8000 }]);
    expect(r.body.data.top_products).toEqual([{ code: 'NOODLE', name: 'P NOODLE', quantity: 4, fee: 8000 }]);
    const robotsB = r.body.data.robots.reduce((t: number, x: { count: number }) => t + x.count, 0);
    const own = await s.db
      .selectFrom('device')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('integrator', '=', 'brand_b')
      .executeTakeFirstOrThrow();
    expect(robotsB).toBe(own.n);
  });

  it('refuses a dashboard without the order permission or with a bad range', async () => {
    const bad = [
      { from: 'yesterday', to: Date.now() },
      { from: Date.now(), to: Date.now() - 1000 },
      { to: Date.now() },
      { from: 0, to: Date.now(), tz_offset: 99999 },
    ];
    for (const body of bad)
      expect((await s.call('POST', '/dashboard/summary', { token: admin, body })).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await s.call('POST', '/dashboard/summary', { body: { from: 0, to: 1 } })).status).toBe(401);
  });

  it('keeps orders and refunds of one brand out of another brand and other stores', async () => {
    const aOrder = (await paidSale('ORD-A1-002', cone, 1, 1200)).body.data._id;
    const bOrder = (await paidSale('ORD-B1-001', noodle, 1, 2000)).body.data._id;
    const listB = await s.call('POST', '/order/list', { token: brandB, body: { pageSize: 500 } });
    expect(listB.body.data.list.every((o: { integrator: string }) => o.integrator === 'brand_b')).toBe(true);
    expect(listB.body.data.list.map((o: { _id: string }) => o._id)).toContain(bOrder);
    expect((await s.call('GET', `/order/detail/${aOrder}`, { token: brandB })).status).toBe(404);
    expect(
      (await s.call('POST', '/order/refund', { token: brandB, body: { _id: aOrder, amount: 100, reason: 'x' } }))
        .status,
    ).toBe(404);
    const storeA2 = await s.login('store-a2');
    expect((await s.call('GET', `/order/detail/${aOrder}`, { token: storeA2 })).status).toBe(404);
    const listA2 = (await s.call('POST', '/order/list', { token: storeA2, body: { pageSize: 500 } })).body.data;
    expect(listA2.list.every((o: { dealer: string }) => o.dealer === 'store_a2')).toBe(true);
    expect(listA2.total).toBe(
      (
        await s.db
          .selectFrom('orders')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('dealer', '=', 'store_a2')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const refund = (
      await s.call('POST', '/order/refund', { token: brandB, body: { _id: bOrder, amount: 100, reason: 'B refund' } })
    ).body.data.refund;
    expect((await s.call('GET', `/refund/detail/${refund._id}`, { token: brandA })).status).toBe(404);
    const refundsA = await s.call('POST', '/refund/list', { token: brandA, body: { pageSize: 500 } });
    expect(refundsA.body.data.list.every((r: { integrator: string }) => r.integrator === 'brand_a')).toBe(true);
    expect(
      (await s.call('POST', '/refund/reject', { token: brandA, body: { _id: refund._id, reason: 'mine now' } })).status,
    ).toBe(404);
    // filters of the list: pickup code, pay status, time range
    const code = (
      await s.db.selectFrom('orders').select('pickup_code').where('_id', '=', aOrder).executeTakeFirstOrThrow()
    ).pickup_code;
    const byCode = await s.call('POST', '/order/list', { token: brandA, body: { filter: { pickup_code: code } } });
    expect(byCode.body.data.list.map((o: { _id: string }) => o._id)).toContain(aOrder);
    const waiting = await s.call('POST', '/order/list', {
      token: admin,
      body: { filter: { pay_status: 'WAITPAY', create_time_gte: Date.now() - 3600_000 } },
    });
    expect(waiting.body.data.list.every((o: { pay_status: string }) => o.pay_status === 'WAITPAY')).toBe(true);
  });
});
