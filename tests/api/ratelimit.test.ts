// At most 10 failed sign-ins a minute per username and per client address; then 429.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer();
});
afterEach(() => s?.close());

it('locks a username after 10 failures, even for the right password', async () => {
  for (let i = 0; i < 10; i++) {
    expect((await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: `Nope${i}abcD` } })).status).toBe(401);
  }
  const r = await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } });
  expect(r.status).toBe(429);
  expect(r.body.message).toMatch(/Too many/);
});

it('locks a client address after 10 failures across usernames', async () => {
  for (let i = 0; i < 10; i++) {
    expect((await s.call('POST', '/auth/signin', { body: { username: `nobody${i}`, password: 'Nope1234A' } })).status).toBe(401);
  }
  expect((await s.call('POST', '/auth/signin', { body: { username: 'admin', password: 'Demo12345' } })).status).toBe(429);
});

it('is lifted only by LOGIN_RATE_LIMIT=off, the switch of `npm run sqlmap`', async () => {
  try {
    process.env.LOGIN_RATE_LIMIT = 'off';
    for (let i = 0; i < 12; i++) {
      expect((await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: `Nope${i}abcD` } })).status).toBe(401);
    }
    expect((await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } })).status).toBe(200);
    process.env.LOGIN_RATE_LIMIT = 'on';
    expect((await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } })).status).toBe(429);
  } finally {
    delete process.env.LOGIN_RATE_LIMIT;
  }
});
