// Sessions cached in each process (server/auth/sessionCache.ts) end at once in every process: two
// server processes on one PostgreSQL, each having served the session (so each holds it), and the change made
// through one of them. The very next call — on either process — sees the change: logout, freeze, set_password,
// delete, the owner's password change, set_roles, a role edit, an account edit and the end of a role preview;
// and a sign-in storm racing a freeze while both processes keep serving the account's sessions.
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';
import { call, login, stopProcess } from '../support/cluster';
import { DEMO_PASSWORD } from '../../server/db/seed';

let pg: PgDatabase;
let a: ServerProcess;
let b: ServerProcess;
let admin: string;

beforeAll(async () => {
  pg = await postgresDatabase();
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: pg.url }, { LOGIN_RATE_LIMIT: 'off' }),
    startServerProcess({ databaseUrl: pg.url }, { LOGIN_RATE_LIMIT: 'off' }),
  ]);
  admin = await login(a.url, 'admin');
}, 180_000);
afterAll(async () => {
  await Promise.all([stopProcess(a), stopProcess(b)]);
  await pg?.close();
});

const profile = (base: string, token: string) => call(base, 'GET', '/user/profile', { token });
/** Each process serves the session (twice: the second from its cache) before the change. */
async function servedByBoth(token: string) {
  for (const p of [a, b, a, b]) expect((await profile(p.url, token)).status).toBe(200);
}
/** A new account of store A1, signed in. */
async function freshAccount(id: string) {
  const r = await call(a.url, 'POST', '/user/add', {
    token: admin,
    body: { _id: id, password: 'Fresh12345', account_type: 'DEALER', integrator: 'brand_a', dealer: 'store_a1' },
  });
  expect(r.status).toBe(200);
  const s = await call(b.url, 'POST', '/auth/signin', { body: { username: id, password: 'Fresh12345' } });
  expect(s.status).toBe(200);
  return s.body.data.token as string;
}

it.each([
  [
    'logout, on the other process',
    async (t: string) => void expect((await call(b.url, 'GET', '/auth/logout', { token: t })).status).toBe(200),
  ],
  [
    'freeze',
    async (_t: string, id: string) =>
      void expect((await call(b.url, 'POST', '/user/freeze', { token: admin, body: { _id: id } })).status).toBe(200),
  ],
  [
    'set_password',
    async (_t: string, id: string) =>
      void expect(
        (await call(a.url, 'POST', '/user/set_password', { token: admin, body: { _id: id, password: 'Other12345' } }))
          .status,
      ).toBe(200),
  ],
  [
    'delete',
    async (_t: string, id: string) =>
      void expect((await call(b.url, 'POST', '/user/delete', { token: admin, body: { _id: id } })).status).toBe(200),
  ],
  [
    "the owner's own password change",
    async (t: string) =>
      void expect(
        (
          await call(a.url, 'POST', '/user/password', {
            token: t,
            body: { old_password: 'Fresh12345', password: 'Other12345' },
          })
        ).status,
      ).toBe(200),
  ],
])('%s ends a session both processes hold, for the very next call on each', async (what, change) => {
  const id = `cache_${what.replace(/\W+/g, '_').slice(0, 20)}`;
  const token = await freshAccount(id);
  await servedByBoth(token);
  await change(token, id);
  expect([(await profile(a.url, token)).status, (await profile(b.url, token)).status]).toEqual([401, 401]);
});

it('set_roles, a role edit and an account edit reach sessions both processes hold, at once', async () => {
  for (const [id, authorizations] of [
    ['cache_devices', ['device_list']],
    ['cache_orders', ['device_list', 'order_list']],
  ] as const) {
    expect(
      (
        await call(a.url, 'POST', '/role/add', {
          token: admin,
          body: { _id: id, display_name: id, account_type: 'DEALER', authorizations },
        })
      ).status,
    ).toBe(200);
  }
  const token = await freshAccount('cache_rights');
  expect(
    (
      await call(a.url, 'POST', '/user/set_roles', {
        token: admin,
        body: { _id: 'cache_rights', roles: ['cache_orders'] },
      })
    ).status,
  ).toBe(200);
  await servedByBoth(token);
  const orders = (p: ServerProcess) => call(p.url, 'POST', '/order/list', { token, body: {} }).then((r) => r.status);
  expect([await orders(a), await orders(b)]).toEqual([200, 200]);
  // a role without order_list: refused at once on both
  expect(
    (
      await call(a.url, 'POST', '/user/set_roles', {
        token: admin,
        body: { _id: 'cache_rights', roles: ['cache_devices'] },
      })
    ).status,
  ).toBe(200);
  expect([await orders(b), await orders(a)]).toEqual([403, 403]);
  // back, and then the role itself loses order_list
  expect(
    (
      await call(b.url, 'POST', '/user/set_roles', {
        token: admin,
        body: { _id: 'cache_rights', roles: ['cache_orders'] },
      })
    ).status,
  ).toBe(200);
  expect([await orders(a), await orders(b)]).toEqual([200, 200]);
  expect(
    (
      await call(b.url, 'POST', '/role/edit', {
        token: admin,
        body: { _id: 'cache_orders', authorizations: ['device_list'] },
      })
    ).status,
  ).toBe(200);
  expect([await orders(a), await orders(b)]).toEqual([403, 403]);
  // an edit of the account (its nickname here) shows in the next profile on both
  expect(
    (await call(a.url, 'POST', '/user/profile/cache_rights', { token: admin, body: { nickname: 'Renamed' } })).status,
  ).toBe(200);
  expect([(await profile(b.url, token)).body.data.nickname, (await profile(a.url, token)).body.data.nickname]).toEqual([
    'Renamed',
    'Renamed',
  ]);
});

it('the end of a role preview reaches both processes at once', async () => {
  const token = await login(a.url, 'admin');
  await servedByBoth(token);
  expect(
    (await call(a.url, 'POST', '/role/preview', { token, body: { _id: 'dealer_admin', dealer: 'store_a1' } })).status,
  ).toBe(200);
  expect((await call(b.url, 'GET', '/role/preview', { token })).body.data).toMatchObject({
    role: 'dealer_admin',
    dealer: 'store_a1',
  });
  expect((await call(a.url, 'GET', '/role/preview', { token })).body.data).toMatchObject({ role: 'dealer_admin' });
  expect((await call(b.url, 'POST', '/role/preview_end', { token, body: {} })).status).toBe(200);
  expect([
    (await call(a.url, 'GET', '/role/preview', { token })).body.data,
    (await call(b.url, 'GET', '/role/preview', { token })).body.data,
  ]).toEqual([null, null]);
});

it('50 sign-ins spread over both processes racing a freeze: no session of before the freeze answers on either', async () => {
  await freshAccount('cache_storm');
  const tokens: string[] = [];
  let frozen: Promise<void> | undefined;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const p = i % 2 ? a : b;
      const r = await call(p.url, 'POST', '/auth/signin', {
        body: { username: 'cache_storm', password: 'Fresh12345' },
      });
      if (r.status !== 200) return;
      const token = r.body.data.token as string;
      tokens.push(token);
      // each session is served (and so cached) by both processes while the storm goes on
      await profile(a.url, token);
      await profile(b.url, token);
      frozen ??= call(i % 2 ? b.url : a.url, 'POST', '/user/freeze', {
        token: admin,
        body: { _id: 'cache_storm' },
      }).then((x) => void expect(x.status).toBe(200));
    }),
  );
  await frozen;
  expect(tokens.length).toBeGreaterThan(0);
  const live = (await Promise.all(tokens.flatMap((t) => [profile(a.url, t), profile(b.url, t)]))).filter(
    (r) => r.status !== 401,
  );
  expect(live).toEqual([]);
  expect(
    (await call(a.url, 'POST', '/auth/signin', { body: { username: 'cache_storm', password: DEMO_PASSWORD } })).status,
  ).not.toBe(200);
}, 120_000);
