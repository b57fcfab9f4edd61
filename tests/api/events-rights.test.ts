// Live streams follow the account's rights (docs/api.md "Live events"): a stream opened with `order_list`
// stops delivering orders once set_roles takes it away, and any change of rights (freeze, role edit,
// password change, logout) ends the stream so the browser reconnects with what it holds now.
import { startTestServer, type TestServer } from '../support/server';
import { openEvents } from '../support/sse';
import { DEMO_PASSWORD } from '../../server/db/seed';

let s: TestServer;
let admin: string;
let robot: { 'X-Device-Id': string; 'X-Device-Key': string };
let product: string;
let tx = 0;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  const made = await s.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'RIGHTS-01',
      name: 'Bot',
      sn: 'SN-R1',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  robot = { 'X-Device-Id': 'RIGHTS-01', 'X-Device-Key': made.body.data.device_key };
  const p = await s.call('POST', '/product/add', {
    token: admin,
    body: { code: 'RCONE', name: 'Cone', price: 1000, type: 'icecream', number: 1, dealer: 'store_a1', stock: -1 },
  });
  product = p.body.data._id;
  // A brand role without the order list.
  const role = await s.call('POST', '/role/add', {
    token: admin,
    body: {
      _id: 'brand_devices',
      display_name: 'Brand devices',
      account_type: 'INTEGRATOR',
      authorizations: ['device_list'],
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
});
afterAll(() => s?.close());

const sale = async () => {
  const r = await s.call('POST', '/device-gateway/order', {
    headers: robot,
    body: {
      channel: 'APP',
      items: [{ product, quantity: 1 }],
      pay: { pay_type: 'WECHAT', transaction_id: `R${++tx}`, amount: 1000 },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
};

it('after set_roles removes order_list, the stream delivers no more order.created', async () => {
  const brandA = await s.login('brand-a');
  const stream = await openEvents(s.url, brandA);
  try {
    const first = await sale();
    await stream.next((e) => e.event === 'order.created' && e.data._id === first);
    expect(
      (await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'brand-a', roles: ['brand_devices'] } }))
        .status,
    ).toBe(200);
    await stream.ended;
    const second = await sale();
    // The same token, reconnecting as the browser does, is now refused the orders too.
    const again = await openEvents(s.url, brandA);
    const third = await sale();
    await new Promise((r) => setTimeout(r, 300)); // let the server hand out what it would
    again.close();
    const orders = [...stream.events, ...again.events]
      .filter((e) => e.event === 'order.created')
      .map((e) => e.data._id);
    expect(orders).toEqual([first]);
    expect(orders).not.toContain(second);
    expect(orders).not.toContain(third);
    expect((await s.call('POST', '/order/list', { token: brandA, body: {} })).status).toBe(403);
  } finally {
    stream.close();
    await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'brand-a', roles: ['integrator_admin'] } });
  }
});

it('a role edit, a freeze, a password change and a logout each end the streams they concern, and only those', async () => {
  const storeA1 = await s.login('store-a1');
  const bystander = await openEvents(s.url, admin); // concerned by none of the changes below
  const cases: Array<[string, () => Promise<unknown>]> = [
    [
      'role edit',
      () =>
        s.call('POST', '/role/edit', {
          token: admin,
          body: { _id: 'brand_devices', authorizations: ['device_list', 'order_list'] },
        }),
    ],
    ['freeze', () => s.call('POST', '/user/freeze', { token: admin, body: { _id: 'brand-b' } })],
    [
      'password change',
      () =>
        s.call('POST', '/user/password', {
          token: storeA1,
          body: { old_password: DEMO_PASSWORD, password: 'Changed12345' },
        }),
    ],
  ];
  expect(
    (await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'brand-a', roles: ['brand_devices'] } }))
      .status,
  ).toBe(200);
  const streams = {
    'role edit': await openEvents(s.url, await s.login('brand-a')),
    freeze: await openEvents(s.url, await s.login('brand-b')),
    'password change': await openEvents(s.url, storeA1),
  } as Record<string, Awaited<ReturnType<typeof openEvents>>>;
  for (const [name, change] of cases) {
    await change();
    await streams[name].ended;
  }
  const own = await s.login('provider');
  const mine = await openEvents(s.url, own);
  expect((await s.call('GET', '/auth/logout', { token: own })).status).toBe(200);
  await mine.ended;
  // The bystander's stream is still open: a sale reaches it.
  const id = await sale();
  await bystander.next((e) => e.event === 'order.created' && e.data._id === id);
  bystander.close();
  await s.call('POST', '/user/unfreeze', { token: admin, body: { _id: 'brand-b' } });
  await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'brand-a', roles: ['integrator_admin'] } });
});
