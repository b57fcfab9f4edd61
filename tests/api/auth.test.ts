// Sign-in, sessions and the caller's own profile, against the real server on a real database.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('sign-in', () => {
  it('trims the username and returns a token that opens the profile', async () => {
    const r = await s.call('POST', '/auth/signin', { body: { username: '  admin  ', password: 'Demo12345' } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    const token = r.body.data.token;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const p = await s.call('GET', '/user/profile', { token });
    expect(p.status).toBe(200);
    expect(p.body.data).toMatchObject({
      _id: 'admin',
      account_type: 'SUPER',
      roles: ['super'],
      authorizations: ['super'],
    });
    expect(p.body.data.roles_detail[0].display_name).toBe('Super administrator');
  });

  it('answers the same profile to many calls at once, and a changed nickname on the next call', async () => {
    // more calls at once than the prepared connections (2 of 10), and past the 5 custom plans PostgreSQL makes a
    // named statement on a connection before it may keep a generic one (server/db/prepared.ts, runNamed)
    const token = await s.login('brand-a');
    const many = await Promise.all(Array.from({ length: 24 }, () => s.call('GET', '/user/profile', { token })));
    expect(many.map((r) => r.status)).toEqual(many.map(() => 200));
    for (const r of many) expect(r.body.data).toEqual(many[0].body.data);
    expect(many[0].body.data).toMatchObject({ _id: 'brand-a', integrator: 'brand_a', account_type: 'INTEGRATOR' });
    expect(many[0].body.data.authorizations.length).toBeGreaterThan(10);
    const changed = await s.call('POST', '/user/profile', { token, body: { nickname: 'Brand A, renamed' } });
    expect(changed.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 12 }, () => s.call('GET', '/user/profile', { token })));
    for (const r of after) expect(r.body.data.nickname).toBe('Brand A, renamed');
  });

  it('refuses a wrong password with 401 and a message in the caller language', async () => {
    const en = await s.call('POST', '/auth/signin', { body: { username: 'brand-b', password: 'Wrong1234' } });
    expect(en.status).toBe(401);
    expect(en.body).toMatchObject({ code: 401, message: 'Wrong username or password' });
    const zh = await s.call('POST', '/auth/signin', {
      body: { username: 'brand-b', password: 'Wrong1234' },
      lang: 'zh-CN,zh;q=0.9',
    });
    expect(zh.status).toBe(401);
    expect(zh.body.message).not.toBe(en.body.message);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers a malformed body with 400, never 500', async () => {
    for (const body of ['{not json', '[]', '"x"', JSON.stringify({ username: 5, password: [] }), JSON.stringify({})]) {
      const r = await s.call('POST', '/auth/signin', { body });
      expect(r.status, body).toBeGreaterThanOrEqual(400);
      expect(r.status, body).toBeLessThan(500);
      expect(r.body.message, body).toBeTruthy();
    }
  });

  it('shows the brand name for a brand account and the store name for a store account', async () => {
    const brand = await s.call('GET', '/user/profile', { token: await s.login('brand-a') });
    expect(brand.body.data).toMatchObject({
      account_type: 'INTEGRATOR',
      integrator: 'brand_a',
      integrator_name: 'Demo Brand A',
      dealer: null,
    });
    const store = await s.call('GET', '/user/profile', { token: await s.login('store-a1') });
    expect(store.body.data).toMatchObject({
      account_type: 'DEALER',
      dealer: 'store_a1',
      dealer_name: 'Store A1',
      integrator_name: 'Demo Brand A',
    });
    expect(store.body.data.authorizations).not.toContain('user_list');
  });
});

describe('sessions', () => {
  it('has no access without a token or with a made-up one', async () => {
    expect((await s.call('GET', '/user/profile')).status).toBe(401);
    expect((await s.call('GET', '/user/profile', { token: 'made-up' })).status).toBe(401);
    expect((await s.call('POST', '/user/list', { body: {}, headers: { Authorization: 'Basic abc' } })).status).toBe(
      401,
    );
  });

  it('logout revokes the token: the next call answers 401', async () => {
    const token = await s.login('provider');
    expect((await s.call('GET', '/auth/logout', { token })).status).toBe(200);
    expect((await s.call('GET', '/user/profile', { token })).status).toBe(401);
  });

  it('a password change needs the old password and ends every session', async () => {
    const token = await s.login('store-a2');
    const other = await s.login('store-a2');
    const wrongOld = await s.call('POST', '/user/password', {
      token,
      body: { old_password: 'Nope12345', password: 'NewPass123' },
    });
    expect(wrongOld.status).toBe(400);
    const weak = await s.call('POST', '/user/password', {
      token,
      body: { old_password: 'Demo12345', password: 'alllowercase1' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.password).toMatch(/upper case/);
    const good = await s.call('POST', '/user/password', {
      token,
      body: { old_password: 'Demo12345', password: 'NewPass123' },
    });
    expect(good.status).toBe(200);
    expect((await s.call('GET', '/user/profile', { token })).status).toBe(401);
    expect((await s.call('GET', '/user/profile', { token: other })).status).toBe(401);
    await s.login('store-a2', 'NewPass123');
  });

  it('updates only the caller own nickname, e-mail and avatar', async () => {
    const token = await s.login('brand-b');
    const bad = await s.call('POST', '/user/profile', { token, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.email).toBe('please enter a valid email');
    const r = await s.call('POST', '/user/profile', {
      token,
      body: { nickname: 'Bee', account_type: 'SUPER', roles: ['super'] },
    });
    expect(r.status).toBe(200);
    const p = await s.call('GET', '/user/profile', { token });
    expect(p.body.data).toMatchObject({ nickname: 'Bee', account_type: 'INTEGRATOR', roles: ['integrator_admin'] });
  });

  it('lists every authorization in the shortlist as an id → name map', async () => {
    const r = await s.call('GET', '/auth/authorization/shortlist', { token: await s.login('store-a1') });
    expect(r.status).toBe(200);
    expect(r.body.data.authorizations).toMatchObject({ user_list: 'Account list', lecode_add: 'Generate vouchers' });
  });
});
