// Bulk actions: one request, each row under its own permission, scope and state rules, each in its own
// transaction, answered row by row in the caller's language.
import { startTestServer, type TestServer } from '../support/server';
import { declared } from '../../resources';
import { bulkVerbs } from '../../resources/bulk';
import { callPath, type ResourceDef } from '../../resources/types';

let s: TestServer;
let admin: string;
let brandA: string;
let storeA1: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, storeA1] = await Promise.all(['admin', 'brand-a', 'store-a1'].map((u) => s.login(u)));
});
afterAll(() => s?.close());

let seq = 0;
async function product(dealer: string, over: object = {}) {
  const body = {
    code: `BK${Date.now().toString(36).slice(-4)}${++seq}`,
    name: 'Bulk cone',
    price: 900,
    type: 'icecream',
    number: 1,
    dealer,
    ...over,
  };
  const r = await s.call('POST', '/product/add', { token: admin, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}
const frozen = async (ids: string[]) =>
  Object.fromEntries(
    (await s.db.selectFrom('product').select(['_id', 'freeze']).where('_id', 'in', ids).execute()).map((r) => [
      r._id,
      r.freeze,
    ]),
  );
const logCount = async (ids: string[], action: string) =>
  Number(
    (
      await s.db
        .selectFrom('log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('record', 'in', ids)
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bulk actions', () => {
  it('applies an action row by row: rows of another brand and rows in the wrong state are refused with the reason, the rest done', async () => {
    const mine = [await product('store_a1'), await product('store_a2'), await product('store_a1')];
    const already = await product('store_a1', {});
    await s.call('POST', '/product/freeze', { token: admin, body: { _id: already } });
    const theirs = await product('store_b1');
    const r = await s.call('POST', '/product/bulk', {
      token: brandA,
      lang: 'es',
      body: { action: 'freeze', ids: [...mine, already, theirs, 'no-such-row'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ done: 3, refused: 3 });
    const byId = Object.fromEntries(r.body.data.results.map((x: { _id: string }) => [x._id, x]));
    for (const id of mine) expect(byId[id]).toEqual({ _id: id, status: 'done' });
    // the wrong state: a translated 409; another brand's row and a missing row look alike (never reveal)
    expect(byId[already]).toMatchObject({ status: 'refused', code: 409 });
    expect(byId[already].message).toMatch(/^No permitido mientras/);
    expect(byId[theirs]).toMatchObject({ status: 'refused', code: 404 });
    expect(byId['no-such-row']).toMatchObject({ status: 'refused', code: 404 });
    expect(byId[theirs].message).toBe(byId['no-such-row'].message);
    // what was done is wholly done and logged once; what was refused is untouched and not logged
    expect(await frozen([...mine, theirs])).toEqual({
      [mine[0]]: true,
      [mine[1]]: true,
      [mine[2]]: true,
      [theirs]: false,
    });
    expect(await logCount(mine, 'freeze')).toBe(3);
    expect(await logCount([theirs], 'freeze')).toBe(0);
    expect(await logCount([already], 'freeze')).toBe(1); // the single freeze before, not a second one
  });

  it("deletes in bulk within a brand account's own brand only", async () => {
    const group = async (integrator: string, dealer: string) => {
      const r = await s.call('POST', '/product_classify/add', {
        token: admin,
        body: { name: 'Bulk group', tag: 'bulk', sortIndex: 5, integrator, dealer },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data._id as string;
    };
    const own = [await group('brand_a', 'store_a1'), await group('brand_a', 'store_a2')];
    const theirs = await group('brand_b', 'store_b1');
    const r = await s.call('POST', '/product_classify/bulk', {
      token: brandA,
      body: { action: 'delete', ids: [...own, theirs] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ done: 2, refused: 1 });
    const left = (
      await s.db
        .selectFrom('product_classify')
        .select('_id')
        .where('_id', 'in', [...own, theirs])
        .execute()
    ).map((x) => x._id);
    expect(left).toEqual([theirs]);
  });

  it('never doubles: two bulk requests racing over the same rows do each row once', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => product('store_a1')));
    const [a, b] = await Promise.all(
      [0, 1].map(() => s.call('POST', '/product/bulk', { token: admin, body: { action: 'freeze', ids } })),
    );
    expect(a.body.data.done + b.body.data.done).toBe(5);
    expect(a.body.data.refused + b.body.data.refused).toBe(5);
    expect(await logCount(ids, 'freeze')).toBe(5);
  });

  it("accepts exactly the declaration's bulk verbs: every other declared action is refused in bulk (400, translated), changing nothing", async () => {
    // one row per call: a refund, a pay status, a password, roles or a stock took many rows in one call
    const id = await product('store_a1', { stock: 2 });
    let refused = 0;
    for (const def of declared as readonly ResourceDef[]) {
      const verbs = bulkVerbs(def);
      for (const [name, action] of Object.entries(def.actions ?? {})) {
        if (action.bulk) {
          // the declaration itself keeps the rule: a bulk verb has no form of its own and reveals nothing
          expect(action.body, `${def.name}.${name}`).toBeUndefined();
          expect(action.reveals, `${def.name}.${name}`).toBeUndefined();
        }
        const r = await s.call('POST', callPath(def, 'bulk'), {
          token: admin,
          lang: 'es',
          body: {
            action: name,
            ids: [id, 'no-such-row'],
            body: {
              stock: 99,
              quantity: 5,
              password: 'Secret123x',
              roles: ['super'],
              amount: 1,
              pay_status: 'PAID',
              reason: 'x',
              resolution: 'x',
            },
          },
        });
        if (verbs.includes(name)) {
          // accepted as a whole: each row is then judged on its own (a row that is none is refused)
          expect(r.status, `${def.name}.${name}: ${JSON.stringify(r.body)}`).toBe(200);
          expect(
            r.body.data.results.find((x: { _id: string }) => x._id === 'no-such-row')?.status,
            `${def.name}.${name}`,
          ).toBe('refused');
        } else {
          // a list with bulk verbs refuses the others (400); one with none has no bulk call at all (404, the order list)
          expect(r.status, `${def.name}.${name}: ${JSON.stringify(r.body)}`).toBe(verbs.length ? 400 : 404);
          expect(r.body.message, `${def.name}.${name}`).toMatch(verbs.length ? /acción masiva/ : /./);
          refused++;
        }
      }
    }
    // order.refund, order.pay_status, user.set_password, user.set_roles, product.stock, product.restock, …
    expect(refused).toBeGreaterThanOrEqual(10);
    for (const [path, action] of [
      ['/product/bulk', 'stock'],
      ['/product/bulk', 'restock'],
      ['/user/bulk', 'set_password'],
      ['/user/bulk', 'set_roles'],
      ['/report/bulk', 'resolve'],
    ]) {
      expect(
        (await s.call('POST', path, { token: admin, body: { action, ids: [id] } })).status,
        `${path} ${action}`,
      ).toBe(400);
    }
    for (const action of ['refund', 'pay_status'])
      expect((await s.call('POST', '/order/bulk', { token: admin, body: { action, ids: ['x'] } })).status).toBe(404);
    expect(
      (await s.db.selectFrom('product').select('stock').where('_id', '=', id).executeTakeFirstOrThrow()).stock,
    ).toBe(2);
    expect(await logCount([id], 'stock')).toBe(0);
    expect(await logCount([id], 'restock')).toBe(0);
  });

  it('refuses, as a whole and changing nothing, what no row could take: an unknown or secret-revealing verb, a bad id list, a missing permission', async () => {
    const id = await product('store_a1');
    for (const body of [
      { action: 'rotate_key', ids: [id] },
      { action: 'constructor', ids: [id] },
      { action: 'freeze', ids: [] },
      { action: 'freeze', ids: 'x' },
      { action: 'freeze', ids: [1, 2] },
      { action: 'freeze', ids: Array.from({ length: 501 }, (_, i) => `x${i}`) },
      { action: 'freeze', ids: [id], body: [1] },
      [1],
    ]) {
      const r = await s.call('POST', '/product/bulk', { token: admin, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect(
      (await s.call('POST', '/device/bulk', { token: admin, body: { action: 'rotate_key', ids: ['x'] } })).status,
    ).toBe(400);
    // a store account may not manage accounts at all: one 403, not one per row
    const r = await s.call('POST', '/user/bulk', { token: storeA1, body: { action: 'freeze', ids: ['brand-a'] } });
    expect(r.status).toBe(403);
    expect(await frozen([id])).toEqual({ [id]: false });
  });
});
