// Saved filters: kept per account on the server (so any browser has them), checked by the list's own rules,
// one default per list, and nobody else's to see or change.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let brandA: string;
let brandB: string;
let storeA1: string;
beforeAll(async () => {
  s = await startTestServer();
  [brandA, brandB, storeA1] = await Promise.all(['brand-a', 'brand-b', 'store-a1'].map((u) => s.login(u)));
});
afterAll(() => s?.close());

const add = (token: string, body: object, lang = 'en') => s.call('POST', '/saved_query/add', { token, body, lang });
const listOf = async (token: string, resource: string) => {
  const r = await s.call('POST', '/saved_query/list', { token, body: { resource } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Array<{ _id: string; name: string; filter: object; sort: object | null; is_default: boolean }>;
};

describe('saved filters', () => {
  it('keeps a filter and sort per account and list, with at most one default, across sessions', async () => {
    const closed = await add(brandA, {
      resource: 'order',
      name: 'Closed',
      filter: { status: 'CLOSE' },
      sort: { field: 'amount', order: 'DESC' },
      is_default: true,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const paid = await add(brandA, {
      resource: 'order',
      name: 'Paid',
      filter: { pay_status: 'PAID' },
      is_default: true,
    });
    expect(paid.status).toBe(200);
    // a new sign-in (another browser) finds both, the newer default having replaced the older
    const again = await s.login('brand-a');
    const mine = await listOf(again, 'order');
    expect(mine.map((q) => [q.name, q.is_default])).toEqual([
      ['Closed', false],
      ['Paid', true],
    ]);
    expect(mine[0]).toMatchObject({ filter: { status: 'CLOSE' }, sort: { field: 'amount', order: 'DESC' } });
    const back = await s.call('POST', '/saved_query/default', {
      token: again,
      body: { _id: mine[0]._id, is_default: true },
    });
    expect(back.status).toBe(200);
    expect((await listOf(brandA, 'order')).map((q) => q.is_default)).toEqual([true, false]);
    // other lists and other accounts have their own
    expect(await listOf(brandA, 'product')).toEqual([]);
    expect(await listOf(brandB, 'order')).toEqual([]);
  });

  it("keeps a filter on a derived field, whose condition its resource defines (the robots' menu out of date)", async () => {
    const r = await add(brandA, { resource: 'device', name: 'Menu out of date', filter: { menu_outdated: true } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await listOf(brandA, 'device')).map((q) => q.filter)).toEqual([{ menu_outdated: true }]);
  });

  it('lets nobody else see, change or delete them', async () => {
    const r = await add(brandA, { resource: 'order', name: 'Mine only', filter: {} });
    const id = r.body.data._id;
    expect(
      (await s.call('POST', '/saved_query/default', { token: brandB, body: { _id: id, is_default: true } })).status,
    ).toBe(404);
    expect((await s.call('POST', '/saved_query/delete', { token: brandB, body: { _id: id } })).status).toBe(404);
    expect(
      (await s.db.selectFrom('saved_query').select('is_default').where('_id', '=', id).executeTakeFirstOrThrow())
        .is_default,
    ).toBe(false);
    expect((await s.call('POST', '/saved_query/delete', { token: brandA, body: { _id: id } })).status).toBe(200);
    expect((await listOf(brandA, 'order')).map((q) => q.name)).not.toContain('Mine only');
  });

  it('refuses with a translated 4xx, keeping nothing: a duplicate name, a filter or sort the list does not take, a list the account may not read', async () => {
    await add(brandA, { resource: 'refund', name: 'Open', filter: { status: 'CREATED' } });
    const dup = await add(brandA, { resource: 'refund', name: 'open', filter: {} }, 'es');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe un filtro guardado llamado "open"');
    for (const body of [
      { resource: 'order', name: 'x', filter: { password: 'a' } },
      { resource: 'order', name: 'x', filter: { nope: 1 } },
      { resource: 'order', name: 'x', filter: [1] },
      { resource: 'order', name: 'x', filter: { q: 'y'.repeat(5000) } },
      { resource: 'order', name: 'x', sort: { field: 'nope', order: 'ASC' } },
      { resource: 'order', name: 'x', sort: { field: 'amount', order: 'SIDEWAYS' } },
      { resource: 'order', name: '', filter: {} },
      { resource: 'order', name: 'n'.repeat(41), filter: {} },
      { resource: 'order', name: 'x', is_default: 'yes' },
      { resource: 'nope', name: 'x' },
      { resource: '__proto__', name: 'x' },
    ]) {
      const r = await add(brandA, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect((await add(storeA1, { resource: 'user', name: 'Accounts', filter: {} })).status).toBe(403);
    expect((await listOf(brandA, 'order')).map((q) => q.name)).not.toContain('x');
  });

  it('keeps one default when two are set at once', async () => {
    const ids = await Promise.all(
      ['One', 'Two', 'Three'].map(
        async (name) => (await add(brandB, { resource: 'product', name, filter: {} })).body.data._id,
      ),
    );
    const answers = await Promise.all(
      ids.map((_id) => s.call('POST', '/saved_query/default', { token: brandB, body: { _id, is_default: true } })),
    );
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect((await listOf(brandB, 'product')).filter((q) => q.is_default)).toHaveLength(1);
  });
});
