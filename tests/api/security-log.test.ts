// Refused robot keys and failed sign-ins are logged with a bound (docs/security.md): counters per
// subject and ten-minute window instead of a row per attempt, made-up names counted under the caller's
// address, and rows older than a day purged — so a flood adds to a number, not to the table.
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let robot: { _id: string; device_id: string };
beforeAll(async () => {
  s = await startTestServer();
  const admin = await s.login('admin');
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id: 'SECLOG-01', name: 'Bot', sn: 'SN-SL1', type: 'coffee', category: 'drinks', dealer: 'store_a1' },
  });
  robot = { _id: r.body.data._id, device_id: 'SECLOG-01' };
});
afterAll(() => s?.close());

const refused = (id: string) =>
  s.call('POST', '/device-gateway/heartbeat', {
    body: {},
    headers: { 'X-Device-Id': id, 'X-Device-Key': 'not-the-key' },
  });
const events = () => s.db.selectFrom('security_event').selectAll().orderBy('subject').execute();

it('purges rows older than a day, counters of idle sign-in keys with them', async () => {
  await s.db
    .insertInto('security_event')
    .values({
      kind: 'gateway_refused',
      subject: 'ip:10.0.0.9',
      window_start: sql`now() - interval '2 days'`,
      count: 5000,
    })
    .execute();
  await s.db
    .insertInto('login_throttle')
    .values({ key: 'u:long-gone', window_start: sql`now() - interval '2 days'`, attempts: 10 })
    .execute();
  expect((await refused('SECLOG-01')).status).toBe(401); // the first record of this process purges
  expect((await events()).map((e) => e.subject)).toEqual([`device:${robot._id}`]);
  expect(await s.db.selectFrom('login_throttle').select('key').where('key', '=', 'u:long-gone').execute()).toEqual([]);
});

it('a flood of refused robot keys, known and made-up, adds to two counters and one operation-log line', async () => {
  const made = (i: number) => `FAKE-${i}-${Math.random().toString(36).slice(2, 8)}`;
  for (let round = 0; round < 2; round++) {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => refused(i % 2 ? robot.device_id : made(i))));
    expect(answers.every((a) => a.status === 401)).toBe(true);
  }
  const rows = await events();
  expect(rows.map((e) => [e.kind, e.subject, e.count])).toEqual([
    ['gateway_refused', `device:${robot._id}`, 51],
    ['gateway_refused', 'ip:127.0.0.1', 50],
  ]);
  // The robot's tenant still sees the refusal in the operation log: once per window, not once per call.
  const logged = await s.db
    .selectFrom('log')
    .select(['record', 'dealer'])
    .where('action', '=', 'gateway_refused')
    .execute();
  expect(logged).toEqual([{ record: robot._id, dealer: 'store_a1' }]);
});

it('failed sign-ins are counted per account, and per address for names that do not exist', async () => {
  for (let i = 0; i < 4; i++)
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: 'store-a1', password: `Wrong${i}Pass` } })).status,
    ).toBe(401);
  for (let i = 0; i < 5; i++)
    expect(
      (await s.call('POST', '/auth/signin', { body: { username: `nobody-${i}`, password: 'Wrong0Pass' } })).status,
    ).toBe(401);
  // per subject, whatever ten-minute windows the nine attempts fell in (a run across a window's edge splits a row)
  const counts = new Map<string, number>();
  for (const e of await events())
    if (e.kind === 'signin_failed') counts.set(e.subject, (counts.get(e.subject) ?? 0) + Number(e.count));
  expect([...counts]).toEqual([
    ['ip:127.0.0.1', 5],
    ['u:store-a1', 4],
  ]);
});
