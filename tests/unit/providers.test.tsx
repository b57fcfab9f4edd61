// The browser's providers against the real server over HTTP (started by tests/support/unitSetup.ts).
import { inject } from 'vitest';
import { authProvider, holds, permissionFor } from '../../src/providers/authProvider';
import { dataProvider } from '../../src/providers/dataProvider';
import { configureHttp, api } from '../../src/providers/http';
import { isSignedIn, forgetSession, currentLang, saveLang } from '../../src/providers/session';
import { onSessionExpired, dismissSessionExpired } from '../../src/providers/sessionExpired';

beforeAll(() => configureHttp('en', (k) => k, inject('apiUrl')));
afterEach(() => dismissSessionExpired());

describe('authProvider', () => {
  it('signs in with a trimmed username, holds the session in cookies the page cannot read, and loads identity and authorizations', async () => {
    await authProvider.login({ username: ' brand-a ', password: 'Demo12345' });
    expect(isSignedIn()).toBe(true);
    expect(document.cookie).not.toMatch(/vendfleet_session/);
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({ id: 'brand-a', fullName: 'Brand A manager' });
    const perms = await authProvider.getPermissions!({});
    expect(perms).toContain('dealer_list');
    expect(perms).not.toContain('role_add');
    expect(await authProvider.canAccess!({ resource: 'user', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'role', action: 'create' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'user', action: 'freeze' })).toBe(true);
  });

  it('rejects a wrong password with the server message and holds no session', async () => {
    await api('GET', '/auth/logout');
    expect(isSignedIn()).toBe(false);
    await expect(authProvider.login({ username: 'admin', password: 'Wrong12345' })).rejects.toMatchObject({
      message: 'Wrong username or password',
      status: 401,
    });
    expect(isSignedIn()).toBe(false);
  });

  it('sends a visitor without a token to /login with the wanted path', async () => {
    forgetSession();
    window.history.pushState({}, '', '/user?page=2');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2Fuser%3Fpage%3D2',
    });
    window.history.pushState({}, '', '/');
  });

  it('raises the session-expired dialog on a 401 instead of logging out', async () => {
    await authProvider.login({ username: 'admin', password: 'Demo12345' });
    const seen: boolean[] = [];
    window.dispatchEvent(new Event('pointerdown')); // the user has acted since the last test's Cancel (afterEach)
    const off = onSessionExpired((open) => seen.push(open));
    await api('GET', '/auth/logout');
    await expect(
      dataProvider.getList('user', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: '_id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([false, true]);
    // nothing thrown: react-admin would answer the failed refetch with empty data behind the dialog
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    // "Cancel": the page's background calls, answered 401, do not bring the dialog back; after the user acts, one does
    dismissSessionExpired();
    await expect(api('GET', '/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([false, true, false]);
    window.dispatchEvent(new Event('pointerdown'));
    await expect(api('GET', '/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([false, true, false, true]);
    dismissSessionExpired();
    window.dispatchEvent(new Event('keydown'));
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    off();
  });

  it('decides access from the declarations: any one of the listed authorizations, super passes all', () => {
    expect(permissionFor('user', 'edit')).toBe('user_edit');
    expect(permissionFor('user', 'show')).toBe('user_list');
    expect(holds(['super'], 'anything_at_all')).toBe(true);
    expect(holds(['a_b'], ['c_d', 'a_b'])).toBe(true);
    expect(holds(['a_b'], undefined)).toBe(false);
  });
});

describe('dataProvider', () => {
  beforeAll(() => authProvider.login({ username: 'admin', password: 'Demo12345' }));

  it('lists with paging, sort and filter, and maps _id to id', async () => {
    const r = await dataProvider.getList('user', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: { account_type: 'DEALER' },
    });
    expect(r.total).toBe(3);
    expect(r.data.map((u) => u.id)).toEqual(['store-a1', 'store-a2']);
  });

  it("reads the next page after the previous page's last row, and a page reached by a jump by number", async () => {
    // what the provider asks for is watched on the way out; the server answers for real
    const sent: Array<Record<string, unknown>> = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input).endsWith('/api/order/list')) sent.push(JSON.parse(String(init?.body)));
      return realFetch(input, init);
    };
    try {
      const params = (page: number) => ({
        pagination: { page, perPage: 3 },
        sort: { field: 'create_time', order: 'DESC' as const },
        filter: {},
      });
      const p1 = await dataProvider.getList('order', params(1));
      const p2 = await dataProvider.getList('order', params(2));
      const p4 = await dataProvider.getList('order', params(4));
      expect(sent[1].after).toEqual(expect.any(String));
      expect(sent[2].after).toBeUndefined();
      // the same rows as reading the list by number
      const byNumber = await api<{ list: Array<{ _id: string }> }>('POST', '/order/list', {
        page: 1,
        pageSize: 12,
        sort: { field: 'create_time', order: 'DESC' },
      });
      expect([...p1.data, ...p2.data].map((o) => o.id)).toEqual(byNumber.list.slice(0, 6).map((o) => o._id));
      expect(p4.data.map((o) => o.id)).toEqual(byNumber.list.slice(9, 12).map((o) => o._id));
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('uses the old console paths for accounts: read and edit through /user/profile/{id}', async () => {
    const one = await dataProvider.getOne('user', { id: 'store-b1' });
    expect(one.data).toMatchObject({ id: 'store-b1', _id: 'store-b1', dealer: 'store_b1' });
    const upd = await dataProvider.update('user', {
      id: 'store-b1',
      data: { ...one.data, nickname: 'B1 lead' },
      previousData: one.data,
    });
    expect(upd.data.nickname).toBe('B1 lead');
    const many = await dataProvider.getMany('dealer', { ids: ['store_a1', 'store_b1'] });
    expect(many.data.map((d) => d.name).sort()).toEqual(['Store A1', 'Store B1']);
  });

  it('runs declared actions and turns a refusal into an HttpError with the server text and field errors', async () => {
    const frozen = await dataProvider.action<{ status: string }>('user', 'freeze', { _id: 'store-a2' });
    expect(frozen.status).toBe('frozen');
    await expect(dataProvider.action('user', 'freeze', { _id: 'store-a2' })).rejects.toMatchObject({ status: 409 });
    await dataProvider.action('user', 'unfreeze', { _id: 'store-a2' });
    await expect(
      dataProvider.create('user', { data: { _id: 'x1', password: 'weak', account_type: 'PROVIDER' } }),
    ).rejects.toMatchObject({
      status: 400,
      body: { errors: { password: expect.stringMatching(/at least 8/) } },
    });
  });
});

describe('language', () => {
  it('uses a saved choice, else the browser language, else Chinese', () => {
    expect(['zh', 'en', 'es', 'ja']).toContain(currentLang());
    saveLang('ja');
    expect(currentLang()).toBe('ja');
    document.cookie = 'vendfleet_lang=xx; path=/';
    Object.defineProperty(navigator, 'languages', { value: ['fr-FR', 'de'], configurable: true });
    expect(currentLang()).toBe('zh');
    Object.defineProperty(navigator, 'languages', { value: ['es-MX'], configurable: true });
    expect(currentLang()).toBe('es');
  });
});
