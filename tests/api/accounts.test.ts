// Accounts, roles and authorizations: the old console's calls (docs/api.md), validation, permissions and tenant scope.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
const t: Record<string, string> = {};
beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'provider', 'brand-a', 'brand-b', 'store-a1']) t[u] = await s.login(u);
});
afterAll(() => s?.close());

const ids = (list: Array<{ _id: string }>) => list.map((x) => x._id).sort();

describe('account list', () => {
  it('pages, sorts and filters', async () => {
    const all = await s.call('POST', '/user/list', {
      token: t.admin,
      body: { page: 1, pageSize: 3, sort: { field: '_id', order: 'ASC' } },
    });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(7);
    expect(all.body.data.list.map((u: { _id: string }) => u._id)).toEqual(['admin', 'brand-a', 'brand-b']);
    expect(all.body.data.list[0]).not.toHaveProperty('password');
    const dealers = await s.call('POST', '/user/list', {
      token: t.admin,
      body: { filter: { account_type: 'DEALER' } },
    });
    expect(ids(dealers.body.data.list)).toEqual(['store-a1', 'store-a2', 'store-b1']);
    const q = await s.call('POST', '/user/list', { token: t.admin, body: { filter: { q: 'brand a' } } });
    expect(ids(q.body.data.list)).toEqual(['brand-a']);
    const byRole = await s.call('POST', '/user/list', {
      token: t.admin,
      body: { filter: { roles: 'dealer_admin', dealer: 'store_a1' } },
    });
    expect(ids(byRole.body.data.list)).toEqual(['store-a1']);
  });

  it('refuses unknown filters, sort fields and silly paging with 400', async () => {
    for (const body of [
      { filter: { password: 'x' } },
      { filter: { nope: 1 } },
      { sort: { field: 'password', order: 'ASC' } },
      { sort: { field: '_id', order: 'sideways' } },
      { page: 0 },
      { pageSize: 100000 },
      { page: 'abc' },
      { filter: 'x' },
    ]) {
      const r = await s.call('POST', '/user/list', { token: t.admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('scopes a brand account to its brand', async () => {
    const r = await s.call('POST', '/user/list', { token: t['brand-a'], body: {} });
    expect(ids(r.body.data.list)).toEqual(['brand-a', 'store-a1', 'store-a2']);
    expect((await s.call('GET', '/user/profile/store-b1', { token: t['brand-a'] })).status).toBe(404);
    expect((await s.call('POST', '/user/freeze', { token: t['brand-a'], body: { _id: 'store-b1' } })).status).toBe(404);
  });

  it('gives a store account no account calls at all (403)', async () => {
    const r = await s.call('POST', '/user/list', { token: t['store-a1'], body: {} });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You do not have permission to do this');
    expect((await s.call('POST', '/user/add', { token: t['store-a1'], body: {} })).status).toBe(403);
  });
});

describe('creating accounts', () => {
  it('validates with the messages of docs/rules.md, in the caller language', async () => {
    const r = await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'newbie', password: 'short', email: 'bad', account_type: 'PROVIDER' },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({
      email: 'please enter a valid email',
      password: 'The password must be at least 8 characters and contain upper case and lower case letters and digits',
    });
    const es = await s.call('POST', '/user/add', {
      token: t.admin,
      lang: 'es',
      body: { _id: 'newbie', password: 'short', account_type: 'PROVIDER' },
    });
    expect(es.body.errors?.password).not.toBe(r.body.errors?.password);
    expect((await s.call('GET', '/user/profile/newbie', { token: t.admin })).status).toBe(404);
  });

  it('creates an account that can sign in, with the default role of its type', async () => {
    const r = await s.call('POST', '/user/add', {
      token: t.admin,
      body: {
        _id: 'ops1',
        password: 'Opsword123',
        email: 'ops1@example.com',
        account_type: 'PROVIDER',
        nickname: 'Ops',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ _id: 'ops1', roles: ['provider_admin'], status: 'normal', integrator: null });
    expect(r.body.data).not.toHaveProperty('password');
    await s.login('ops1', 'Opsword123');
    const dup = await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'ops1', password: 'Opsword123', account_type: 'PROVIDER' },
    });
    expect(dup.status).toBe(409);
  });

  it('keeps brand accounts inside their brand and below their rank', async () => {
    const asBrand = (body: object) =>
      s.call('POST', '/user/add', { token: t['brand-a'], body: { password: 'Brandpw123', ...body } });
    expect((await asBrand({ _id: 'bx1', account_type: 'PROVIDER' })).status).toBe(403);
    expect((await asBrand({ _id: 'bx2', account_type: 'DEALER', dealer: 'store_b1' })).status).toBe(403);
    expect((await asBrand({ _id: 'bx3', account_type: 'INTEGRATOR', integrator: 'brand_b' })).status).toBe(403);
    const ok = await asBrand({ _id: 'bx4', account_type: 'DEALER', dealer: 'store_a2' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ integrator: 'brand_a', dealer: 'store_a2', roles: ['dealer_admin'] });
    // a brand account cannot hand out the provider's role
    expect(
      (await asBrand({ _id: 'bx5', account_type: 'DEALER', dealer: 'store_a2', roles: ['provider_admin'] })).status,
    ).toBe(403);
  });

  it('requires the tenant an account type needs', async () => {
    const r = await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'lonely', password: 'Lonely1234', account_type: 'DEALER' },
    });
    expect(r.status).toBe(400);
    const r2 = await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'staff2', password: 'Staffpw123', account_type: 'PROVIDER', dealer: 'store_a1' },
    });
    expect(r2.status).toBe(400);
  });
});

describe('managing accounts', () => {
  it('edits a profile by id but never its type or password', async () => {
    const r = await s.call('POST', '/user/profile/store-a1', {
      token: t['brand-a'],
      body: { nickname: 'A1 boss', password: 'Hacked1234' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.nickname).toBe('A1 boss');
    await s.login('store-a1');
    const type = await s.call('POST', '/user/profile/store-a1', {
      token: t['brand-a'],
      body: { account_type: 'INTEGRATOR' },
    });
    expect(type.status).toBe(400);
  });

  it('freeze revokes sessions and blocks sign-in; unfreeze restores it; both only from the right state', async () => {
    await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'frosty', password: 'Frosty1234', account_type: 'DEALER', dealer: 'store_a1' },
    });
    const token = await s.login('frosty', 'Frosty1234');
    expect((await s.call('POST', '/user/freeze', { token: t.admin, body: { _id: 'frosty' } })).body.data.status).toBe(
      'frozen',
    );
    expect((await s.call('GET', '/user/profile', { token })).status).toBe(401);
    const signin = await s.call('POST', '/auth/signin', { body: { username: 'frosty', password: 'Frosty1234' } });
    expect(signin.status).toBe(401);
    expect(signin.body.message).toBe('This account is frozen');
    expect((await s.call('POST', '/user/freeze', { token: t.admin, body: { _id: 'frosty' } })).status).toBe(409);
    expect((await s.call('POST', '/user/unfreeze', { token: t.admin, body: { _id: 'frosty' } })).body.data.status).toBe(
      'normal',
    );
    await s.login('frosty', 'Frosty1234');
  });

  it('set_password and delete end the account sessions', async () => {
    await s.call('POST', '/user/add', {
      token: t.admin,
      body: { _id: 'temp1', password: 'Temp12345', account_type: 'PROVIDER' },
    });
    const token = await s.login('temp1', 'Temp12345');
    expect(
      (await s.call('POST', '/user/set_password', { token: t.admin, body: { _id: 'temp1', password: 'weak' } })).status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/user/set_password', { token: t.admin, body: { _id: 'temp1', password: 'Other12345' } }))
        .status,
    ).toBe(200);
    expect((await s.call('GET', '/user/profile', { token })).status).toBe(401);
    const token2 = await s.login('temp1', 'Other12345');
    expect((await s.call('POST', '/user/delete', { token: t.admin, body: { _id: 'temp1' } })).body.data).toEqual({
      _id: 'temp1',
    });
    expect((await s.call('GET', '/user/profile', { token: token2 })).status).toBe(401);
    expect((await s.call('POST', '/auth/signin', { body: { username: 'temp1', password: 'Other12345' } })).status).toBe(
      401,
    );
    const list = await s.call('POST', '/user/list', { token: t.admin, body: { filter: { q: 'temp1' } } });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses acting on yourself or on a stronger account', async () => {
    expect((await s.call('POST', '/user/freeze', { token: t.admin, body: { _id: 'admin' } })).status).toBe(403);
    expect((await s.call('POST', '/user/freeze', { token: t.provider, body: { _id: 'admin' } })).status).toBe(403);
    expect(
      (
        await s.call('POST', '/user/set_password', {
          token: t.provider,
          body: { _id: 'admin', password: 'Taken12345' },
        })
      ).status,
    ).toBe(403);
  });

  it('set_roles grants only roles of the account type that the caller could hold', async () => {
    expect(
      (
        await s.call('POST', '/user/set_roles', {
          token: t.admin,
          body: { _id: 'store-a2', roles: ['integrator_admin'] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await s.call('POST', '/user/set_roles', { token: t.admin, body: { _id: 'store-a2', roles: ['no_such'] } }))
        .status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/user/set_roles', { token: t.admin, body: { _id: 'store-a2', roles: [] } })).status,
    ).toBe(400);
    const r = await s.call('POST', '/user/set_roles', {
      token: t['brand-a'],
      body: { _id: 'store-a2', roles: ['dealer_admin'] },
    });
    expect(r.status).toBe(200);
  });
});

describe('roles and authorizations', () => {
  it('validates ids as xxx_xxx with the documented message', async () => {
    const r = await s.call('POST', '/role/add', { token: t.admin, body: { _id: 'badid', display_name: 'Bad' } });
    expect(r.status).toBe(400);
    expect(r.body.errors?._id).toBe('The permission id or role id cannot be empty, and its format must be xxx_xxx');
    const a = await s.call('POST', '/auth/authorization/add', {
      token: t.admin,
      body: { _id: '', display_name: 'Empty', group: 'device' },
    });
    expect(a.status).toBe(400);
  });

  it('creates, edits and deletes a role; a role in use cannot be deleted', async () => {
    const r = await s.call('POST', '/role/add', {
      token: t.admin,
      body: {
        _id: 'store_viewer',
        display_name: 'Store viewer',
        account_type: 'DEALER',
        authorizations: ['order_list', 'device_list'],
      },
    });
    expect(r.status).toBe(200);
    const e = await s.call('POST', '/role/edit', {
      token: t.admin,
      body: { _id: 'store_viewer', authorizations: ['order_list'] },
    });
    expect(e.body.data.authorizations).toEqual(['order_list']);
    await s.call('POST', '/user/set_roles', {
      token: t.admin,
      body: { _id: 'store-a1', roles: ['dealer_admin', 'store_viewer'] },
    });
    expect((await s.call('POST', '/role/delete', { token: t.admin, body: { _id: 'store_viewer' } })).status).toBe(409);
    await s.call('POST', '/user/set_roles', { token: t.admin, body: { _id: 'store-a1', roles: ['dealer_admin'] } });
    expect((await s.call('POST', '/role/delete', { token: t.admin, body: { _id: 'store_viewer' } })).status).toBe(200);
  });

  it('lets only provider staff change roles', async () => {
    expect((await s.call('POST', '/role/list', { token: t['brand-a'], body: {} })).status).toBe(200);
    expect(
      (await s.call('POST', '/role/add', { token: t['brand-a'], body: { _id: 'brand_role', display_name: 'X' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await s.call('POST', '/role/edit', {
          token: t['brand-a'],
          body: { _id: 'integrator_admin', authorizations: ['super'] },
        })
      ).status,
    ).toBe(403);
  });

  it('manages authorizations under /auth/authorization', async () => {
    const add = await s.call('POST', '/auth/authorization/add', {
      token: t.admin,
      body: { _id: 'device_reboot', display_name: 'Reboot robots', group: 'device' },
    });
    expect(add.status).toBe(200);
    const list = await s.call('POST', '/auth/authorization/list', {
      token: t.admin,
      body: { filter: { group: 'device' }, pageSize: 100 },
    });
    expect(ids(list.body.data.list)).toContain('device_reboot');
    expect(
      (
        await s.call('POST', '/auth/authorization/edit', {
          token: t.admin,
          body: { _id: 'device_reboot', display_name: 'Restart robots' },
        })
      ).body.data.display_name,
    ).toBe('Restart robots');
    expect(
      (await s.call('POST', '/auth/authorization/delete', { token: t.admin, body: { _id: 'user_list' } })).status,
    ).toBe(409);
    expect(
      (await s.call('POST', '/auth/authorization/delete', { token: t.admin, body: { _id: 'device_reboot' } })).status,
    ).toBe(200);
  });

  it('records every write in the operation log, with before and after and no secrets', async () => {
    const rows = await s.db
      .selectFrom('log')
      .selectAll()
      .where('resource', '=', 'user')
      .where('record', '=', 'frosty')
      .orderBy('time')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['add', 'freeze', 'unfreeze']);
    expect(rows[1]).toMatchObject({
      operator: 'admin',
      account_type: 'SUPER',
      integrator: 'brand_a',
      dealer: 'store_a1',
    });
    expect(rows[1].before?.status).toBe('normal');
    expect(rows[1].after?.status).toBe('frozen');
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|Frosty1234/);
  });
});
