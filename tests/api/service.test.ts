// Vouchers, customer-service Q&A, fault reports, the operation log and role preview, against the real
// server and database: every rule at its edges, concurrent write-offs, tenant scope.
import { startTestServer, type TestServer } from '../support/server';
import { isLecode } from '../../resources/lecode';
import { newLecode } from '../../server/features/vouchers';

let s: TestServer;
let admin: string;
const robots: Record<string, { _id: string; device_id: string; key: string }> = {};
const products: Record<string, string> = {};

const gw = (robot: string, path: string, body?: unknown, lang = 'en') =>
  s.call('POST', `/device-gateway/${path}`, {
    body,
    lang,
    headers: { 'X-Device-Id': robots[robot].device_id, 'X-Device-Key': robots[robot].key },
  });

const HOUR = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

async function generate(body: Record<string, unknown>, token = admin) {
  return s.call<{ batch: string; count: number }>('POST', '/lecode/generate', {
    token,
    body: { count: 1, product: products.a1, quantity: 1, valid_from: iso(-HOUR), valid_to: iso(24 * HOUR), ...body },
  });
}

async function codesOf(batch: string, token = admin) {
  const r = await s.call('POST', '/lecode/list', { token, body: { pageSize: 500, filter: { batch } } });
  expect(r.status).toBe(200);
  return r.body.data.list as Array<Record<string, any>>;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  // The counts below are of this file's own robots and vouchers: start without the demo ones.
  for (const table of ['lecode', 'chatchat', 'report'] as const) await s.db.deleteFrom(table).execute();
  for (const [name, dealer] of [
    ['a1', 'store_a1'],
    ['a2', 'store_a2'],
    ['b1', 'store_b1'],
  ] as const) {
    const r = await s.call('POST', '/device/add', {
      token: admin,
      body: {
        device_id: `SVC-ROBOT-${name}`,
        name: `Robot ${name}`,
        sn: `SN-${name}`,
        type: 'icecream',
        category: 'dessert',
        dealer,
      },
    });
    expect(r.status).toBe(200);
    robots[name] = { _id: r.body.data._id, device_id: r.body.data.device_id, key: r.body.data.device_key };
    const integrator = dealer === 'store_b1' ? 'brand_b' : 'brand_a';
    products[name] = `svc_product_${name}`;
    await s.db
      .insertInto('product')
      .values({
        _id: products[name],
        integrator,
        dealer,
        code: `SVC${name}`,
        name: `Cone ${name}`,
        price: 800,
        type: 'icecream',
        number: 0,
      })
      .execute();
  }
});
afterAll(() => s?.close());

describe('vouchers', () => {
  it('draws codes of the voucher shape: prefix, 2 upper + 2 lower + 2 digits shuffled, check suffix', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const c = newLecode();
      expect(isLecode(c), c).toBe(true);
      seen.add(c.slice(2, 8).replace(/[A-Z]/g, 'U').replace(/[a-z]/g, 'l').replace(/[0-9]/g, 'd'));
    }
    // shuffled: the classes appear in many orders, not one fixed layout
    expect(seen.size).toBeGreaterThan(40);
    expect(isLecode('LEAB12cd')).toBe(false);
    const c = newLecode();
    const broken = c.slice(0, -1) + (c.endsWith('Z') ? 'Y' : 'Z');
    expect(isLecode(broken)).toBe(false);
  });

  it('generates a batch of 10,000 codes, each of the pattern and unique across the platform', async () => {
    const t0 = Date.now();
    const r = await generate({ count: 10_000, details: 'Opening week' });
    const ms = Date.now() - t0;
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(10_000);
    const rows = await s.db
      .selectFrom('lecode')
      .select(['code', 'status', 'dealer', 'integrator', 'quantity'])
      .where('batch', '=', r.body.data.batch)
      .execute();
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((x) => x.code)).size).toBe(10_000);
    expect(
      rows.every(
        (x) => isLecode(x.code) && x.status === 'CREATED' && x.dealer === 'store_a1' && x.integrator === 'brand_a',
      ),
    ).toBe(true);
    // a second batch never repeats a code of the first
    const again = await generate({ count: 2000 });
    const dup = await s.db
      .selectFrom('lecode')
      .select(s.db.fn.countAll<number>().as('n'))
      .groupBy('code')
      .having(s.db.fn.countAll(), '>', 1)
      .execute();
    expect(again.status).toBe(200);
    expect(dup).toHaveLength(0);
    const log = await s.db
      .selectFrom('log')
      .selectAll()
      .where('action', '=', 'generate')
      .where('record', '=', r.body.data.batch)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operator: 'admin', resource: 'lecode', dealer: 'store_a1' });
    console.log(`generate 10,000 vouchers: ${ms} ms`);
  }, 60_000);

  it('holds count to 1..10000, quantity to 1..99, validity ordered and not already over; changes nothing when refused', async () => {
    const before = await s.db.selectFrom('lecode').select(s.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, number, string?]> = [
      [{ count: 0 }, 400, 'count'],
      [{ count: 10_001 }, 400, 'count'],
      [{ count: 1.5 }, 400, 'count'],
      [{ count: 'many' }, 400, 'count'],
      [{ quantity: 0 }, 400, 'quantity'],
      [{ quantity: 100 }, 400, 'quantity'],
      [{ product: undefined }, 400, 'product'],
      [{ product: 'no_such_product' }, 400, 'product'],
      [{ valid_from: 'yesterday' }, 400, 'valid_from'],
      [{ valid_to: iso(-2 * HOUR), valid_from: iso(-3 * HOUR) }, 400, 'valid_to'],
      [{ valid_from: iso(2 * HOUR), valid_to: iso(2 * HOUR) }, 400, 'valid_to'],
      [{ valid_from: iso(3 * HOUR), valid_to: iso(2 * HOUR) }, 400, 'valid_to'],
      [{ details: 'x'.repeat(201) }, 400, 'details'],
    ];
    for (const [body, status, field] of cases) {
      const r = await generate(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (field) expect(r.body.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    const r = await generate({ count: 'x' }, admin);
    expect(r.body.message).toMatch(/^Form validation failed/);
    const zh = await s.call('POST', '/lecode/generate', {
      token: admin,
      lang: 'zh',
      body: { count: 1, product: products.a1, valid_from: iso(HOUR), valid_to: iso(-HOUR) },
    });
    expect(zh.body.errors?.valid_to).toMatch(/失效时间/);
    const after = await s.db.selectFrom('lecode').select(s.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // the edges that pass
    expect((await generate({ count: 1, quantity: 99 })).status).toBe(200);
    expect((await generate({ count: 1, quantity: 1, valid_from: iso(-HOUR), valid_to: iso(60_000) })).status).toBe(200);
  });

  it("lets only lecode_add generate, and only for products of the caller's own store or brand", async () => {
    const storeA1 = await s.login('store-a1'); // dealer_admin: lecode_list only
    expect((await generate({}, storeA1)).status).toBe(403);
    const brandB = await s.login('brand-b');
    const foreign = await generate({}, brandB);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('product');
    const own = await generate({ product: products.b1 }, brandB);
    expect(own.status).toBe(200);
    const rows = await codesOf(own.body.data.batch, brandB);
    expect(rows[0]).toMatchObject({ integrator: 'brand_b', dealer: 'store_b1', product: products.b1 });
  });

  it('writes a voucher off exactly once when robots try it concurrently; the rest get 409', async () => {
    const g = await generate({ count: 1, quantity: 2 });
    const [v] = await codesOf(g.body.data.batch);
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) => gw('a1', 'lecode/writeoff', { code: v.code, order: `order-${i}` })),
    );
    const won = tries.filter((t) => t.status === 200);
    expect(won).toHaveLength(1);
    expect(tries.filter((t) => t.status === 409)).toHaveLength(11);
    expect(tries.find((t) => t.status === 409)!.body.message).toBe('This voucher has already been written off');
    expect(won[0].body.data).toMatchObject({ code: v.code, status: 'WRITEOFF', quantity: 2 });
    const row = await s.db.selectFrom('lecode').selectAll().where('_id', '=', v._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('WRITEOFF');
    expect(row.writeofftimestamp).toBeInstanceOf(Date);
    expect(Math.abs(new Date(row.writeofftimestamp ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
    expect(row.writeoff_device).toBe(robots.a1._id);
    expect(row.writeoff_order).toBe(won[0].body.data.writeoff_order);
    const logs = await s.db
      .selectFrom('log')
      .selectAll()
      .where('action', '=', 'writeoff')
      .where('record', '=', v._id)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0].operator).toBe(`device:${robots.a1.device_id}`);
    // after write-off it is neither sold nor voided
    expect((await s.call('POST', '/lecode/void', { token: admin, body: { _id: v._id } })).status).toBe(409);
  });

  it('refuses a write-off after the validity ends and before it starts, without changing the voucher', async () => {
    const g = await generate({ count: 2 });
    const [expired, early] = await codesOf(g.body.data.batch);
    await s.db
      .updateTable('lecode')
      .set({ valid_from: new Date(Date.now() - 3 * HOUR), valid_to: new Date(Date.now() - 1000) })
      .where('_id', '=', expired._id)
      .execute();
    await s.db
      .updateTable('lecode')
      .set({ valid_from: new Date(Date.now() + HOUR), valid_to: new Date(Date.now() + 2 * HOUR) })
      .where('_id', '=', early._id)
      .execute();
    const r1 = await gw('a1', 'lecode/writeoff', { code: expired.code });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe('This voucher has expired');
    const r2 = await gw('a1', 'lecode/writeoff', { code: early.code }, 'es');
    expect(r2.status).toBe(409);
    expect(r2.body.message).toBe('Este vale aún no es válido');
    const rows = await s.db
      .selectFrom('lecode')
      .select(['status', 'writeofftimestamp'])
      .where('_id', 'in', [expired._id, early._id])
      .execute();
    expect(rows.every((x) => x.status === 'CREATED' && x.writeofftimestamp === null)).toBe(true);
    // one second before the end it still passes
    await s.db
      .updateTable('lecode')
      .set({ valid_to: new Date(Date.now() + 5000) })
      .where('_id', '=', expired._id)
      .execute();
    expect((await gw('a1', 'lecode/writeoff', { code: expired.code })).status).toBe(200);
  });

  it('voids a voucher once (CREATED or SOLD only); a voided voucher is never written off', async () => {
    const g = await generate({ count: 3 });
    const [a, b, c] = await codesOf(g.body.data.batch);
    const storeA1 = await s.login('store-a1');
    expect((await s.call('POST', '/lecode/void', { token: storeA1, body: { _id: a._id } })).status).toBe(403); // lacks lecode_void
    const brandA = await s.login('brand-a');
    const v = await s.call('POST', '/lecode/void', { token: brandA, body: { _id: a._id } });
    expect(v.status).toBe(200);
    expect(v.body.data.status).toBe('DELETE');
    expect((await s.call('POST', '/lecode/void', { token: brandA, body: { _id: a._id } })).status).toBe(409);
    const w = await gw('a1', 'lecode/writeoff', { code: a.code });
    expect(w.status).toBe(409);
    expect(w.body.message).toBe('This voucher has been voided');
    // sold, then written off; sold, then voided
    expect((await s.call('POST', '/lecode/sell', { token: brandA, body: { _id: b._id } })).body.data.status).toBe(
      'SOLD',
    );
    expect((await s.call('POST', '/lecode/sell', { token: brandA, body: { _id: b._id } })).status).toBe(409);
    expect((await gw('a1', 'lecode/writeoff', { code: b.code })).status).toBe(200);
    expect((await s.call('POST', '/lecode/sell', { token: brandA, body: { _id: c._id } })).status).toBe(200);
    expect((await s.call('POST', '/lecode/void', { token: brandA, body: { _id: c._id } })).body.data.status).toBe(
      'DELETE',
    );
    const logs = await s.db
      .selectFrom('log')
      .select('action')
      .where('resource', '=', 'lecode')
      .where('record', 'in', [a._id, c._id])
      .orderBy('time')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['void', 'sell', 'void']);
  });

  it("lets only a robot of the voucher's store write it off; unknown codes and bad bodies are refused", async () => {
    const g = await generate({ count: 1 });
    const [v] = await codesOf(g.body.data.batch);
    expect((await gw('a2', 'lecode/writeoff', { code: v.code })).status).toBe(404);
    expect((await gw('b1', 'lecode/writeoff', { code: v.code })).status).toBe(404);
    expect((await gw('a1', 'lecode/writeoff', { code: newLecode() })).status).toBe(404);
    expect((await gw('a1', 'lecode/writeoff', { code: 'not a code' })).status).toBe(404);
    expect((await gw('a1', 'lecode/writeoff', {})).status).toBe(400);
    expect((await gw('a1', 'lecode/writeoff', { code: 42 })).status).toBe(400);
    expect((await gw('a1', 'lecode/writeoff', { code: v.code, order: 'x'.repeat(65) })).status).toBe(400);
    expect((await gw('a1', 'lecode/writeoff', [v.code])).status).toBe(400);
    const wrongKey = await s.call('POST', '/device-gateway/lecode/writeoff', {
      body: { code: v.code },
      headers: { 'X-Device-Id': robots.a1.device_id, 'X-Device-Key': 'nope' },
    });
    expect(wrongKey.status).toBe(401);
    const row = await s.db.selectFrom('lecode').select('status').where('_id', '=', v._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('CREATED');
    // a code is trimmed before it is looked up
    expect((await gw('a1', 'lecode/writeoff', { code: ` ${v.code} ` })).status).toBe(200);
  });

  it("lists vouchers by batch, status, product, store and dates, inside the caller's tenant only", async () => {
    const g = await generate({ count: 5 });
    const list = (filter: object, token = admin) =>
      s.call('POST', '/lecode/list', { token, body: { pageSize: 100, filter } });
    expect((await list({ batch: g.body.data.batch })).body.data.total).toBe(5);
    expect((await list({ batch: g.body.data.batch, status: 'CREATED' })).body.data.total).toBe(5);
    expect((await list({ batch: g.body.data.batch, status: 'WRITEOFF' })).body.data.total).toBe(0);
    expect((await list({ status: 'WRITEOFF', product: products.a1 })).body.data.total).toBeGreaterThanOrEqual(3);
    expect(
      (await list({ status: 'WRITEOFF', writeofftimestamp_gte: iso(-HOUR), writeofftimestamp_lte: iso(HOUR) })).body
        .data.total,
    ).toBeGreaterThanOrEqual(3);
    expect((await list({ batch: g.body.data.batch, create_time_gte: iso(HOUR) })).body.data.total).toBe(0);
    expect((await list({ dealer: 'store_b1' })).body.data.total).toBe(1);
    expect((await list({ status: 'LOST' })).status).toBe(200);
    expect((await list({ nonsense: 1 })).status).toBe(400);
    // store A2 sees none of store A1's; brand B none of brand A's; store A1 its own
    const a2 = await s.login('store-a2');
    expect((await list({}, a2)).body.data.total).toBe(0);
    expect(
      (await s.call('GET', `/lecode/detail/${(await codesOf(g.body.data.batch))[0]._id}`, { token: a2 })).status,
    ).toBe(404);
    const brandB = await s.login('brand-b');
    const bList = await list({}, brandB);
    expect(bList.body.data.list.every((x: { integrator: string }) => x.integrator === 'brand_b')).toBe(true);
    const a1 = await s.login('store-a1');
    expect((await list({ batch: g.body.data.batch }, a1)).body.data.total).toBe(5);
    // no console call creates, edits or deletes a voucher row directly
    for (const p of ['/lecode/add', '/lecode/edit', '/lecode/delete'])
      expect((await s.call('POST', p, { token: admin, body: {} })).status).toBe(404);
  });
});

describe('customer-service Q&A history', () => {
  it('stores what robots send, in their brand and store; refuses empty or oversized texts', async () => {
    const r = await gw('a1', 'chatchat', {
      question: 'Do you have vanilla cones today?',
      answer: 'Yes, vanilla and chocolate.',
      language: 'en',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      device: robots.a1._id,
      dealer: 'store_a1',
      integrator: 'brand_a',
      language: 'en',
    });
    expect(
      (await gw('a2', 'chatchat', { question: '抹茶冰淇淋有吗？', answer: '抹茶口味今天售罄了。', language: 'zh' }))
        .status,
    ).toBe(200);
    expect(
      (
        await gw('b1', 'chatchat', {
          question: '¿Tienen fideos picantes?',
          answer: 'Sí, nivel medio y alto.',
          language: 'es',
        })
      ).status,
    ).toBe(200);
    expect(
      (await gw('a1', 'chatchat', { question: 'Where do I pick up my coffee?', answer: 'At the window on the left.' }))
        .status,
    ).toBe(200);
    const before = await s.db
      .selectFrom('chatchat')
      .select(s.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      { question: '', answer: 'x' },
      { question: 'q' },
      { question: 'q'.repeat(2001), answer: 'a' },
      { question: 'q', answer: 'a'.repeat(4001) },
      { question: 'q', answer: 'a', language: 'english please' },
      { question: 42, answer: 'a' },
    ]) {
      expect((await gw('a1', 'chatchat', body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await gw('a1', 'chatchat', { question: 'q'.repeat(2000), answer: 'a'.repeat(4000) })).status).toBe(200);
    const after = await s.db
      .selectFrom('chatchat')
      .select(s.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);
  });

  it('searches questions and answers as free text, filters by robot, store, language and time, inside the tenant', async () => {
    const list = (filter: object, token = admin) => s.call('POST', '/chatchat/list', { token, body: { filter } });
    const vanilla = await list({ q: 'VANILLA' });
    expect(vanilla.body.data.total).toBe(1);
    expect(vanilla.body.data.list[0].question).toBe('Do you have vanilla cones today?');
    expect((await list({ q: '售罄' })).body.data.total).toBe(1); // in an answer
    expect((await list({ q: '100%_' })).body.data.total).toBe(0); // LIKE wildcards are literal
    expect((await list({ device: robots.a1._id })).body.data.total).toBe(3);
    expect((await list({ language: 'es' })).body.data.list[0].dealer).toBe('store_b1');
    expect((await list({ dealer: 'store_a2' })).body.data.total).toBe(1);
    expect((await list({ create_time_gte: iso(HOUR) })).body.data.total).toBe(0);
    expect((await list({ q: 'x'.repeat(201) })).status).toBe(400);
    const a1 = await s.login('store-a1');
    const mine = await list({}, a1);
    expect(mine.body.data.total).toBe(3);
    expect((await list({ q: '抹茶' }, a1)).body.data.total).toBe(0);
    const brandB = await s.login('brand-b');
    expect((await list({}, brandB)).body.data.total).toBe(1);
    // the console only reads it
    for (const p of ['/chatchat/add', '/chatchat/edit', '/chatchat/delete'])
      expect((await s.call('POST', p, { token: admin, body: {} })).status).toBe(404);
  });
});

describe('fault reports', () => {
  it('raises a report from the console: brand and store come from the robot; a robot outside the tenant is refused', async () => {
    const a1 = await s.login('store-a1');
    const r = await s.call('POST', '/report/add', {
      token: a1,
      body: {
        device: robots.a1._id,
        fault: 'Cone dispenser jammed',
        code: '102',
        description: 'Cones stick in the dispenser after every third order.',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'open',
      source: 'console',
      reporter: 'store-a1',
      dealer: 'store_a1',
      integrator: 'brand_a',
      handler: null,
      photos: [],
    });
    expect(
      (await s.call('POST', '/report/add', { token: a1, body: { device: robots.a2._id, description: 'not my robot' } }))
        .status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/report/add', { token: a1, body: { device: 'nope', description: 'x' } })).status,
    ).toBe(400);
    const missing = await s.call('POST', '/report/add', { token: a1, body: { device: robots.a1._id } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('description');
    expect(
      (
        await s.call('POST', '/report/add', {
          token: a1,
          body: { device: robots.a1._id, description: 'x', code: 'bad code!' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await s.call('POST', '/report/add', {
          token: a1,
          body: { device: robots.a1._id, description: 'x', fault: 'f'.repeat(101) },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await s.call('POST', '/report/add', {
          token: admin,
          body: { device: robots.a1._id, description: 'x', photos: ['a.png', 5] },
        })
      ).status,
    ).toBe(400);
  });

  it("takes a robot's report; walks open → in progress → resolved, recording the handler; refuses going back", async () => {
    const raised = await gw('b1', 'report', {
      code: '5013',
      description: 'Boiler temperature low',
      photos: ['uploads/b1-boiler.jpg'],
    });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({
      source: 'robot',
      status: 'open',
      reporter: `device:${robots.b1.device_id}`,
      dealer: 'store_b1',
      photos: ['uploads/b1-boiler.jpg'],
    });
    expect((await gw('b1', 'report', { code: '5013' })).status).toBe(400);
    expect((await gw('b1', 'report', { description: 'x', photos: Array(10).fill('p.jpg') })).status).toBe(400);
    const id = raised.body.data._id;
    const brandA = await s.login('brand-a');
    expect((await s.call('POST', '/report/start', { token: brandA, body: { _id: id } })).status).toBe(404); // another brand's
    const brandB = await s.login('brand-b');
    const started = await s.call('POST', '/report/start', { token: brandB, body: { _id: id } });
    expect(started.body.data).toMatchObject({ status: 'in_progress', handler: 'brand-b' });
    expect((await s.call('POST', '/report/start', { token: brandB, body: { _id: id } })).status).toBe(409);
    const noText = await s.call('POST', '/report/resolve', { token: brandB, body: { _id: id } });
    expect(noText.status).toBe(400);
    expect(noText.body.errors).toHaveProperty('resolution');
    const storeB1 = await s.login('store-b1');
    const resolved = await s.call('POST', '/report/resolve', {
      token: storeB1,
      body: { _id: id, resolution: 'Descaled the boiler' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({
      status: 'resolved',
      handler: 'store-b1',
      resolution: 'Descaled the boiler',
    });
    expect(resolved.body.data.resolve_time).toBeTruthy();
    expect(
      (await s.call('POST', '/report/resolve', { token: storeB1, body: { _id: id, resolution: 'again' } })).status,
    ).toBe(409);
    expect(
      (await s.call('POST', '/report/edit', { token: storeB1, body: { _id: id, description: 'rewrite history' } }))
        .status,
    ).toBe(409);
    const logs = await s.db
      .selectFrom('log')
      .select(['action', 'operator'])
      .where('resource', '=', 'report')
      .where('record', '=', id)
      .orderBy('time')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['add', 'start', 'resolve']);
    // an open report can be resolved directly, and edited before that
    const other = await s.call('POST', '/report/add', {
      token: admin,
      body: { device: robots.a2._id, fault: 'Screen flickers', description: 'Flickers at night' },
    });
    expect(
      (
        await s.call('POST', '/report/edit', {
          token: admin,
          body: { _id: other.body.data._id, description: 'Flickers after 22:00', device: robots.a1._id },
        })
      ).status,
    ).toBe(400); // robot is fixed
    expect(
      (
        await s.call('POST', '/report/edit', {
          token: admin,
          body: { _id: other.body.data._id, description: 'Flickers after 22:00' },
        })
      ).body.data.description,
    ).toBe('Flickers after 22:00');
    expect(
      (
        await s.call('POST', '/report/resolve', {
          token: admin,
          body: { _id: other.body.data._id, resolution: 'Replaced the cable' },
        })
      ).body.data.status,
    ).toBe('resolved');
  });

  it('lists reports by status, robot and source, inside the tenant; report_all is needed', async () => {
    const list = (filter: object, token = admin) => s.call('POST', '/report/list', { token, body: { filter } });
    expect((await list({ status: 'resolved' })).body.data.total).toBe(2);
    expect((await list({ source: 'robot' })).body.data.total).toBe(1);
    expect((await list({ device: robots.a1._id, status: 'open' })).body.data.total).toBe(1);
    expect((await list({ q: 'dispenser' })).body.data.total).toBe(1);
    const a2 = await s.login('store-a2');
    expect((await list({}, a2)).body.data.list.every((x: { dealer: string }) => x.dealer === 'store_a2')).toBe(true);
    // an account whose roles lack report_all
    await s.call('POST', '/role/add', {
      token: admin,
      body: { _id: 'svc_viewer', display_name: 'Device viewer', authorizations: ['device_list'] },
    });
    await s.call('POST', '/user/add', {
      token: admin,
      body: {
        _id: 'svc-viewer',
        nickname: 'Viewer',
        account_type: 'DEALER',
        roles: ['svc_viewer'],
        integrator: 'brand_a',
        dealer: 'store_a1',
        password: 'Viewer12345',
      },
    });
    const viewer = await s.login('svc-viewer', 'Viewer12345');
    expect((await list({}, viewer)).status).toBe(403);
    expect((await s.call('POST', '/chatchat/list', { token: viewer, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/lecode/list', { token: viewer, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/log/list', { token: viewer, body: {} })).status).toBe(403);
  });
});

describe('operation log', () => {
  it('has no call that adds, edits or deletes a log row, and the database refuses it too', async () => {
    const any = await s.db.selectFrom('log').select('_id').limit(1).executeTakeFirstOrThrow();
    for (const p of ['/log/add', '/log/edit', '/log/delete', '/log/update', '/log/clear']) {
      expect((await s.call('POST', p, { token: admin, body: { _id: any._id, action: 'forged' } })).status, p).toBe(404);
    }
    await expect(
      s.db.updateTable('log').set({ action: 'forged' }).where('_id', '=', any._id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(s.db.deleteFrom('log').where('_id', '=', any._id).execute()).rejects.toThrow(/append-only/);
    const row = await s.db.selectFrom('log').select('action').where('_id', '=', any._id).executeTakeFirstOrThrow();
    expect(row.action).not.toBe('forged');
  });

  it('lists every write — who, what, which record, before and after, when, from where — with filters', async () => {
    const brandA = await s.login('brand-a');
    const g = await generate({ count: 1 });
    const [v] = await codesOf(g.body.data.batch);
    await s.call('POST', '/lecode/void', { token: brandA, body: { _id: v._id } });
    const list = (filter: object, token = admin, extra: object = {}) =>
      s.call('POST', '/log/list', { token, body: { filter, ...extra } });
    const r = await list({ resource: 'lecode', action: 'void', record: v._id });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(1);
    expect(r.body.data.list[0]).toMatchObject({
      operator: 'brand-a',
      account_type: 'INTEGRATOR',
      integrator: 'brand_a',
      dealer: 'store_a1',
      ip: expect.any(String),
    });
    expect(r.body.data.list[0].before).toMatchObject({ status: 'CREATED' });
    expect(r.body.data.list[0].after).toMatchObject({ status: 'DELETE' });
    expect(new Date(r.body.data.list[0].time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await list({ operator: 'brand-a', time_gte: iso(-HOUR), time_lte: iso(HOUR) })).body.data.total,
    ).toBeGreaterThanOrEqual(2);
    expect((await list({ operator: 'brand-a', time_gte: iso(HOUR) })).body.data.total).toBe(0);
    expect((await list({ q: v._id })).body.data.total).toBeGreaterThanOrEqual(1);
    const sorted = await list({}, admin, { sort: { field: 'time', order: 'ASC' }, pageSize: 5 });
    const times = sorted.body.data.list.map((x: { time: string }) => new Date(x.time).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await list({ time_gte: 'not a time' })).status).toBe(400);
    expect((await list({ before: 'x' })).status).toBe(400); // json columns are not filters
    // never a secret in the log
    const deviceAdd = await list({ resource: 'device', action: 'add' });
    expect(JSON.stringify(deviceAdd.body.data.list)).not.toMatch(/key_hash|device_key/);
  });

  it('shows a brand its own logs and a store none (store managers lack log_list); no filter reaches past the tenant', async () => {
    const brandA = await s.login('brand-a');
    const mine = await s.call('POST', '/log/list', { token: brandA, body: { pageSize: 500 } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.list.every((x: { integrator: string }) => x.integrator === 'brand_a')).toBe(true);
    const spy = await s.call('POST', '/log/list', { token: brandA, body: { filter: { integrator: 'brand_b' } } });
    expect(spy.body.data.total).toBe(0);
    const bLog = await s.db
      .selectFrom('log')
      .select('_id')
      .where('integrator', '=', 'brand_b')
      .executeTakeFirstOrThrow();
    expect((await s.call('GET', `/log/detail/${bLog._id}`, { token: brandA })).status).toBe(404);
    expect((await s.call('POST', '/log/list', { token: await s.login('store-a1'), body: {} })).status).toBe(403);
    // a store role given log_list sees its store's rows only
    await s.call('POST', '/role/add', {
      token: admin,
      body: { _id: 'svc_auditor', display_name: 'Store auditor', authorizations: ['log_list'] },
    });
    await s.call('POST', '/user/add', {
      token: admin,
      body: {
        _id: 'svc-auditor',
        nickname: 'Auditor',
        account_type: 'DEALER',
        roles: ['svc_auditor'],
        integrator: 'brand_a',
        dealer: 'store_a2',
        password: 'Auditor12345',
      },
    });
    const auditor = await s.login('svc-auditor', 'Auditor12345');
    const storeLogs = await s.call('POST', '/log/list', { token: auditor, body: { pageSize: 500 } });
    expect(storeLogs.body.data.total).toBeGreaterThan(0);
    expect(storeLogs.body.data.list.every((x: { dealer: string }) => x.dealer === 'store_a2')).toBe(true);
  });
});

describe('role preview', () => {
  it("narrows a SUPER session to a role's authorizations on the server, and switches back; both logged", async () => {
    const token = await s.login('admin');
    const other = await s.login('admin'); // another session of the same account stays whole
    const store = await s.db
      .selectFrom('role')
      .select('authorizations')
      .where('_id', '=', 'dealer_admin')
      .executeTakeFirstOrThrow();
    const p = await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: 'store_a1' } });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({
      role: 'dealer_admin',
      display_name: 'Store manager',
      integrator: 'brand_a',
      dealer: 'store_a1',
    });
    const profile = await s.call('GET', '/user/profile', { token });
    expect(profile.body.data.roles).toEqual(['dealer_admin']);
    expect(profile.body.data.roles_detail).toEqual([{ _id: 'dealer_admin', display_name: 'Store manager' }]);
    expect(profile.body.data.role_preview).toEqual({
      role: 'dealer_admin',
      display_name: 'Store manager',
      integrator: 'brand_a',
      integrator_name: 'Demo Brand A',
      dealer: 'store_a1',
      dealer_name: 'Store A1',
    });
    expect([...profile.body.data.authorizations].sort()).toEqual([...store.authorizations].sort());
    expect(profile.body.data.authorizations).not.toContain('super');
    expect((await s.call('GET', '/role/preview', { token })).body.data).toEqual({
      role: 'dealer_admin',
      display_name: 'Store manager',
      integrator: 'brand_a',
      integrator_name: 'Demo Brand A',
      dealer: 'store_a1',
      dealer_name: 'Store A1',
    });
    // what the role lacks answers 403; what it holds still works
    expect((await s.call('POST', '/user/list', { token, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/role/list', { token, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/log/list', { token, body: {} })).status).toBe(403);
    expect((await generate({ count: 1 }, token)).status).toBe(403);
    expect((await s.call('POST', '/lecode/list', { token, body: {} })).status).toBe(200);
    expect((await s.call('POST', '/report/list', { token, body: {} })).status).toBe(200);
    expect((await s.call('POST', '/user/list', { token: other, body: {} })).status).toBe(200);
    expect((await s.call('GET', '/role/preview', { token: other })).body.data).toBeNull();
    // switch to another role while previewing, then back
    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'integrator_admin', integrator: 'brand_a' } }))
        .status,
    ).toBe(200);
    expect((await s.call('POST', '/log/list', { token, body: {} })).status).toBe(200);
    expect((await s.call('POST', '/user/list', { token, body: {} })).status).toBe(200);
    expect((await s.call('POST', '/role/preview_end', { token })).status).toBe(200);
    const back = await s.call('GET', '/user/profile', { token });
    expect(back.body.data.roles).toEqual(['super']);
    expect(back.body.data.authorizations).toContain('super');
    expect((await s.call('POST', '/role/list', { token, body: {} })).status).toBe(200);
    expect((await s.call('POST', '/role/preview_end', { token })).status).toBe(409);
    const logs = await s.db
      .selectFrom('log')
      .select(['action', 'record', 'operator'])
      .where('resource', '=', 'role')
      .where('action', 'like', 'preview%')
      .orderBy('time')
      .execute();
    expect(logs).toEqual([
      { action: 'preview', record: 'dealer_admin', operator: 'admin' },
      { action: 'preview', record: 'integrator_admin', operator: 'admin' },
      { action: 'preview_end', record: 'integrator_admin', operator: 'admin' },
    ]);
  });

  it("narrows the tenant too: a store role previews one store's data, a brand role one brand's, chosen at the start", async () => {
    const token = await s.login('admin');
    const dealers = async () =>
      new Set(
        (
          (await s.call('POST', '/order/list', { token, body: { pageSize: 500 } })).body.data.list as Array<{
            dealer: string;
          }>
        ).map((o) => o.dealer),
      );
    const brands = async () =>
      new Set(
        (
          (await s.call('POST', '/order/list', { token, body: { pageSize: 500 } })).body.data.list as Array<{
            integrator: string;
          }>
        ).map((o) => o.integrator),
      );
    expect((await dealers()).size).toBeGreaterThan(1);
    // a store role needs its store, an existing one; a refusal is translated and starts nothing
    const missing = await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Choose the store whose data the preview shows');
    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: 'no_such_store' } })).status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: ['store_a2'] } })).status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'integrator_admin' }, lang: 'ja' })).body.message,
    ).toMatch(/ブランド/);
    expect((await s.call('GET', '/role/preview', { token })).body.data).toBeNull();

    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: 'store_a2' } })).status,
    ).toBe(200);
    expect([...(await dealers())]).toEqual(['store_a2']);
    // a row of another store is out of reach, as for a real store account
    const other = await s.db
      .selectFrom('orders')
      .select('_id')
      .where('dealer', '=', 'store_b1')
      .executeTakeFirstOrThrow();
    expect((await s.call('GET', `/order/detail/${other._id}`, { token })).status).toBe(404);
    const figures = await s.call('POST', '/dashboard/summary', {
      token,
      body: { from: '2000-01-01T00:00:00Z', to: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const storeA2 = await s.call('POST', '/dashboard/summary', {
      token: await s.login('store-a2'),
      body: { from: '2000-01-01T00:00:00Z', to: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(figures.body.data).toEqual(storeA2.body.data);

    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'integrator_admin', integrator: 'brand_b' } }))
        .status,
    ).toBe(200);
    expect([...(await brands())]).toEqual(['brand_b']);
    expect((await s.call('POST', '/role/preview_end', { token })).status).toBe(200);
    expect((await dealers()).size).toBeGreaterThan(1);
  });

  it('is for SUPER accounts only, names an existing role, and ends with the session', async () => {
    for (const user of ['provider', 'brand-a', 'store-a1']) {
      expect(
        (
          await s.call('POST', '/role/preview', {
            token: await s.login(user),
            body: { _id: 'dealer_admin', dealer: 'store_a1' },
          })
        ).status,
        user,
      ).toBe(403);
    }
    const token = await s.login('admin');
    expect((await s.call('POST', '/role/preview', { token, body: { _id: 'no_such_role' } })).status).toBe(404);
    expect((await s.call('POST', '/role/preview', { token, body: {} })).status).toBe(400);
    expect((await s.call('POST', '/role/preview', { token, body: { _id: ['dealer_admin'] } })).status).toBe(400);
    expect(
      (await s.call('POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: 'store_a1' } })).status,
    ).toBe(200);
    const count = async () => (await s.db.selectFrom('role_preview').selectAll().execute()).length;
    const before = await count();
    await s.call('GET', '/auth/logout', { token });
    expect(await count()).toBe(before - 1);
  });
});

describe('bad input', () => {
  it('answers bodies of any shape on every service call with a translated 4xx, never a 500, and changes nothing', async () => {
    const bodies = [
      'not json',
      '[]',
      'null',
      '"x"',
      '1',
      '{}',
      '{"_id":{}}',
      '{"_id":["a","b"]}',
      '{"_id":"nope"}',
      '{"count":"1e9","product":{}}',
      '{"count":1.5,"product":"x","valid_from":"yesterday","valid_to":[]}',
      '{"photos":{"a":1},"device":[],"description":7}',
      `{"photos":["${'x'.repeat(400)}"]}`,
      '{"code":123,"order":{}}',
      '{"question":{"a":1},"answer":"x","language":"not a language"}',
      '{"resolution":["x"]}',
      '{"filter":"x"}',
      '{"filter":{"status":["a"],"create_time_gte":"garbage"}}',
      '{"page":-1,"pageSize":1e9}',
      '{"sort":{"field":"nope","order":"X"}}',
      '{"q":{"x":1}}',
      `{"q":"${'%_'.repeat(2000)}"}`,
    ];
    const consoleCalls = [
      'lecode/generate',
      'lecode/void',
      'lecode/sell',
      'lecode/list',
      'report/add',
      'report/edit',
      'report/start',
      'report/resolve',
      'report/list',
      'chatchat/list',
      'log/list',
      'log/add',
      'log/edit',
      'log/delete',
      'role/preview',
    ];
    const robot = ['lecode/writeoff', 'chatchat', 'report'];
    const counts = async () =>
      Promise.all(
        ['lecode', 'report', 'chatchat', 'role_preview'].map(async (t) =>
          Number(
            (
              await s.db
                .selectFrom(t as 'lecode')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    const token = await s.login('admin');
    const check = (path: string, body: string, r: { status: number; body: { code: number; message?: string } }) => {
      expect(r.status, `${path} ${body.slice(0, 60)}`).toBeLessThan(500);
      if (r.status >= 400) {
        expect(r.body.code, path).toBe(r.status);
        expect(r.body.message, path).toMatch(/\S/);
        expect(r.body.message, path).not.toMatch(/^vf\./); // a message, not an untranslated key
      }
    };
    for (const body of bodies) {
      for (const path of consoleCalls)
        check(
          path,
          body,
          await s.call('POST', `/${path}`, { token, body, headers: { 'Content-Type': 'application/json' } }),
        );
      for (const path of robot)
        check(
          path,
          body,
          await s.call('POST', `/device-gateway/${path}`, {
            body,
            headers: {
              'Content-Type': 'application/json',
              'X-Device-Id': robots.a1.device_id,
              'X-Device-Key': robots.a1.key,
            },
          }),
        );
    }
    expect(await counts()).toEqual(before);
  });
});
