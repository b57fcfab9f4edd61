// At most 10 failed sign-ins a minute per username and per client address; then 429.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer();
});
afterEach(() => s?.close());

it('locks a username after 10 failures, even for the right password', async () => {
  for (let i = 0; i < 10; i++) {
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: `Nope${i}abcD` } })).status,
    ).toBe(401);
  }
  const r = await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } });
  expect(r.status).toBe(429);
  expect(r.body.message).toMatch(/Too many/);
});

it('locks a client address after 10 failures across usernames', async () => {
  for (let i = 0; i < 10; i++) {
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: `nobody${i}`, password: 'Nope1234A' } })).status,
    ).toBe(401);
  }
  expect((await s.call('POST', '/auth/signin', { body: { username: 'admin', password: 'Demo12345' } })).status).toBe(
    429,
  );
});

it('is lifted only by LOGIN_RATE_LIMIT=off, the switch of `npm run sqlmap`', async () => {
  try {
    process.env.LOGIN_RATE_LIMIT = 'off';
    for (let i = 0; i < 12; i++) {
      expect(
        (await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: `Nope${i}abcD` } })).status,
      ).toBe(401);
    }
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } })).status,
    ).toBe(200);
    process.env.LOGIN_RATE_LIMIT = 'on';
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: 'store-b1', password: 'Demo12345' } })).status,
    ).toBe(429);
  } finally {
    delete process.env.LOGIN_RATE_LIMIT;
  }
});

it('limits guesses of the current password through /user/password the same way, and shares the count with sign-in', async () => {
  const token = await s.login('store-a2');
  const answers = await Promise.all(
    Array.from({ length: 15 }, (_, i) =>
      s.call('POST', '/user/password', { token, body: { old_password: `Guess${i}abcD`, password: 'Changed12345' } }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((x) => x === 400).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(5);
  // The right old password waits too, and so does signing in to the same account.
  expect(
    (await s.call('POST', '/user/password', { token, body: { old_password: 'Demo12345', password: 'Changed12345' } }))
      .status,
  ).toBe(429);
  expect((await s.call('POST', '/auth/signin', { body: { username: 'store-a2', password: 'Demo12345' } })).status).toBe(
    429,
  );
});
