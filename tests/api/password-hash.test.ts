// Passwords at current guidance (docs/security.md): argon2id with OWASP's parameters for new hashes, and the
// scrypt hashes of existing databases replaced by one at the account's next sign-in, without ending its sessions.
import { randomBytes, scryptSync } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/db/seed';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const stored = async (id: string) =>
  (await s.db.selectFrom('account').select('password').where('_id', '=', id).executeTakeFirstOrThrow())
    .password as string;

it('hashes new passwords with argon2id, m=19 MiB, t=2, p=1', async () => {
  const admin = await s.login('admin');
  expect(
    (await s.call('POST', '/user/set_password', { token: admin, body: { _id: 'store-b1', password: 'Fresh12345' } }))
      .status,
  ).toBe(200);
  expect(await stored('store-b1')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

it('replaces an older scrypt hash at the next sign-in, and the session opened with it stays valid', async () => {
  const salt = randomBytes(16);
  const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(DEMO_PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
  await s.db.updateTable('account').set({ password: old }).where('_id', '=', 'store-a2').execute();
  expect(
    (await s.call('POST', '/auth/signin', { body: { username: 'store-a2', password: 'Wrong12345' } })).status,
  ).toBe(401);
  expect(await stored('store-a2')).toBe(old); // a wrong password changes nothing
  const token = await s.login('store-a2');
  expect(await stored('store-a2')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect((await s.call('GET', '/user/profile', { token })).status).toBe(200);
  await s.login('store-a2'); // and the new hash verifies
});
