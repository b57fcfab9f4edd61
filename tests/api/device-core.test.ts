// Robots' core: the key issued once and kept as a hash, the gateway refusing wrong keys, unbinding.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

const robot = (over: object = {}) => ({
  device_id: 'ICE-0001',
  name: 'Cone bot',
  sn: 'SN-1',
  type: 'icecream',
  category: 'dessert',
  dealer: 'store_a1',
  ...over,
});

it('answers the device key once, on creation, and keeps only its hash', async () => {
  const r = await s.call('POST', '/device/add', { token: admin, body: robot() });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({
    device_id: 'ICE-0001',
    integrator: 'brand_a',
    dealer: 'store_a1',
    online: false,
    state: 'unknown',
  });
  expect(r.body.data.device_key).toMatch(/^[\w-]{30,}$/);
  const again = await s.call('GET', `/device/detail/${r.body.data._id}`, { token: admin });
  expect(again.body.data).not.toHaveProperty('device_key');
  expect(again.body.data).not.toHaveProperty('key_hash');
  const row = await s.db
    .selectFrom('device')
    .select('key_hash')
    .where('_id', '=', r.body.data._id)
    .executeTakeFirstOrThrow();
  expect(row.key_hash).not.toContain(r.body.data.device_key);
});

it('holds the device id to 8-18 characters and unique', async () => {
  for (const [id, status] of [
    ['ICE-007', 400],
    ['ICE-0008', 200],
    ['X'.repeat(18), 200],
    ['X'.repeat(19), 400],
    ['ICE-0008', 409],
  ] as const) {
    const r = await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: id }) });
    expect(r.status, id).toBe(status);
  }
});

it('refuses the gateway without the right key, and logs the refusal; rotation replaces the key', async () => {
  const r = await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: 'ICE-GATE1' }) });
  const key = r.body.data.device_key;
  const gw = (k: string) =>
    s.call('GET', '/device-gateway/ping', { headers: { 'X-Device-Id': 'ICE-GATE1', 'X-Device-Key': k } });
  expect((await gw('wrong-key')).status).toBe(401);
  expect((await s.call('GET', '/device-gateway/ping')).status).toBe(401);
  expect((await gw(key)).status).toBe(404); // authenticated; no such call
  const refused = await s.db.selectFrom('log').selectAll().where('action', '=', 'gateway_refused').execute();
  expect(refused.length).toBeGreaterThanOrEqual(1);
  const rotated = await s.call('POST', '/device/rotate_key', { token: admin, body: { _id: r.body.data._id } });
  expect(rotated.body.data.device_key).not.toBe(key);
  expect((await gw(key)).status).toBe(401);
  expect((await gw(rotated.body.data.device_key)).status).toBe(404);
});

it('unbinds a robot from its store: the store no longer sees it, the brand still does', async () => {
  const r = await s.call('POST', '/device/add', { token: admin, body: robot({ device_id: 'ICE-UNBIND' }) });
  const store = await s.login('store-a1');
  expect((await s.call('GET', `/device/detail/${r.body.data._id}`, { token: store })).status).toBe(200);
  const u = await s.call('POST', '/device/unbind', { token: await s.login('brand-a'), body: { _id: r.body.data._id } });
  expect(u.body.data).toMatchObject({ dealer: null, integrator: 'brand_a' });
  expect((await s.call('GET', `/device/detail/${r.body.data._id}`, { token: store })).status).toBe(404);
  expect((await s.call('POST', '/device/unbind', { token: admin, body: { _id: r.body.data._id } })).status).toBe(409);
});

it('keeps a brand account to its own robots', async () => {
  const brandB = await s.login('brand-b');
  const list = await s.call('POST', '/device/list', { token: brandB, body: { pageSize: 100 } });
  expect(list.body.data.total).toBeGreaterThan(0);
  expect(list.body.data.list.every((d: { integrator: string }) => d.integrator === 'brand_b')).toBe(true);
  const brandARobot = await s.db
    .selectFrom('device')
    .select('_id')
    .where('integrator', '=', 'brand_a')
    .executeTakeFirstOrThrow();
  expect((await s.call('GET', `/device/detail/${brandARobot._id}`, { token: brandB })).status).toBe(404);
  expect(
    (
      await s.call('POST', '/device/add', {
        token: brandB,
        body: robot({ device_id: 'B-INTRUDER', dealer: 'store_a1' }),
      })
    ).status,
  ).toBe(403);
  const mine = await s.call('POST', '/device/add', {
    token: brandB,
    body: robot({ device_id: 'B-OWN-001', dealer: undefined }),
  });
  expect(mine.body.data).toMatchObject({ integrator: 'brand_b', dealer: null });
});
