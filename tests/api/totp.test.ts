// Two-factor sign-in (issue 13): enrolment confirmed by a first code, the sign-in's second step, each code
// and recovery code usable once, the sign-in limit on codes, turning it off with a code, and a role that
// requires it keeping its holders to enrolment until they have it.
import { generate } from 'otplib';
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/db/seed';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

/** A code of the step `steps` from now (a step is 30 s): each step's code is accepted once. */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function enrol(username: string) {
  const token = await s.login(username);
  const setup = await s.call('POST', '/user/totp/setup', { token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  const on = await s.call('POST', '/user/totp/enable', { token, body: { code: await code(secret) } });
  expect(on.status).toBe(200);
  return { token, secret, recovery: on.body.data.recovery_codes as string[] };
}

const password = (username: string) => s.call('POST', '/auth/signin', { body: { username, password: DEMO_PASSWORD } });
const second = (challenge: string, c: string) => s.call('POST', '/auth/totp', { body: { challenge, code: c } });

it('enrols with a QR code and a first code; recovery codes are shown once and kept hashed', async () => {
  const token = await s.login('store-a1');
  expect((await s.call('GET', '/user/totp', { token })).body.data).toEqual({ enabled: false, required: false, recovery_left: 0 });
  const setup = await s.call('POST', '/user/totp/setup', { token });
  expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\/VendFleet:store-a1\?secret=/);
  expect(setup.body.data.qr).toMatch(/^data:image\/png;base64,/);
  const wrong = await s.call('POST', '/user/totp/enable', { token, body: { code: '000000' } });
  expect([wrong.status, wrong.body.message]).toEqual([401, 'The code is not right']);
  const on = await s.call('POST', '/user/totp/enable', { token, body: { code: await code(setup.body.data.secret) } });
  expect(on.body.data.recovery_codes).toHaveLength(10);
  expect((await s.call('GET', '/user/totp', { token })).body.data).toEqual({ enabled: true, required: false, recovery_left: 10 });
  expect((await s.call('POST', '/user/totp/setup', { token })).status).toBe(409);
  const row = await s.db.selectFrom('account_totp').select('recovery').where('account', '=', 'store-a1').executeTakeFirstOrThrow();
  expect(row.recovery.some((h: string) => on.body.data.recovery_codes.includes(h))).toBe(false);
});

it('signing in takes the password, then a code; a code is accepted once; a recovery code once', async () => {
  const { secret, recovery } = await enrol('store-a2');
  const first = await password('store-a2');
  expect(first.status).toBe(200);
  expect(first.body.data.token).toBeUndefined();
  expect(first.body.data.totp_required).toBe(true);
  const challenge = first.body.data.challenge;
  expect((await second(challenge, '123456')).status).toBe(401);
  const next = await code(secret, 1); // the enrolment spent this step's code
  const ok = await second(challenge, next);
  expect(ok.status).toBe(200);
  expect((await s.call('GET', '/user/profile', { token: ok.body.data.token })).status).toBe(200);
  // The challenge is spent, and the code cannot be used again with a new one.
  expect((await second(challenge, next)).status).toBe(401);
  const again = (await password('store-a2')).body.data.challenge;
  expect((await second(again, next)).status).toBe(401);
  const byRecovery = await second(again, recovery[0].toUpperCase());
  expect(byRecovery.status).toBe(200);
  const third = (await password('store-a2')).body.data.challenge;
  expect((await second(third, recovery[0])).status).toBe(401);
  expect((await s.call('GET', '/user/totp', { token: byRecovery.body.data.token })).body.data.recovery_left).toBe(9);
});

it('turns off only with a current code', async () => {
  const { token, secret } = await enrol('brand-b');
  expect((await s.call('POST', '/user/totp/disable', { token, body: { code: '999999' } })).status).toBe(401);
  expect((await s.call('GET', '/user/totp', { token })).body.data.enabled).toBe(true);
  expect((await s.call('POST', '/user/totp/disable', { token, body: { code: await code(secret, 1) } })).status).toBe(200);
  const plain = await password('brand-b');
  expect(plain.body.data.token).toEqual(expect.any(String));
});

it('a role may require it, set by a SUPER only; its holders can only enrol until they have', async () => {
  const provider = await s.login('provider');
  const refused = await s.call('POST', '/role/edit', { token: provider, body: { _id: 'integrator_admin', require_totp: true } });
  expect(refused.status).toBe(403);
  expect((await s.call('POST', '/role/edit', { token: admin, body: { _id: 'integrator_admin', require_totp: true } })).status).toBe(200);
  const token = await s.login('brand-a');
  const blocked = await s.call('POST', '/order/list', { token, body: {} });
  expect([blocked.status, blocked.body.message]).toEqual([403, 'Your role requires two-factor sign-in: set it up on your profile first']);
  expect((await s.call('GET', '/user/profile', { token })).body.data.totp_pending).toBe(true);
  expect((await s.call('GET', '/user/totp', { token })).body.data.required).toBe(true);
  const secret = (await s.call('POST', '/user/totp/setup', { token })).body.data.secret;
  expect((await s.call('POST', '/user/totp/enable', { token, body: { code: await code(secret) } })).status).toBe(200);
  expect((await s.call('POST', '/order/list', { token, body: {} })).status).toBe(200);
  expect((await s.call('GET', '/user/profile', { token })).body.data.totp_pending).toBe(false);
});

it('codes count against the sign-in limit: parallel guesses are cut off, then even the right code waits', async () => {
  const { secret } = await enrol('store-b1');
  const challenge = (await password('store-b1')).body.data.challenge;
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => second(challenge, String(100000 + i))));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(10);
  expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(5);
  expect((await second(challenge, await code(secret, 1))).status).toBe(429);
});
