// Products, templates, stock, copying between stores, product groups and the robots' menu, over the real
// server and database.
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { takeStock, returnStock } from '../../server/features/catalog/stock';
import { ApiError } from '../../server/http/errors';

let s: TestServer;
let admin: string;
let brandA: string;
let storeA1: string;
let storeA2: string;
let brandB: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, storeA1, storeA2, brandB] = await Promise.all(
    ['admin', 'brand-a', 'store-a1', 'store-a2', 'brand-b'].map((u) => s.login(u)),
  );
});
afterAll(() => s?.close());

let seq = 0;
const nextCode = () => `T${Date.now().toString(36).slice(-5)}${++seq}`;
const product = (over: object = {}) => ({
  code: nextCode(),
  name: 'Vanilla cone',
  price: 1200,
  type: 'icecream',
  number: 1,
  dealer: 'store_a1',
  ...over,
});
const properties = [
  {
    code: 'size',
    name: 'Size',
    hide: false,
    options: [
      { code: 'small', name: 'Small', price: 0, type: 'size' },
      { code: 'large', name: 'Large', price: 300, type: 'size' },
    ],
  },
  {
    code: 'topping',
    name: 'Topping',
    hide: false,
    options: [
      { code: 'choco', name: 'Chocolate', price: 150 },
      { code: 'nuts', name: 'Nuts', price: 100 },
    ],
  },
];
async function add(body: object, token = admin) {
  const r = await s.call('POST', '/product/add', { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

describe('products', () => {
  it('holds code and name to 2-20 characters, at both edges', async () => {
    for (const [field, value, status] of [
      ['code', 'A', 400],
      ['code', 'AB', 200],
      ['code', `C${'X'.repeat(19)}`, 200],
      ['code', `C${'X'.repeat(20)}`, 400],
      ['code', 'has space', 400],
      ['name', 'A', 400],
      ['name', 'AB', 200],
      ['name', 'N'.repeat(20), 200],
      ['name', 'N'.repeat(21), 400],
    ] as const) {
      const body = product(field === 'code' ? { code: value } : { name: value });
      const r = await s.call('POST', '/product/add', { token: admin, body });
      expect(r.status, `${field}=${value}`).toBe(status);
      if (status === 400) expect(r.body.errors?.[field]).toBeTruthy();
    }
  });

  it('keeps prices in cents, stock unlimited by default, and refuses a duplicate code in the same store only', async () => {
    const p = await add(product({ code: 'DUP-1', price: 1250 }));
    expect(p).toMatchObject({
      price: 1250,
      stock: -1,
      warn_stock: 0,
      freeze: false,
      integrator: 'brand_a',
      dealer: 'store_a1',
      properties: [],
    });
    const again = await s.call('POST', '/product/add', { token: admin, body: product({ code: 'DUP-1' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('DUP-1');
    await add(product({ code: 'DUP-1', dealer: 'store_a2' }));
    for (const price of [-1, 12.5, 'abc']) {
      expect(
        (await s.call('POST', '/product/add', { token: admin, body: product({ price }) })).status,
        String(price),
      ).toBe(400);
    }
  });

  it('round-trips nested properties and options, and checks each at its edges', async () => {
    const p = await add(product({ properties }));
    const read = await s.call('GET', `/product/detail/${p._id}`, { token: admin });
    expect(read.body.data.properties).toEqual([
      { ...properties[0], options: properties[0].options.map((o) => ({ ...o })) },
      { ...properties[1], options: properties[1].options.map((o) => ({ ...o, type: null })) },
    ]);
    const edited = properties.map((x, i) =>
      i === 0
        ? { ...x, hide: true, options: [...x.options, { code: 'xl', name: 'Extra large', price: 500, type: 'size' }] }
        : x,
    );
    const e = await s.call('POST', '/product/edit', { token: admin, body: { _id: p._id, properties: edited } });
    expect(e.status).toBe(200);
    expect(e.body.data.properties[0].hide).toBe(true);
    expect(e.body.data.properties[0].options.map((o: { code: string }) => o.code)).toEqual(['small', 'large', 'xl']);

    const bad: Array<[unknown, string]> = [
      [[{ code: 'x', name: 'Size', options: [] }], 'Property 1'],
      [[{ code: 'x'.repeat(21), name: 'Size', options: [] }], 'Property 1'],
      [[{ code: 'size', name: 'S', options: [] }], 'Property 1'],
      [[{ code: 'size', name: 'Size', options: [{ code: 'ok', name: 'N', price: 0 }] }], 'option 1'],
      [[{ code: 'size', name: 'Size', options: [{ code: 'ok', name: 'Fine', price: -5 }] }], 'option 1'],
      [[{ code: 'size', name: 'Size', options: [{ code: 'ok', name: 'Fine', price: 1.5 }] }], 'option 1'],
      [
        [
          { code: 'size', name: 'Size', options: [] },
          { code: 'size', name: 'Again', options: [] },
        ],
        'Property 2',
      ],
      ['not a list', 'Properties'],
    ];
    for (const [value, text] of bad) {
      const r = await s.call('POST', '/product/edit', { token: admin, body: { _id: p._id, properties: value } });
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect(r.body.message).toContain(text);
    }
    const edge = [{ code: 'ab', name: 'N'.repeat(20), options: [{ code: 'c'.repeat(20), name: 'ab', price: 0 }] }];
    expect(
      (await s.call('POST', '/product/edit', { token: admin, body: { _id: p._id, properties: edge } })).status,
    ).toBe(200);
    const zh = await s.call('POST', '/product/edit', {
      token: admin,
      lang: 'zh',
      body: { _id: p._id, properties: [{ code: 'x', name: 'Size' }] },
    });
    expect(zh.body.message).toContain('属性 1');
  });

  it('sells only on robots of its own store', async () => {
    const robot = await s.call('POST', '/device/add', {
      token: admin,
      body: {
        device_id: 'CAT-ROBOT-A2',
        name: 'A2 bot',
        sn: 'SN',
        type: 'icecream',
        category: 'x',
        dealer: 'store_a2',
      },
    });
    const r = await s.call('POST', '/product/add', { token: admin, body: product({ devices: [robot.body.data._id] }) });
    expect(r.status).toBe(400);
    expect(r.body.errors?.devices).toBeTruthy();
    await add(product({ devices: [robot.body.data._id], dealer: 'store_a2' }));
  });

  it('keeps store and brand accounts to their tenant', async () => {
    const mine = await add(product(), storeA1);
    expect(mine.dealer).toBe('store_a1');
    const other = await add(product({ dealer: 'store_a2' }));
    expect((await s.call('GET', `/product/detail/${other._id}`, { token: storeA1 })).status).toBe(404);
    expect(
      (await s.call('POST', '/product/edit', { token: storeA1, body: { _id: other._id, name: 'Taken' } })).status,
    ).toBe(404);
    expect(
      (await s.call('POST', '/product/add', { token: storeA1, body: product({ dealer: 'store_a2' }) })).status,
    ).toBe(403);
    expect((await s.call('GET', `/product/detail/${mine._id}`, { token: brandB })).status).toBe(404);
    const list = await s.call('POST', '/product/list', { token: storeA1, body: { pageSize: 500 } });
    expect(list.body.data.list.every((p: { dealer: string }) => p.dealer === 'store_a1')).toBe(true);
    expect(
      (await s.call('POST', '/product/list', { token: brandA, body: { filter: { dealer: 'store_b1' } } })).body.data
        .total,
    ).toBe(0);
    // A product never moves to another store.
    expect(
      (await s.call('POST', '/product/edit', { token: admin, body: { _id: mine._id, dealer: 'store_a2' } })).status,
    ).toBe(400);
  });

  it('lists and unlists (freeze)', async () => {
    const p = await add(product());
    const f = await s.call('POST', '/product/freeze', { token: storeA1, body: { _id: p._id } });
    expect(f.body.data.freeze).toBe(true);
    expect((await s.call('POST', '/product/freeze', { token: storeA1, body: { _id: p._id } })).status).toBe(409);
    expect((await s.call('POST', '/product/unfreeze', { token: storeA1, body: { _id: p._id } })).body.data.freeze).toBe(
      false,
    );
  });
});

describe('templates', () => {
  it('belong to a brand and fill a product form (import)', async () => {
    const t = await s.call('POST', '/template/add', {
      token: brandA,
      body: {
        code: 'TPL-LATTE',
        name: 'Latte',
        price: 1800,
        type: 'coffee',
        number: 3,
        integrator: 'brand_a',
        properties,
      },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    // The brand's stores read its templates; another brand does not.
    const seen = await s.call('POST', '/template/list', { token: storeA1, body: { filter: { q: 'TPL-LATTE' } } });
    expect(seen.body.data.list.map((x: { code: string }) => x.code)).toEqual(['TPL-LATTE']);
    expect((await s.call('GET', `/template/detail/${t.body.data._id}`, { token: brandB })).status).toBe(404);
    expect(
      (
        await s.call('POST', '/template/add', {
          token: brandB,
          body: { code: 'TPL-X', name: 'Latte', price: 1, type: 'coffee', number: 1, integrator: 'brand_a' },
        })
      ).status,
    ).toBe(403);
    // Importing: what the form does — read the template, post it as a product of the store.
    const tpl = (await s.call('GET', `/template/detail/${t.body.data._id}`, { token: storeA1 })).body.data;
    const { _id, integrator, create_time, ...fields } = tpl;
    const p = await add({ ...fields, dealer: 'store_a1' }, storeA1);
    expect(p).toMatchObject({
      code: 'TPL-LATTE',
      name: 'Latte',
      price: 1800,
      type: 'coffee',
      number: 3,
      stock: -1,
      properties: tpl.properties,
    });
    expect(p._id).not.toBe(_id);
    expect(integrator).toBe('brand_a');
    expect(create_time).toBeTruthy();
    // A template's nested properties are checked as a product's are.
    const bad = await s.call('POST', '/template/edit', {
      token: brandA,
      body: { _id: t.body.data._id, properties: [{ code: 'x', name: 'Size' }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('stock', () => {
  it('adjusts to a whole number ≥ -1 only: abc, 1.5 and -2 are refused, -1 is unlimited', async () => {
    const p = await add(product({ stock: 5 }));
    for (const stock of ['abc', '1.5', 1.5, -2, '-2', '', null, 1_000_001]) {
      const r = await s.call('POST', '/product/stock', { token: storeA1, body: { _id: p._id, stock } });
      expect(r.status, String(stock)).toBe(400);
      expect(r.body.errors?.stock, String(stock)).toBeTruthy();
    }
    expect((await s.call('GET', `/product/detail/${p._id}`, { token: admin })).body.data.stock).toBe(5);
    const unlimited = await s.call('POST', '/product/stock', { token: storeA1, body: { _id: p._id, stock: -1 } });
    expect(unlimited.status).toBe(200);
    expect(unlimited.body.data.stock).toBe(-1);
    expect(
      (await s.call('POST', '/product/stock', { token: storeA1, body: { _id: p._id, stock: '7' } })).body.data.stock,
    ).toBe(7);
    expect(
      (await s.call('POST', '/product/stock', { token: storeA1, body: { _id: p._id, stock: 0 } })).body.data.stock,
    ).toBe(0);
    const logs = await s.db
      .selectFrom('log')
      .select(['action', 'after'])
      .where('record', '=', p._id)
      .where('action', '=', 'stock')
      .execute();
    expect(logs.length).toBe(3);
    // Not through the edit form: stock changes only through the stock calls and sales.
    expect((await s.call('POST', '/product/edit', { token: storeA1, body: { _id: p._id, stock: 99 } })).status).toBe(
      400,
    );
  });

  it('restocks by a positive quantity, refuses 0, negatives and unlimited stock', async () => {
    const p = await add(product({ stock: 2 }));
    for (const quantity of [0, -3, 'x', 2.5]) {
      expect(
        (await s.call('POST', '/product/restock', { token: storeA1, body: { _id: p._id, quantity } })).status,
        String(quantity),
      ).toBe(400);
    }
    expect(
      (await s.call('POST', '/product/restock', { token: storeA1, body: { _id: p._id, quantity: 8 } })).body.data.stock,
    ).toBe(10);
    const u = await add(product());
    const r = await s.call('POST', '/product/restock', { token: storeA1, body: { _id: u._id, quantity: 1 } });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/unlimited/);
  });

  it('needs the stock authorization and the tenant', async () => {
    const p = await add(product({ dealer: 'store_a2', stock: 3 }));
    expect((await s.call('POST', '/product/stock', { token: storeA1, body: { _id: p._id, stock: 1 } })).status).toBe(
      404,
    );
    expect((await s.call('POST', '/product/stock', { token: storeA2, body: { _id: p._id, stock: 1 } })).status).toBe(
      200,
    );
  });

  it('sells exactly the stock under 50 concurrent sales of a stock of 10', async () => {
    const p = await add(product({ stock: 10, warn_stock: 3 }));
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.db
          .transaction()
          .execute((trx) => takeStock(trx, { productId: p._id, quantity: 1 }))
          .then(() => 'sold')
          .catch((e: unknown) => (e instanceof ApiError ? e.status : String(e))),
      ),
    );
    expect(outcomes.filter((o) => o === 'sold').length).toBe(10);
    expect(outcomes.filter((o) => o === 409).length).toBe(40);
    expect((await s.call('GET', `/product/detail/${p._id}`, { token: admin })).body.data.stock).toBe(0);
    // One warning when it fell to warn_stock (3 left), one when it sold out.
    const msgs = await s.db
      .selectFrom('message')
      .select(['code', 'dealer', 'detail'])
      .where(sql`detail->>'product'`, '=', p._id)
      .orderBy('create_time')
      .execute();
    // (concurrent sales: create_time is each transaction's start, so the two may be stamped in either order)
    expect(msgs.map((m) => m.code).sort()).toEqual([200000, 200003]);
    expect(msgs.map((m) => m.dealer)).toEqual(['store_a1', 'store_a1']);
  });

  it('robots selling over the device API: 50 concurrent sales of a stock of 10 sell exactly 10, the rest get 409', async () => {
    const robot = (
      await s.call('POST', '/device/add', {
        token: admin,
        body: {
          device_id: 'CAT-RUSH-A1',
          name: 'Rush bot',
          sn: 'SN',
          type: 'icecream',
          category: 'x',
          dealer: 'store_a1',
        },
      })
    ).body.data;
    const p = await add(product({ stock: 10, warn_stock: 2 }));
    const sale = () =>
      s.call('POST', '/device-gateway/order', {
        headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': robot.device_key },
        body: { channel: 'APP', items: [{ product: p._id, quantity: 1 }] },
      });
    const answers = await Promise.all(Array.from({ length: 50 }, sale));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200).length).toBe(10);
    expect(statuses.filter((x) => x === 409).length).toBe(40);
    expect(answers.find((a) => a.status === 409)!.body.message).toContain('out of stock');
    expect((await s.call('GET', `/product/detail/${p._id}`, { token: admin })).body.data.stock).toBe(0);
    // Refused sales leave no order behind.
    const orders = await s.db.selectFrom('orders').select('_id').where('device', '=', robot._id).execute();
    expect(orders.length).toBe(10);
  });

  it('takeStock: unlimited stays -1, a short stock is refused with a translated 409, returnStock puts it back', async () => {
    const u = await add(product());
    expect(await s.db.transaction().execute((trx) => takeStock(trx, { productId: u._id, quantity: 3 }))).toEqual({
      stock: -1,
    });
    const p = await add(product({ stock: 2, name: 'Mango cup' }));
    const err = await s.db
      .transaction()
      .execute((trx) => takeStock(trx, { productId: p._id, quantity: 3 }))
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(err.key).toBe('vf.catalog.error.out_of_stock');
    expect(await s.db.transaction().execute((trx) => takeStock(trx, { productId: p._id, quantity: 2 }))).toEqual({
      stock: 0,
    });
    expect(await s.db.transaction().execute((trx) => returnStock(trx, { productId: p._id, quantity: 2 }))).toEqual({
      stock: 2,
    });
    // A rolled-back sale leaves the stock as it was.
    await s.db
      .transaction()
      .execute(async (trx) => {
        await takeStock(trx, { productId: p._id, quantity: 1 });
        throw new Error('payment failed');
      })
      .catch(() => undefined);
    expect((await s.call('GET', `/product/detail/${p._id}`, { token: admin })).body.data.stock).toBe(2);
  });
});

describe('copying products between stores', () => {
  it('copies some or all products, skips what is already there by code, and never duplicates', async () => {
    const a = await add(product({ code: 'CP-ONE', properties, stock: 4 }), storeA1);
    await add(product({ code: 'CP-TWO' }), storeA1);
    await add(product({ code: 'CP-TWO', name: 'Already here', dealer: 'store_a2' }), storeA2);
    const first = await s.call('POST', '/product/copy', {
      token: brandA,
      body: { source: 'store_a1', products: [a._id], targets: ['store_a2'] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.results).toMatchObject([
      { target: 'store_a2', copied: 1, skipped: 0, failed: 0, copied_codes: ['CP-ONE'] },
    ]);
    const copy = (await s.call('POST', '/product/list', { token: storeA2, body: { filter: { code: 'CP-ONE' } } })).body
      .data.list[0];
    expect(copy).toMatchObject({
      dealer: 'store_a2',
      integrator: 'brand_a',
      properties: a.properties,
      price: a.price,
      stock: 4,
      devices: [],
    });

    const before = (await s.call('POST', '/product/list', { token: storeA2, body: { pageSize: 500 } })).body.data.total;
    const all = await s.call('POST', '/product/copy', {
      token: brandA,
      body: { source: 'store_a1', targets: ['store_a2'] },
    });
    const r = all.body.data.results[0];
    expect(r.skipped_codes).toEqual(expect.arrayContaining(['CP-ONE', 'CP-TWO']));
    expect(r.copied + r.skipped).toBe(all.body.data.products);
    // Twice, and twice at once: nothing more.
    const again = await Promise.all(
      [1, 2].map(() =>
        s.call('POST', '/product/copy', { token: brandA, body: { source: 'store_a1', targets: ['store_a2'] } }),
      ),
    );
    for (const x of again) expect(x.body.data.results[0]).toMatchObject({ copied: 0, failed: 0 });
    const after = (await s.call('POST', '/product/list', { token: storeA2, body: { pageSize: 500 } })).body.data.total;
    expect(after).toBe(before + r.copied);
    const codes = await s.db.selectFrom('product').select('code').where('dealer', '=', 'store_a2').execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    // The existing product of the target was left alone.
    expect(
      (await s.call('POST', '/product/list', { token: storeA2, body: { filter: { code: 'CP-TWO' } } })).body.data
        .list[0].name,
    ).toBe('Already here');
  });

  it('answers a result per target: a store outside the tenant or the source itself fails with a reason', async () => {
    const r = await s.call('POST', '/product/copy', {
      token: brandA,
      body: { source: 'store_a1', targets: ['store_b1', 'store_a1', 'store_a2'] },
    });
    expect(r.status).toBe(200);
    const [b1, self, a2] = r.body.data.results;
    expect(b1).toMatchObject({ target: 'store_b1', copied: 0, reason: 'The record does not exist' });
    expect(self).toMatchObject({ target: 'store_a1', copied: 0, reason: 'This is the source store' });
    expect(a2.failed).toBe(0);
    expect(
      await s.db
        .selectFrom('product')
        .select('_id')
        .where('dealer', '=', 'store_b1')
        .where('code', 'like', 'CP-%')
        .execute(),
    ).toEqual([]);
  });

  it('checks the request and the authorization', async () => {
    for (const body of [
      {},
      { source: 'store_a1' },
      { source: 'store_a1', targets: [] },
      { source: 'store_a1', targets: 'store_a2' },
      { source: 'store_a1', targets: ['store_a2'], products: [1] },
    ]) {
      expect((await s.call('POST', '/product/copy', { token: brandA, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await s.call('POST', '/product/copy', { token: brandB, body: { source: 'store_a1', targets: ['store_b1'] } }))
        .status,
    ).toBe(404);
    // Store accounts do not hold product_copy.
    expect(
      (await s.call('POST', '/product/copy', { token: storeA1, body: { source: 'store_a1', targets: ['store_a2'] } }))
        .status,
    ).toBe(403);
  });
});

describe('product groups', () => {
  const group = (over: object = {}) => ({
    name: 'Cones',
    tag: 'hot',
    sortIndex: 1,
    integrator: 'brand_a',
    dealer: 'store_a1',
    ...over,
  });

  it("holds name and tag to 1-20 and sortIndex to 1-999, store required; the brand is always the store's", async () => {
    for (const [over, status] of [
      [{ name: '' }, 400],
      [{ name: 'N' }, 200],
      [{ name: 'N'.repeat(20) }, 200],
      [{ name: 'N'.repeat(21) }, 400],
      [{ tag: '' }, 400],
      [{ tag: 'T'.repeat(20) }, 200],
      [{ tag: 'T'.repeat(21) }, 400],
      [{ sortIndex: 0 }, 400],
      [{ sortIndex: 1 }, 200],
      [{ sortIndex: 999 }, 200],
      [{ sortIndex: 1000 }, 400],
      [{ sortIndex: null }, 400],
      [{ sortIndex: 'x' }, 400],
      [{ dealer: null }, 400],
      [{ integrator: null }, 200],
    ] as const) {
      const r = await s.call('POST', '/product_classify/add', { token: admin, body: group(over) });
      expect(r.status, JSON.stringify(over)).toBe(status);
    }
    // the brand is filled in from the store (declared read-only): another brand sent along is not taken
    const mixed = await s.call('POST', '/product_classify/add', {
      token: admin,
      body: group({ integrator: 'brand_b' }),
    });
    expect(mixed.body.data).toMatchObject({ dealer: 'store_a1', integrator: 'brand_a' });
  });

  it('never changes its store on edit (the §8 message), in every language', async () => {
    const g = (await s.call('POST', '/product_classify/add', { token: brandA, body: group() })).body.data;
    expect(g).toMatchObject({ online: false, hide: false, dealer: 'store_a1' });
    expect(g.create_time).toBeTruthy();
    const r = await s.call('POST', '/product_classify/edit', {
      token: brandA,
      body: { _id: g._id, dealer: 'store_a2' },
    });
    expect(r.status).toBe(400);
    // the declared createOnly rule, with the §8 message, under the store's input
    expect(r.body.errors).toEqual({ dealer: 'The store information of a group cannot be modified' });
    const zh = await s.call('POST', '/product_classify/edit', {
      token: brandA,
      lang: 'zh',
      body: { _id: g._id, dealer: 'store_a2' },
    });
    expect(zh.body.errors).toEqual({ dealer: '分组的门店信息不能修改' });
    expect((await s.call('GET', `/product_classify/detail/${g._id}`, { token: admin })).body.data.dealer).toBe(
      'store_a1',
    );
    // Sending the same store back (as a form does) is fine.
    expect(
      (
        await s.call('POST', '/product_classify/edit', {
          token: brandA,
          body: { _id: g._id, dealer: 'store_a1', name: 'Cones 2' },
        })
      ).status,
    ).toBe(200);
  });

  it('holds products of its own store only, publishes, withdraws and deletes', async () => {
    const mine = await add(product());
    const other = await add(product({ dealer: 'store_a2' }));
    const bad = await s.call('POST', '/product_classify/add', {
      token: admin,
      body: group({ products: [mine._id, other._id] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.products).toBeTruthy();
    const g = (await s.call('POST', '/product_classify/add', { token: storeA1, body: group({ products: [mine._id] }) }))
      .body.data;
    expect(
      (await s.call('POST', '/product_classify/publish', { token: storeA1, body: { _id: g._id } })).body.data.online,
    ).toBe(true);
    expect((await s.call('POST', '/product_classify/publish', { token: storeA1, body: { _id: g._id } })).status).toBe(
      409,
    );
    expect(
      (await s.call('POST', '/product_classify/withdraw', { token: storeA1, body: { _id: g._id } })).body.data.online,
    ).toBe(false);
    expect((await s.call('POST', '/product_classify/delete', { token: storeA2, body: { _id: g._id } })).status).toBe(
      404,
    );
    expect((await s.call('POST', '/product_classify/delete', { token: storeA1, body: { _id: g._id } })).status).toBe(
      200,
    );
    expect((await s.call('GET', `/product_classify/detail/${g._id}`, { token: storeA1 })).status).toBe(404);
  });
});

describe("the robots' menu", () => {
  it("gives the listed, visible, in-stock products of its store's online groups, in order, without hidden properties", async () => {
    // A store of its own: the demo data already gives the demo stores menus of their own.
    const store = (
      await s.call('POST', '/dealer/add', {
        token: admin,
        body: { name: 'Menu test store', description: 'Only this test sells here', integrator: 'brand_b' },
      })
    ).body.data._id as string;
    const robot = (
      await s.call('POST', '/device/add', {
        token: admin,
        body: { device_id: 'MENU-BOT-B1', name: 'Menu bot', sn: 'SN', type: 'icecream', category: 'x', dealer: store },
      })
    ).body.data;
    const other = (
      await s.call('POST', '/device/add', {
        token: admin,
        body: {
          device_id: 'MENU-BOT-B1-2',
          name: 'Other bot',
          sn: 'SN',
          type: 'icecream',
          category: 'x',
          dealer: store,
        },
      })
    ).body.data;
    const gw = (r: { device_id: string; device_key: string }) =>
      s.call('GET', '/device-gateway/menu', { headers: { 'X-Device-Id': r.device_id, 'X-Device-Key': r.device_key } });
    const mk = (over: object) => add(product({ dealer: store, ...over }));
    const withHidden = [{ ...properties[0], hide: true }, properties[1]];
    const cone = await mk({ code: 'M-CONE', name: 'Cone', properties: withHidden, stock: 5 });
    const cup = await mk({ code: 'M-CUP', name: 'Cup' });
    const frozen = await mk({ code: 'M-FROZEN' });
    const hidden = await mk({ code: 'M-HIDDEN', hide: true });
    const soldOut = await mk({ code: 'M-SOLD', stock: 0 });
    const onlyOther = await mk({ code: 'M-OTHER', devices: [other._id] });
    const onlyMe = await mk({ code: 'M-ME', devices: [robot._id] });
    await s.call('POST', '/product/freeze', { token: admin, body: { _id: frozen._id } });
    const groups = async (body: object) =>
      (
        await s.call('POST', '/product_classify/add', {
          token: admin,
          body: { integrator: 'brand_b', dealer: store, tag: 't', ...body },
        })
      ).body.data;
    const second = await groups({ name: 'Second', sortIndex: 20, products: [cup._id, onlyOther._id, onlyMe._id] });
    const first = await groups({
      name: 'First',
      sortIndex: 10,
      products: [soldOut._id, cone._id, frozen._id, hidden._id, cup._id],
    });
    await groups({ name: 'Offline', sortIndex: 5, products: [cup._id] });
    const hiddenGroup = await groups({ name: 'Hidden', sortIndex: 1, products: [cup._id], hide: true });
    for (const g of [first, second, hiddenGroup])
      await s.call('POST', '/product_classify/publish', { token: admin, body: { _id: g._id } });

    const menu = await gw(robot);
    expect(menu.status).toBe(200);
    expect(
      menu.body.data.groups.map((g: { name: string; products: Array<{ code: string }> }) => [
        g.name,
        g.products.map((p) => p.code),
      ]),
    ).toEqual([
      ['First', ['M-CONE', 'M-CUP']],
      ['Second', ['M-CUP', 'M-ME']],
    ]);
    const c = menu.body.data.groups[0].products[0];
    expect(c).toMatchObject({ _id: cone._id, name: 'Cone', price: 1200, stock: 5 });
    expect(c.properties.map((p: { code: string }) => p.code)).toEqual(['topping']);
    expect(c.properties[0].options.map((o: { code: string; price: number }) => [o.code, o.price])).toEqual([
      ['choco', 150],
      ['nuts', 100],
    ]);
    expect((await gw(other)).body.data.groups[1].products.map((p: { code: string }) => p.code)).toEqual([
      'M-CUP',
      'M-OTHER',
    ]);
    // Selling out takes a product off the menu.
    await s.call('POST', '/product/stock', { token: admin, body: { _id: cone._id, stock: 0 } });
    expect((await gw(robot)).body.data.groups[0].products.map((p: { code: string }) => p.code)).toEqual(['M-CUP']);
    expect(
      (
        await s.call('GET', '/device-gateway/menu', {
          headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': 'wrong' },
        })
      ).status,
    ).toBe(401);
  });

  it("is empty for a robot bound to no store, and never shows another store's products", async () => {
    const r = (
      await s.call('POST', '/device/add', {
        token: admin,
        body: { device_id: 'MENU-LONE', name: 'Lone bot', sn: 'SN', type: 'coffee', category: 'x', dealer: 'store_a2' },
      })
    ).body.data;
    await s.call('POST', '/device/unbind', { token: admin, body: { _id: r._id } });
    const m = await s.call('GET', '/device-gateway/menu', {
      headers: { 'X-Device-Id': r.device_id, 'X-Device-Key': r.device_key },
    });
    expect(m.body.data).toEqual({ version: expect.any(String), dealer: null, groups: [] });
  });
});

describe('replenishment: the restock list and the bulk restock', () => {
  type Line = {
    _id: string;
    stock: number;
    warn_stock: number;
    sold_out: boolean;
    reported: number | null;
    version: number;
    dealer: string;
  };
  const lines = async (token: string, filter: object = {}, lang = 'en') => {
    const r = await s.call('POST', '/restock/list', { token, lang, body: { pageSize: 500, filter } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.list as Line[];
  };
  const stockOf = async (id: string) =>
    (await s.db.selectFrom('product').select('stock').where('_id', '=', id).executeTakeFirstOrThrow()).stock as number;
  const apply = (token: string, body: unknown, lang = 'en') => s.call('POST', '/restock/apply', { token, lang, body });
  const low = async (stock: number, warn_stock: number, over: object = {}) =>
    (await add(product({ stock, warn_stock, ...over }))) as { _id: string; version: number };

  it('lists what is at or under warn_stock, sold out first then by lowest ratio, each account only its own stores', async () => {
    const [half, out, third, plenty, unlimited, otherBrand] = [
      await low(1, 2),
      await low(0, 5),
      await low(3, 10),
      await low(50, 5),
      await low(-1, 5),
      await low(0, 3, { dealer: 'store_b1' }),
    ];
    const mine = [half, out, third, plenty, unlimited, otherBrand].map((p) => p._id);
    // sold out first (ties by id), then the lowest stock / warn_stock: 3/10 before 1/2; above warn_stock or unlimited: not listed
    expect((await lines(admin, { _id: mine })).map((l) => l._id)).toEqual([
      ...[out._id, otherBrand._id].sort(),
      third._id,
      half._id,
    ]);
    const a1 = await lines(storeA1, { _id: mine });
    expect(a1.map((l) => l._id)).toEqual([out._id, third._id, half._id]);
    expect(a1[0]).toMatchObject({ sold_out: true, stock: 0 });
    // not sold out is false, not empty: the list's "sold out: no" filter finds the low lines no robot reported
    expect(a1.slice(1).map((l) => l.sold_out)).toEqual([false, false]);
    expect((await lines(storeA1, { _id: mine, sold_out: false })).map((l) => l._id)).toEqual([third._id, half._id]);
    expect((await lines(brandA, { _id: mine })).map((l) => l._id)).toEqual([out._id, third._id, half._id]);
    expect((await lines(brandB, { _id: mine })).map((l) => l._id)).toEqual([otherBrand._id]);
    expect((await lines(storeA2, { _id: mine })).map((l) => l._id)).toEqual([]);
    // the whole list of a brand keeps the order: every sold-out line, then the stock ratio never falls
    const all = await lines(brandA);
    expect(all.every((l) => l.dealer === 'store_a1' || l.dealer === 'store_a2')).toBe(true);
    const firstLow = all.findIndex((l) => !l.sold_out);
    expect(all.slice(firstLow).every((l) => !l.sold_out)).toBe(true);
    const ratios = all.slice(firstLow).map((l) => Math.min(l.stock, l.reported ?? l.stock) / Math.max(l.warn_stock, 1));
    expect(ratios).toEqual([...ratios].sort((x, y) => x - y));
  });

  it('lists a product a robot reports low (stock code 2000xx naming it) until it is restocked', async () => {
    const { raiseMessage } = await import('../../server/features/messages/raise');
    const p = await low(40, 5);
    const robot = await s.db
      .selectFrom('device')
      .select('_id')
      .where('dealer', '=', 'store_a1')
      .executeTakeFirstOrThrow();
    expect(await lines(storeA1, { _id: [p._id] })).toEqual([]);
    await raiseMessage(s.db, {
      code: 200000,
      device: robot._id,
      integrator: 'brand_a',
      dealer: 'store_a1',
      detail: { product: p._id },
    });
    const [line] = await lines(storeA1, { _id: [p._id] });
    expect(line).toMatchObject({ reported: 0, sold_out: true, stock: 40 });
    const r = await apply(storeA1, { lines: [{ _id: p._id, version: line.version, fill_to: 60 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await lines(storeA1, { _id: [p._id] })).toEqual([]);
  });

  it('restocks every line in one call, by quantity or up to a level, never taking stock away, and logs each', async () => {
    const [a, b, c] = [await low(2, 10), await low(1, 10), await low(8, 10)];
    const r = await apply(storeA1, {
      lines: [
        { _id: a._id, version: a.version, quantity: 5 },
        { _id: b._id, version: b.version, fill_to: 20 },
        { _id: c._id, version: c.version, fill_to: 6 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.lines).toMatchObject([
      { _id: a._id, before: 2, stock: 7 },
      { _id: b._id, before: 1, stock: 20 },
      { _id: c._id, before: 8, stock: 8 },
    ]);
    expect([await stockOf(a._id), await stockOf(b._id), await stockOf(c._id)]).toEqual([7, 20, 8]);
    const logs = await s.db
      .selectFrom('log')
      .select(['record', 'operator', 'before', 'after'])
      .where('action', '=', 'restock')
      .where('record', 'in', [a._id, b._id, c._id])
      .execute();
    expect(logs).toHaveLength(3);
    expect(logs.find((l) => l.record === b._id)).toMatchObject({
      operator: 'store-a1',
      before: { stock: 1 },
      after: { stock: 20, fill_to: 20 },
    });
  });

  it('applies all lines or none: one refused line (scope, unlimited, limit, stale) leaves every stock as it was', async () => {
    const good = await low(1, 5);
    const [other, unlimited, full] = [await low(0, 5, { dealer: 'store_b1' }), await low(-1, 5), await low(999_999, 5)];
    const ok = { _id: good._id, version: good.version, quantity: 3 };
    const cases: Array<[string, object, number, string]> = [
      ['another brand', { _id: other._id, version: other.version, quantity: 1 }, 404, 'Line 2: no such product'],
      ['unlimited', { _id: unlimited._id, version: unlimited.version, quantity: 1 }, 409, 'unlimited stock'],
      ['over the limit', { _id: full._id, version: full.version, quantity: 5 }, 400, 'largest stock'],
      ['stale', { _id: full._id, version: full.version + 1, quantity: 1 }, 409, 'reload the list'],
    ];
    for (const [what, second, status, text] of cases) {
      const r = await apply(brandA, { lines: [ok, second] });
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.message).toContain(text);
      expect(await stockOf(good._id), what).toBe(1);
    }
    expect([await stockOf(other._id), await stockOf(unlimited._id), await stockOf(full._id)]).toEqual([0, -1, 999_999]);
    expect(
      await s.db
        .selectFrom('log')
        .select('_id')
        .where('action', '=', 'restock')
        .where('record', '=', good._id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses bad input with a translated 400, and callers without the stock permission with a 403, changing nothing', async () => {
    const p = await low(1, 5);
    const line = { _id: p._id, version: p.version };
    for (const body of [
      null,
      [],
      'x',
      {},
      { lines: [] },
      { lines: {} },
      { lines: [null] },
      { lines: [{ ...line }] },
      { lines: [{ ...line, quantity: 1, fill_to: 5 }] },
      { lines: [{ ...line, quantity: 0 }] },
      { lines: [{ ...line, quantity: 1.5 }] },
      { lines: [{ ...line, quantity: '3' }] },
      { lines: [{ ...line, fill_to: -1 }] },
      { lines: [{ ...line, quantity: 2_000_000 }] },
      { lines: [{ _id: p._id, quantity: 1 }] },
      { lines: [{ ...line, version: 0, quantity: 1 }] },
      { lines: [{ ...line, _id: 42, quantity: 1 }] },
      {
        lines: [
          { ...line, quantity: 1 },
          { ...line, quantity: 1 },
        ],
      },
      { lines: Array.from({ length: 501 }, (_, i) => ({ _id: `p${i}`, version: 1, quantity: 1 })) },
    ]) {
      const r = await apply(storeA1, body, 'zh');
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await stockOf(p._id)).toBe(1);
    const role = await s.call('POST', '/role/add', {
      token: admin,
      body: {
        _id: 'store_seller',
        display_name: 'Store seller',
        account_type: 'DEALER',
        authorizations: ['product_list'],
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const u = await s.call('POST', '/user/add', {
      token: admin,
      body: {
        _id: 'seller1',
        password: 'Seller1234',
        account_type: 'DEALER',
        dealer: 'store_a1',
        roles: ['store_seller'],
      },
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const seller = await s.login('seller1', 'Seller1234');
    expect((await apply(seller, { lines: [{ ...line, quantity: 1 }] })).status).toBe(403);
    expect((await s.call('POST', '/restock/list', { token: seller, body: {} })).status).toBe(403);
    expect(await stockOf(p._id)).toBe(1);
  });

  it('never doubles: the same restock sent five times at once is applied once', async () => {
    const [a, b] = [await low(0, 5), await low(2, 5)];
    const body = {
      lines: [
        { _id: a._id, version: a.version, quantity: 10 },
        { _id: b._id, version: b.version, quantity: 10 },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(brandA, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([10, 12]);
  });

  it('exports the pick list in the caller language, in urgency order, only the caller own store', async () => {
    const [x, y] = [await low(0, 4, { name: 'Pick sold out' }), await low(1, 4, { name: 'Pick low' })];
    const res = await fetch(`${s.url}/api/restock/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${storeA1}`, 'Content-Type': 'application/json', 'Accept-Language': 'zh' },
      body: JSON.stringify({ format: 'csv', filter: { _id: [x._id, y._id] } }),
    });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toContain('商品');
    expect(header).toContain('已售罄');
    expect(rows.map((r) => r.split(',')[0])).toEqual([x._id, y._id]);
    expect(rows[0]).toContain('Pick sold out');
    const all = await fetch(`${s.url}/api/restock/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${storeA1}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    const ids = (await all.text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(',')[0]);
    const dealers = await s.db.selectFrom('product').select('dealer').distinct().where('_id', 'in', ids).execute();
    expect(dealers.map((d) => d.dealer)).toEqual(['store_a1']);
  });
});
