// Guesses bounded per account whatever addresses they come from (server/auth/holds.ts, docs/security.md "Holds per
// account"): an attacker who holds the password and many addresses gets 10 wrong codes per account and window, then
// the second step is held (the right code refused too) and the owner told; a provider lifts the hold; 30 codes at
// once judge at most 10; each further burst doubles the hold; 20 wrong passwords hold password sign-ins except from
// the owner's own address. And two small leaks: a brand's sort of the operation log by the client address, and the
// log-out offered as POST. The database is the clock: a test moves a window or a hold into the past instead of
// waiting for it.
import { generate } from 'otplib';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/db/seed';

// client addresses from X-Forwarded-For: the attacker's many, the owner's own
process.env.TRUST_PROXY = '1';

let s: TestServer;
let admin: string;
let provider: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, provider] = await Promise.all(['admin', 'provider'].map((u) => s.login(u)));
});
afterAll(() => s?.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor sign-in on for the account (its enrolment spends this step's code: the next right one is +1). */
async function enrolled(username: string) {
  const token = await s.login(username);
  const { secret } = (await s.call('POST', '/user/totp/setup', { token })).body.data;
  const on = await s.call('POST', '/user/totp/enable', { token, body: { code: await code(secret) } });
  expect(on.status).toBe(200);
  return { secret: secret as string, token, recovery: on.body.data.recovery_codes as string[] };
}
const enrol = async (username: string) => (await enrolled(username)).secret;

/** The password step from an address: its challenge. */
async function challengeFrom(username: string, ip: string) {
  const r = await s.call('POST', '/auth/signin', { headers: from(ip), body: { username, password: DEMO_PASSWORD } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.challenge as string;
}

/** One wrong code from a new address, with a challenge of its own (a voided one is no obstacle to an attacker). */
async function wrongCode(username: string, ip: string, n: number) {
  const challenge = await challengeFrom(username, ip);
  return s.call('POST', '/auth/totp', { headers: from(ip), body: { challenge, code: String(100000 + n) } });
}

const holdRow = (subject: string, step: 'code' | 'password') =>
  s.db
    .selectFrom('account_hold')
    .select(['failures', 'holds', sql<number>`extract(epoch FROM held_until - now()) / 60`.as('minutes_left')])
    .where('subject', '=', subject)
    .where('step', '=', step)
    .executeTakeFirstOrThrow();

const holdOf = (subject: string) => holdRow(subject, 'code');

/** Wrong codes the server judged for the account (each counted once in the security log). */
async function judged(account: string) {
  const r = await s.db
    .selectFrom('security_event')
    .select(({ fn }) => fn.sum<number>('count').as('n'))
    .where('kind', '=', 'totp_failed')
    .where('subject', '=', `u:${account}`)
    .executeTakeFirstOrThrow();
  return Number(r.n ?? 0);
}

it('12 wrong codes from 12 addresses: the 11th is refused, the right code too while held; the owner is told; a provider lifts it', async () => {
  const { secret, recovery } = await enrolled('store-a1');
  const answers = [];
  for (let i = 1; i <= 12; i++) answers.push(await wrongCode('store-a1', `203.0.113.${i}`, i));
  // nine judged wrong (the fifth also voids the sign-in), the tenth fills the bound and is answered with the hold
  expect(answers.slice(0, 9).map((a) => a.status)).toEqual(Array(9).fill(401));
  expect(answers.slice(9).map((a) => a.status)).toEqual([429, 429, 429]);
  expect(answers[10].body.message).toBe(
    "Too many wrong codes for this account: its second step is held for 15 min, every code refused. The account's owner has been told",
  );
  expect(await judged('store-a1')).toBe(10);
  // the owner, from its own address with its right password: the right code is refused while held
  const own = await challengeFrom('store-a1', '192.0.2.10');
  const right = await code(secret, 1);
  const refused = await s.call('POST', '/auth/totp', {
    headers: from('192.0.2.10'),
    body: { challenge: own, code: right },
  });
  expect(refused.status).toBe(429);
  // a recovery code counts in the same bound: refused too
  const byRecovery = await s.call('POST', '/auth/totp', {
    headers: from('192.0.2.10'),
    body: { challenge: own, code: recovery[0] },
  });
  expect(byRecovery.status).toBe(429);
  expect(await judged('store-a1')).toBe(10);

  // told at once: an operation-log entry and a console message in the account's own store
  const log = await s.call('POST', '/log/list', {
    token: admin,
    body: { filter: { action: 'sign_in_held', record: 'store-a1' } },
  });
  expect(log.body.data.list.map((e: Record<string, unknown>) => [e.resource, e.integrator, e.dealer])).toEqual([
    ['user', 'brand_a', 'store_a1'],
  ]);
  const brandA = await s.login('brand-a');
  const messages = await s.call('POST', '/message/list', { token: brandA, body: { filter: { code: 100011 } } });
  expect(messages.body.data.list).toHaveLength(1);
  expect(messages.body.data.list[0]).toMatchObject({
    dealer: 'store_a1',
    title: 'Sign-in held',
    detail: { account: 'store-a1', step: 'code', failures: 10 },
  });

  // a brand may not lift it; provider staff may, and that is logged
  expect((await s.call('POST', '/user/lift_hold', { token: brandA, body: { _id: 'store-a1' } })).status).toBe(403);
  expect((await s.call('POST', '/user/lift_hold', { token: provider, body: { _id: 'store-a1' } })).status).toBe(200);
  const lifted = await s.call('POST', '/log/list', {
    token: admin,
    body: { filter: { action: 'lift_hold', record: 'store-a1' } },
  });
  expect(lifted.body.data.list.map((e: Record<string, unknown>) => e.operator)).toEqual(['provider']);
  const again = await challengeFrom('store-a1', '192.0.2.10');
  const done = await s.call('POST', '/auth/totp', {
    headers: from('192.0.2.10'),
    body: { challenge: again, code: right },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
});

it('30 codes at once, on the sign-in step and on turning it off, from 30 addresses: at most 10 are judged', async () => {
  // Half on the second step of 6 sign-ins, half on turning two-factor off with a session of the account (a stolen
  // one): the latter need no challenge, so voiding the sign-ins after 5 wrong codes in a row does not stop them —
  // only the account's bound does.
  const { secret, token } = await enrolled('store-b1');
  const challenges: string[] = [];
  for (let i = 0; i < 6; i++) challenges.push(await challengeFrom('store-b1', `198.18.1.${i + 1}`));
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, k) =>
      k % 2
        ? s.call('POST', '/auth/totp', {
            headers: from(`198.18.2.${k + 1}`),
            body: { challenge: challenges[k % 6], code: String(300000 + k) },
          })
        : s.call('POST', '/user/totp/disable', {
            token,
            headers: from(`198.18.2.${k + 1}`),
            body: { code: String(300000 + k) },
          }),
    ),
  );
  expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
  const n = await judged('store-b1');
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(10);
  // the right code is refused now: held
  const last = await s.call('POST', '/user/totp/disable', {
    token,
    headers: from('198.18.3.1'),
    body: { code: await code(secret, 1) },
  });
  expect(last.status).toBe(429);
});

it('each further burst doubles the hold, up to a day', async () => {
  await enrol('brand-b');
  const burst = async (round: number) => {
    for (let i = 1; i <= 10; i++) await wrongCode('brand-b', `203.0.${100 + round}.${i}`, round * 100 + i);
  };
  await burst(1);
  const first = await holdOf('brand-b');
  expect(first.minutes_left).toBeGreaterThan(14);
  expect(first.minutes_left).toBeLessThanOrEqual(15);
  // the hold is over (the database's clock moved on): the next burst holds twice as long
  await s.db
    .updateTable('account_hold')
    .set({ held_until: sql`now() - interval '1 second'`, window_start: sql`now() - interval '1 second'` })
    .where('subject', '=', 'brand-b')
    .execute();
  await burst(2);
  const second = await holdOf('brand-b');
  expect(second.holds).toBe(2);
  expect(second.minutes_left).toBeGreaterThan(29);
  expect(second.minutes_left).toBeLessThanOrEqual(30);
  // many bursts later it stays at a day
  await s.db
    .updateTable('account_hold')
    .set({ held_until: sql`now() - interval '1 second'`, window_start: sql`now() - interval '1 second'`, holds: 12 })
    .where('subject', '=', 'brand-b')
    .execute();
  await burst(3);
  expect((await holdOf('brand-b')).minutes_left).toBeLessThanOrEqual(24 * 60);
  expect((await holdOf('brand-b')).minutes_left).toBeGreaterThan(24 * 60 - 1);
});
it('20 wrong passwords from 20 addresses hold password sign-ins 15 minutes, but not from the address the owner signed in from', async () => {
  const home = '192.0.2.77';
  expect(
    (
      await s.call('POST', '/auth/signin', {
        headers: from(home),
        body: { username: 'store-a2', password: DEMO_PASSWORD },
      })
    ).status,
  ).toBe(200);
  const wrong = (i: number) =>
    s.call('POST', '/auth/signin', {
      headers: from(`198.51.100.${i}`),
      body: { username: 'store-a2', password: `Wrong${i}Pass` },
    });
  for (let i = 1; i <= 10; i++) expect((await wrong(i)).status).toBe(401);
  // the name's own limit (10 a minute) is passed by waiting a minute: moved back instead
  await s.db
    .updateTable('login_throttle')
    .set({ window_start: sql`now() - interval '2 minutes'` })
    .where('key', '=', 'u:store-a2')
    .execute();
  for (let i = 11; i <= 20; i++) expect((await wrong(i)).status).toBe(401);
  const elsewhere = await s.call('POST', '/auth/signin', {
    headers: from('198.51.100.99'),
    body: { username: 'store-a2', password: DEMO_PASSWORD },
  });
  expect([elsewhere.status, elsewhere.body.message]).toEqual([
    429,
    "Too many wrong passwords for this account: signing in is held for 15 min. The account's owner has been told",
  ]);
  const hold = await holdRow('store-a2', 'password');
  expect(hold.minutes_left).toBeGreaterThan(14);
  expect(hold.minutes_left).toBeLessThanOrEqual(15);
  // the owner, from where it signed in before, is not kept out
  const home2 = await s.call('POST', '/auth/signin', {
    headers: from(home),
    body: { username: 'store-a2', password: DEMO_PASSWORD },
  });
  expect(home2.status, JSON.stringify(home2.body)).toBe(200);
  const told = await s.call('POST', '/message/list', { token: admin, body: { filter: { code: 100011 } } });
  expect(
    told.body.data.list.filter((m: { detail?: { account?: string } }) => m.detail?.account === 'store-a2'),
  ).toMatchObject([{ dealer: 'store_a2', detail: { step: 'password', failures: 20 } }]);
});

it("a brand's sort of the operation log by client address does not follow provider staff's hidden addresses", async () => {
  const staffIps = ['10.9.0.3', '10.9.0.1', '10.9.0.4', '10.9.0.2'];
  for (const [i, ip] of staffIps.entries())
    expect(
      (
        await s.call('POST', '/dealer/edit', {
          token: provider,
          headers: from(ip),
          body: { _id: 'store_a2', description: `Staff edit ${i}` },
        })
      ).status,
    ).toBe(200);
  const brandA = await s.login('brand-a');
  const page = (order: 'ASC' | 'DESC', after?: string) =>
    s.call('POST', '/log/list', {
      token: brandA,
      body: {
        pageSize: 1,
        sort: { field: 'ip', order },
        filter: { resource: 'dealer', record: 'store_a2' },
        ...(after ? { after } : {}),
      },
    });
  // walking page by page: no position handed to the brand holds a staff address
  for (const order of ['ASC', 'DESC'] as const) {
    let next: string | undefined;
    for (let n = 0; n < staffIps.length; n++) {
      const r = await page(order, next);
      expect(r.status).toBe(200);
      next = r.body.data.next;
      if (!next) break;
      const position = Buffer.from(next, 'base64url').toString('utf8');
      for (const ip of staffIps) expect(position).not.toContain(ip);
    }
  }
  // the rows' order among themselves is the list's tie-break (_id), not their addresses
  const whole = await s.call('POST', '/log/list', {
    token: brandA,
    body: { pageSize: 100, sort: { field: 'ip', order: 'ASC' }, filter: { resource: 'dealer', record: 'store_a2' } },
  });
  const ids = whole.body.data.list.map((e: { _id: string }) => e._id);
  expect(ids).toEqual([...ids].sort());
  // staff still sort by the addresses themselves
  const staff = await s.call('POST', '/log/list', {
    token: admin,
    body: { pageSize: 100, sort: { field: 'ip', order: 'ASC' }, filter: { resource: 'dealer', record: 'store_a2' } },
  });
  expect(staff.body.data.list.map((e: { ip: string }) => e.ip)).toEqual([...staffIps].sort());
});

it('log-out is offered as POST beside the GET; both end the session', async () => {
  for (const method of ['POST', 'GET']) {
    const token = await s.login('brand-a');
    const out = await s.call(method, '/auth/logout', { token, ...(method === 'POST' ? { body: {} } : {}) });
    expect(out.status).toBe(200);
    expect((await s.call('GET', '/user/profile', { token })).status).toBe(401);
  }
});
