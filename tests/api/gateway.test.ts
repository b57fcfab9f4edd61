// The robots' side: heartbeat, status and notify under /api/device-gateway, online/offline by heartbeat,
// notifications as messages in the viewer's language, and live events scoped to each account.
import { startTestServer, type TestServer } from '../support/server';
import { openEvents } from '../support/sse';
import { notifyText } from '../../i18n/notify';

// A short window, so that a robot goes offline within the test (read when the server starts).
process.env.OFFLINE_AFTER_SECONDS = '1.5';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

interface Robot {
  _id: string;
  device_id: string;
  key: string;
}

async function addRobot(device_id: string, dealer = 'store_a1'): Promise<Robot> {
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: 'Bot', sn: `SN-${device_id}`, type: 'coffee', category: 'drinks', dealer },
  });
  expect(r.status).toBe(200);
  return { _id: r.body.data._id, device_id, key: r.body.data.device_key };
}

const gw = (robot: Pick<Robot, 'device_id' | 'key'>, call: string, body?: unknown, lang = 'en') =>
  s.call('POST', `/device-gateway/${call}`, {
    body: body ?? {},
    lang,
    headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': robot.key },
  });

const deviceRow = (id: string) => s.db.selectFrom('device').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();

it('refuses a wrong or missing key with 401, logs the refusal, and changes nothing', async () => {
  const robot = await addRobot('GW-WRONG-1');
  const before = await s.db.selectFrom('log').select('_id').where('action', '=', 'gateway_refused').execute();
  for (const call of ['heartbeat', 'status', 'notify']) {
    const r = await gw({ ...robot, key: 'not-the-key' }, call, { state: 'idle', code: 202 });
    expect(r.status, call).toBe(401);
    expect(r.body.code).toBe(401);
  }
  expect((await s.call('POST', '/device-gateway/heartbeat', { body: {} })).status).toBe(401);
  // Logged once per robot and ten-minute window (a flood must not grow the log), and counted each time.
  const after = await s.db.selectFrom('log').selectAll().where('action', '=', 'gateway_refused').execute();
  expect(after.length - before.length).toBe(1);
  expect(after.some((l) => l.record === robot._id && l.dealer === 'store_a1')).toBe(true);
  const counted = await s.db
    .selectFrom('security_event')
    .select('count')
    .where('subject', '=', `device:${robot._id}`)
    .executeTakeFirstOrThrow();
  expect(counted.count).toBe(3);
  const row = await deviceRow(robot._id);
  expect(row.online).toBe(false);
  expect(row.last_heartbeat).toBeNull();
  expect((await s.db.selectFrom('message').select('_id').where('device', '=', robot._id).execute()).length).toBe(0);
});

it('a heartbeat sets the robot online with its state; the list filter finds it; it goes offline by itself', async () => {
  const robot = await addRobot('GW-BEAT-01');
  const r = await gw(robot, 'heartbeat', { state: 'idle', work_status: 'ready' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ online: true, state: 'idle', work_status: 'ready', offline_after: 1.5 });
  const online = await s.call('POST', '/device/list', { token: admin, body: { filter: { online: true } } });
  expect(online.body.data.list.map((d: { _id: string }) => d._id)).toContain(robot._id);
  const shown = await s.call('GET', `/device/detail/${robot._id}`, { token: admin });
  expect(shown.body.data).toMatchObject({ online: true, state: 'idle', work_status: 'ready' });
  expect(Date.now() - new Date(shown.body.data.last_heartbeat).getTime()).toBeLessThan(10_000);

  // A status call changes the state and counts as a heartbeat; a plain heartbeat keeps the state.
  expect((await gw(robot, 'status', { state: 'busy' })).body.data).toMatchObject({
    online: true,
    state: 'busy',
    work_status: 'ready',
  });
  expect((await gw(robot, 'heartbeat')).body.data.state).toBe('busy');

  // Heartbeats stop: after the window (1.5 s) and a sweep, the robot is offline, with an alarm.
  await expect.poll(async () => (await deviceRow(robot._id)).online, { timeout: 8000, interval: 200 }).toBe(false);
  const msgs = await s.call('POST', '/message/list', {
    token: admin,
    body: { filter: { device: robot._id }, sort: { field: 'create_time', order: 'ASC' } },
  });
  expect(msgs.body.data.list.map((m: { code: number }) => m.code)).toEqual([100001, 100002]);
  expect(msgs.body.data.list[1]).toMatchObject({ level: 'error', title: 'Robot offline' });

  // The next heartbeat brings it back.
  expect((await gw(robot, 'heartbeat')).body.data.online).toBe(true);
  expect((await deviceRow(robot._id)).online).toBe(true);
});

it('keeps a robot online while it keeps beating', async () => {
  const robot = await addRobot('GW-STEADY1');
  const until = Date.now() + 4000;
  while (Date.now() < until) {
    expect((await gw(robot, 'heartbeat')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect((await deviceRow(robot._id)).online).toBe(true);
  }
});

it('refuses bad input with a translated 400 and changes nothing', async () => {
  const robot = await addRobot('GW-BADIN-1');
  const cases: Array<[string, unknown, string]> = [
    ['heartbeat', { state: 'flying' }, '状态必须是以下之一'],
    ['heartbeat', { work_status: 'x'.repeat(41) }, '工作状态'],
    ['heartbeat', [1, 2], ''],
    ['status', {}, '状态必须是以下之一'],
    ['notify', { code: 99999 }, '未知的通知代码：99999'],
    ['notify', { code: '202' }, '未知的通知代码'],
    ['notify', { code: 202.5 }, '未知的通知代码'],
    ['notify', { code: 202, detail: 'text' }, '详情'],
    ['notify', { code: 202, detail: { note: 'x'.repeat(3000) } }, '详情'],
  ];
  for (const [call, body, text] of cases) {
    const r = await gw(robot, call, body, 'zh');
    expect(r.status, `${call} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
    expect(r.body.message).toContain(text);
  }
  const bad = await s.call('POST', '/device-gateway/heartbeat', {
    body: '{"state":',
    headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': robot.key },
  });
  expect(bad.status).toBe(400);
  const row = await deviceRow(robot._id);
  expect(row.online).toBe(false);
  expect(row.state).toBe('unknown');
  expect((await s.db.selectFrom('message').select('_id').where('device', '=', robot._id).execute()).length).toBe(0);
});

it('turns a §8 notification into a message with its level, title and content in the viewer’s language', async () => {
  const robot = await addRobot('GW-NOTIFY1');
  const r = await gw(robot, 'notify', { code: 202, detail: { tank: 2 } });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ code: 202, level: 'error' });
  const brandA = await s.login('brand-a');
  for (const lang of ['en', 'zh', 'es', 'ja'] as const) {
    const list = await s.call('POST', '/message/list', {
      token: brandA,
      lang,
      body: { filter: { device: robot._id, code: 202 } },
    });
    expect(list.body.data.total).toBe(1);
    const m = list.body.data.list[0];
    const t = notifyText(202, lang)!;
    expect(m).toMatchObject({
      level: 'error',
      code: 202,
      title: t.title,
      content: t.content,
      dealer: 'store_a1',
      integrator: 'brand_a',
      read: false,
    });
    expect(m.title.length).toBeGreaterThan(2);
  }
  // Every family of §8 codes is accepted: stock, robot arm, ice cream, cups, change, coffee, ice maker, printer, business, orders, hardware.
  for (const code of [
    200000, 200005, 21, 3021, 117, 301, 400, 523, 612, 650, 3652, 705, 3751, 807, 3806, 1001, 4000, 4003, 1005, 5013,
    5211,
  ]) {
    const n = await gw(robot, 'notify', { code });
    expect(n.status, String(code)).toBe(200);
    expect(n.body.data.level, String(code)).toMatch(/^(info|success|warning|error)$/);
  }
  const filtered = await s.call('POST', '/message/list', {
    token: brandA,
    body: { filter: { device: robot._id, level: 'success' } },
  });
  expect(filtered.body.data.list.map((m: { code: number }) => m.code).sort()).toEqual([3021, 3652, 3751, 3806, 4000]);
});

it('keeps messages to the tenant: brand B and another store see none of store A1’s, by list, detail or bulk read', async () => {
  const robot = await addRobot('GW-SCOPE-1');
  const sent = await gw(robot, 'notify', { code: 301 });
  const id = sent.body.data._id;
  const [brandA, brandB, storeA1, storeA2] = await Promise.all(
    ['brand-a', 'brand-b', 'store-a1', 'store-a2'].map((u) => s.login(u)),
  );
  const see = async (token: string) =>
    (await s.call('POST', '/message/list', { token, body: { filter: { device: robot._id } } })).body.data.total;
  expect(await see(brandA)).toBe(1);
  expect(await see(storeA1)).toBe(1);
  expect(await see(brandB)).toBe(0);
  expect(await see(storeA2)).toBe(0);
  expect((await s.call('GET', `/message/detail/${id}`, { token: brandB })).status).toBe(404);
  expect((await s.call('POST', '/message/mark_read', { token: storeA2, body: { _id: id } })).status).toBe(404);
  // "Mark all as read" by brand B touches nothing of brand A.
  expect((await s.call('POST', '/message/read_all', { token: brandB, body: {} })).status).toBe(200);
  expect((await s.db.selectFrom('message').select('read').where('_id', '=', id).executeTakeFirstOrThrow()).read).toBe(
    false,
  );
  const mine = await s.call('POST', '/message/read_all', { token: storeA1, body: {} });
  expect(mine.body.data.count).toBeGreaterThanOrEqual(1);
  expect((await s.db.selectFrom('message').select('read').where('_id', '=', id).executeTakeFirstOrThrow()).read).toBe(
    true,
  );
  expect((await s.call('POST', '/message/read_all', { body: {} })).status).toBe(401);
});

it('streams status changes and alarms to each account, scoped to its tenant and in its language', async () => {
  const robot = await addRobot('GW-EVENT-1');
  const [brandA, brandB, storeA2] = await Promise.all(['brand-a', 'brand-b', 'store-a2'].map((u) => s.login(u)));
  const a = await openEvents(s.url, brandA, 'ja');
  const b = await openEvents(s.url, brandB);
  const a2 = await openEvents(s.url, storeA2);
  try {
    await gw(robot, 'heartbeat', { state: 'idle' });
    const status = await a.next((e) => e.event === 'device.status' && e.data._id === robot._id);
    expect(status.data).toMatchObject({ online: true, state: 'idle', dealer: 'store_a1' });
    await gw(robot, 'status', { state: 'failure' });
    await a.next((e) => e.event === 'device.status' && e.data._id === robot._id && e.data.state === 'failure');

    await gw(robot, 'notify', { code: 523 });
    const alarm = await a.next((e) => e.event === 'message.created' && e.data.code === 523);
    expect(alarm.data).toMatchObject({ level: 'error', device: robot._id, title: notifyText(523, 'ja')!.title });

    // Give the others time to receive anything they should not.
    await new Promise((r) => setTimeout(r, 500));
    const foreign = (ev: { data: { device?: string; _id?: string } }) =>
      ev.data.device === robot._id || ev.data._id === robot._id;
    expect(b.events.filter(foreign)).toEqual([]);
    expect(a2.events.filter(foreign)).toEqual([]);
  } finally {
    a.close();
    b.close();
    a2.close();
  }
  expect((await fetch(`${s.url}/api/events`)).status).toBe(401);
});

it('beats that arrive together are each answered for their own robot, and each robot comes online once', async () => {
  // Beats sent at once go to the database as one statement (group commit): the answers must still be per robot.
  const robots = await Promise.all(
    ['GW-GROUP-01', 'GW-GROUP-02', 'GW-GROUP-03', 'GW-GROUP-04'].map((id) => addRobot(id)),
  );
  const states = ['idle', 'busy', 'pause', 'lack'];
  const calls = robots.flatMap((robot, i) => [
    gw(robot, 'status', { state: states[i], work_status: `w${i}` }).then((r) => ({ robot, i, r })),
    gw(robot, 'heartbeat').then((r) => ({ robot, i, r })),
    gw(robot, 'heartbeat').then((r) => ({ robot, i, r })),
  ]);
  const wrong = gw({ ...robots[0], key: 'not-the-key' }, 'heartbeat');
  const answers = await Promise.all(calls);
  expect((await wrong).status).toBe(401);
  for (const { r } of answers) expect(r.status).toBe(200);
  for (const [i, robot] of robots.entries()) {
    const row = await deviceRow(robot._id);
    expect(row).toMatchObject({ online: true, state: states[i], work_status: `w${i}` });
    const online = await s.db
      .selectFrom('message')
      .select('code')
      .where('device', '=', robot._id)
      .where('code', '=', 100001)
      .execute();
    expect(online.length, robot.device_id).toBe(1);
  }
  // every status answer names the state its robot was given
  for (const { i, r } of answers.filter((_, k) => k % 3 === 0))
    expect(r.body.data).toMatchObject({ online: true, state: states[i] });
});
