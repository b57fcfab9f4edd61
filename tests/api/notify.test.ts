// Alarms reach people (docs/notifications.md): a brand's channels and policies, against a real SMTP server
// (smtp-server) and chat-bot receivers on 127.0.0.1 (allowed by WEBHOOK_ALLOW_LOCAL, as in development). Tiers,
// quiet hours and the burst window pass by moving the rows' clocks back in the database (the test clock), never by
// waiting. On PGlite, and on PostgreSQL with DATABASE_URL; two processes: notify-cluster.test.ts.
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { TestServer } from '../support/server';
import { addChannel, addPolicy, addRobot, startNotifyWorld, type NotifyWorld } from '../support/notify';
import { startBots } from '../support/bots';
import { verify } from '../../server/features/webhooks/signature';
import { NOTIFY_CODES } from '../../resources/notify_codes';

process.env.WEBHOOK_ALLOW_LOCAL = '1';
process.env.NOTIFY_RETRY_DELAY_SECONDS = '1';
process.env.NOTIFY_RETRY_LIMIT = '1';
process.env.NOTIFY_PAUSE_AFTER = '3';
process.env.WEBHOOK_TEST_PER_MINUTE = '100';
process.env.PUBLIC_URL = 'https://console.example.com';

const WAIT = { timeout: 20_000, interval: 100 };

let w: NotifyWorld;
let s: TestServer;
let smtp: NotifyWorld['smtp'];
let bots: Awaited<ReturnType<typeof startBots>>;
let admin: string;
let brandA: string;
let brandB: string;
let n = 0;

beforeAll(async () => {
  bots = await startBots();
  w = await startNotifyWorld();
  ({ s, smtp, admin, brandA, brandB } = w);
});
afterAll(async () => {
  await w?.close();
  await bots?.close();
});

/** A robot of Store A1 (Demo Brand A) that reports codes through the gateway, as a real one does. */
async function robot() {
  const device_id = `NTF-${String(++n).padStart(4, '0')}`;
  const name = `Notify Bot ${n}`;
  const { _id, headers } = await addRobot(s, admin, {
    device_id,
    name,
    sn: `SN-N${n}`,
    type: 'icecream',
    dealer: 'store_a1',
  });
  return {
    _id,
    name,
    notify: async (code: number) => {
      const a = await s.call('POST', '/device-gateway/notify', { headers, body: { code } });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
    },
    /** the robot's alarm of that code, newest first */
    alarm: async (code: number) =>
      (
        await sql<{
          _id: string;
          state: string;
        }>`SELECT _id, state FROM alarm WHERE device = ${_id} AND code = ${code} ORDER BY first_seen DESC LIMIT 1`.execute(
          s.db,
        )
      ).rows[0],
  };
}

const channel = (body: Record<string, unknown>, token = brandA) => addChannel(s, token, body);
const policy = (body: Record<string, unknown>, token = brandA) =>
  addPolicy(s, token, { name: 'Policy', levels: ['error'], ...body });

type Row = { _id: string; tier: number | null; state: string; attempts: number; digest: string | null; kind: string };
const rowsOf = async (where: { alarm?: string; channel?: string }) =>
  (
    await sql<Row>`SELECT _id, tier, state, attempts, digest, kind FROM notification
                    WHERE (${where.alarm ?? null}::text IS NULL OR alarm = ${where.alarm ?? null})
                      AND (${where.channel ?? null}::text IS NULL OR channel = ${where.channel ?? null})
                    ORDER BY create_time, tier`.execute(s.db)
  ).rows;

/** The test clock: what waits for `due_time` is due now. */
const dueNow = (where: string, id: string) =>
  sql`UPDATE notification SET due_time = now() - interval '1 second'
       WHERE ${sql.ref(where)} = ${id} AND enqueued_time IS NULL`.execute(s.db);

const waitFor = <T>(fn: () => Promise<T> | T) => vi.waitFor(fn, WAIT);

describe('tiers', () => {
  it('tells tier 0 at once by e-mail (text and HTML, names and local time, a link), then tier 1 after its minutes', async () => {
    const r = await robot();
    const mail = await channel({
      name: 'Night shift',
      kind: 'email',
      target: 'night@example.com, lead@example.com',
      tz: 'Asia/Tokyo',
    });
    const wecom = await channel({ name: 'Ops group', kind: 'wecom', target: `${bots.base}/wecom?key=abc` });
    await policy({
      devices: [r._id],
      tiers: [
        { after_minutes: 0, channels: [mail._id] },
        { after_minutes: 30, channels: [wecom._id] },
      ],
    });
    await r.notify(22);
    const alarm = await r.alarm(22);
    const [m] = await waitFor(() => {
      const got = smtp.to('night@example.com');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(m.to).toEqual(['night@example.com', 'lead@example.com']);
    expect(m.subject).toMatch(new RegExp(`^\\[Error\\] .+ — ${r.name}$`));
    expect(m.text).toContain('Store: Store A1');
    expect(m.text).toMatch(/\(Asia\/Tokyo\)/);
    expect(m.text).toContain(`https://console.example.com/alarm/${alarm._id}/show`);
    expect(m.html).toContain(`<a href="https://console.example.com/alarm/${alarm._id}/show">`);
    await waitFor(async () =>
      expect((await rowsOf({ alarm: alarm._id })).map((x) => [x.tier, x.state])).toEqual([
        [0, 'sent'],
        [1, 'queued'],
      ]),
    );
    expect(bots.at('/wecom')).toHaveLength(0);

    // 30 minutes later, still not acknowledged: tier 1 tells the WeCom group, in its documented markdown message
    await dueNow('alarm', alarm._id);
    const [w] = await waitFor(() => {
      const got = bots.at('/wecom');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(w.query.get('key')).toBe('abc');
    expect(w.json.msgtype).toBe('markdown');
    expect(w.json.markdown.content).toContain('Still not acknowledged after 30 min (tier 1)');
    expect(w.json.markdown.content).toContain(r.name);
    await waitFor(async () => expect((await rowsOf({ alarm: alarm._id }))[1].state).toBe('sent'));

    // the alarm's page lists who was told, when and by which tier
    const log = await s.call('POST', '/notification/list', {
      token: brandA,
      body: { page: 1, pageSize: 10, filter: { alarm: alarm._id }, sort: { field: 'create_time', order: 'ASC' } },
    });
    expect(log.status).toBe(200);
    expect(log.body.data.list.map((x: any) => [x.tier, x.channel, x.state, Boolean(x.sent_time)])).toEqual(
      expect.arrayContaining([
        [0, mail._id, 'sent', true],
        [1, wecom._id, 'sent', true],
      ]),
    );
  });

  it('stops the escalation once the alarm is acknowledged', async () => {
    const r = await robot();
    const mail = await channel({ name: 'Day shift', kind: 'email', target: 'day@example.com' });
    const slack = await channel({ name: 'Escalation', kind: 'slack', target: `${bots.base}/slack-esc` });
    await policy({
      devices: [r._id],
      tiers: [
        { after_minutes: 0, channels: [mail._id] },
        { after_minutes: 15, channels: [slack._id] },
      ],
    });
    await r.notify(21);
    const alarm = await r.alarm(21);
    await waitFor(() => expect(smtp.to('day@example.com')).toHaveLength(1));
    const ack = await s.call('POST', '/alarm/acknowledge', {
      token: brandA,
      body: { _id: alarm._id, comment: 'on it' },
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    await dueNow('alarm', alarm._id);
    // the scheduler drops what was still due; nothing reaches the escalation channel
    await waitFor(async () => expect((await rowsOf({ alarm: alarm._id })).map((x) => x.tier)).toEqual([0]));
    expect(bots.at('/slack-esc')).toHaveLength(0);
  });
});

it('holds warnings through quiet hours into one digest when they end, but never errors', async () => {
  const r = await robot();
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);
  const now = Date.now();
  const mail = await channel({ name: 'Quiet', kind: 'email', target: 'quiet@example.com', tz: 'UTC' });
  await policy({
    devices: [r._id],
    levels: ['warning', 'error'],
    tiers: [{ after_minutes: 0, channels: [mail._id] }],
    quiet: { from: hhmm(new Date(now - 3600_000)), to: hhmm(new Date(now + 3600_000)) },
  });
  await r.notify(201); // a warning: held
  await r.notify(300); // a warning: held
  await r.notify(22); // an error: at once
  await waitFor(() => expect(smtp.to('quiet@example.com')).toHaveLength(1));
  expect(smtp.to('quiet@example.com')[0].subject).toMatch(/^\[Error\]/);
  const warnings = await Promise.all([r.alarm(201), r.alarm(300)]);
  await waitFor(async () => {
    const rows = await rowsOf({ channel: mail._id });
    expect(rows.filter((x) => x.state === 'held')).toHaveLength(2);
  });

  // the quiet hours end: both warnings go in one digest
  await dueNow('channel', mail._id);
  const digest = await waitFor(() => {
    const got = smtp.to('quiet@example.com');
    expect(got).toHaveLength(2);
    return got[1];
  });
  expect(digest.subject).toBe('2 alarms — Demo Brand A');
  for (const a of warnings) expect(digest.text).toContain(`/alarm/${a._id}/show`);
  await waitFor(async () => {
    const rows = await rowsOf({ channel: mail._id });
    expect(
      rows
        .filter((x) => x.kind === 'alarm')
        .map((x) => x.state)
        .sort(),
    ).toEqual(['merged', 'merged', 'sent']);
    expect(rows.find((x) => x.kind === 'digest')?.state).toBe('sent');
  });
});

it('does not announce again an alarm that reopens within 10 minutes of clearing (flapping)', async () => {
  const r = await robot();
  const other = await robot();
  const mail = await channel({ name: 'Flaps', kind: 'email', target: 'flap@example.com' });
  await policy({ devices: [r._id, other._id], tiers: [{ after_minutes: 0, channels: [mail._id] }] });
  await r.notify(23);
  await waitFor(() => expect(smtp.to('flap@example.com')).toHaveLength(1));
  const first = await r.alarm(23);
  await r.notify(3023); // recovered: cleared
  await r.notify(23); // again, a moment later
  const second = await r.alarm(23);
  expect(second._id).not.toBe(first._id);
  // a later alarm of another robot is told; the flapping one never was
  await other.notify(23);
  await waitFor(() => expect(smtp.to('flap@example.com')).toHaveLength(2));
  expect(smtp.to('flap@example.com')[1].subject).toContain(other.name);
  expect(await rowsOf({ alarm: second._id })).toEqual([]);

  // 11 minutes after the clearing it is news again
  await r.notify(3023);
  await sql`UPDATE alarm SET clear_time = clear_time - interval '11 minutes' WHERE device = ${r._id}`.execute(s.db);
  await r.notify(23);
  await waitFor(() => expect(smtp.to('flap@example.com')).toHaveLength(3));
  expect(smtp.to('flap@example.com')[2].subject).toContain(r.name);
});

it('sends more than 5 messages a minute for one channel as one digest', async () => {
  const r = await robot();
  const mail = await channel({ name: 'Burst', kind: 'email', target: 'burst@example.com' });
  await policy({ devices: [r._id], tiers: [{ after_minutes: 0, channels: [mail._id] }] });
  const codes = Object.entries(NOTIFY_CODES)
    .filter(([c, v]) => v.level === 'error' && Number(c) < 1000)
    .map(([c]) => Number(c))
    .slice(0, 8);
  expect(codes).toHaveLength(8);
  for (const c of codes) await r.notify(c);
  const mails = () => smtp.to('burst@example.com');
  const told = (rows: Row[]) => rows.filter((x) => x.state === 'sent' || x.state === 'merged').length;
  // the channel's minute fills up or everything is told
  await waitFor(async () => {
    const rows = await rowsOf({ channel: mail._id });
    const alarms = rows.filter((x) => x.kind === 'alarm');
    expect(alarms).toHaveLength(8);
    // messages handed on (single alarms and digests) all arrived, and the channel's minute is spent: five messages,
    // or a digest (after which a storm waits a minute)
    const handedOn = rows.filter((x) => x.state === 'sent');
    const spent = handedOn.length >= 5 || handedOn.some((x) => x.kind === 'digest');
    expect(told(alarms) === 8 || (mails().length === handedOn.length && spent)).toBe(true);
  });
  expect(mails().length).toBeLessThanOrEqual(5);
  // the minute passes (the test clock): what waited goes together
  await sql`UPDATE notification SET enqueued_time = enqueued_time - interval '1 minute',
                                    due_time = due_time - interval '1 minute'
             WHERE channel = ${mail._id}`.execute(s.db);
  await waitFor(async () => {
    const rows = await rowsOf({ channel: mail._id });
    expect(told(rows.filter((x) => x.kind === 'alarm'))).toBe(8);
    expect(rows.filter((x) => x.kind === 'digest').every((x) => x.state === 'sent')).toBe(true);
  });
  const rows = await rowsOf({ channel: mail._id });
  const merged = rows.filter((x) => x.state === 'merged');
  expect(merged.length).toBeGreaterThanOrEqual(3);
  await waitFor(() => expect(mails()).toHaveLength(rows.filter((x) => x.state === 'sent').length));
  expect(mails().length).toBeLessThanOrEqual(6);
  const digests = mails().filter((m) => / alarms — Demo Brand A$/.test(m.subject));
  expect(digests.length).toBeGreaterThanOrEqual(1);
  const alarmIds = (
    await sql<{
      _id: string;
      alarm: string;
    }>`SELECT _id, alarm FROM notification WHERE _id = ANY(${merged.map((x) => x._id)}::text[])`.execute(s.db)
  ).rows;
  for (const m of alarmIds) expect(digests.some((d) => d.text.includes(`/alarm/${m.alarm}/show`))).toBe(true);
});

describe('chat platforms', () => {
  it('signs DingTalk (URL timestamp + sign) and Feishu (body timestamp + sign) as the platforms publish', async () => {
    const ding = await channel({
      name: 'DingTalk',
      kind: 'dingtalk',
      target: `${bots.base}/ding/robot/send?access_token=tok`,
      secret: 'SECding123',
      language: 'zh',
    });
    const feishu = await channel({
      name: 'Feishu',
      kind: 'feishu',
      target: `${bots.base}/feishu/hook/abc`,
      secret: 'feishu-secret',
      language: 'ja',
    });
    const hook = await channel({ name: 'Plain', kind: 'webhook', target: `${bots.base}/plain`, secret: 'whsec_plain' });
    for (const c of [ding, feishu, hook])
      expect((await s.call('POST', '/notify_channel/send_test', { token: brandA, body: { _id: c._id } })).status).toBe(
        200,
      );
    const [d] = await waitFor(() => {
      const got = bots.at('/ding/robot/send');
      expect(got).toHaveLength(1);
      return got;
    });
    // DingTalk: sign = Base64(HmacSHA256(key: secret, "<timestamp>\n<secret>")), timestamp in ms, near now
    const ts = d.query.get('timestamp')!;
    expect(Math.abs(Number(ts) - Date.now())).toBeLessThan(60 * 60_000);
    expect(d.query.get('access_token')).toBe('tok');
    expect(d.query.get('sign')).toBe(createHmac('sha256', 'SECding123').update(`${ts}\nSECding123`).digest('base64'));
    expect(d.json.msgtype).toBe('markdown');
    expect(d.json.markdown.title).toBe('VendFleet 测试消息');

    const [f] = await waitFor(() => {
      const got = bots.at('/feishu/hook/abc');
      expect(got).toHaveLength(1);
      return got;
    });
    // Feishu: sign = Base64(HmacSHA256(key: "<timestamp>\n<secret>", empty message)), timestamp in seconds
    expect(Math.abs(Number(f.json.timestamp) - Date.now() / 1000)).toBeLessThan(3600);
    expect(f.json.sign).toBe(createHmac('sha256', `${f.json.timestamp}\nfeishu-secret`).update('').digest('base64'));
    expect(f.json.msg_type).toBe('text');
    expect(f.json.content.text).toContain('VendFleet テストメッセージ');

    const [p] = await waitFor(() => {
      const got = bots.at('/plain');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(verify('whsec_plain', p.body, p.headers['vendfleet-signature'] as string)).toBe(true);
  });

  it('retries a failing bot with back-off, and pauses a channel that keeps failing, telling its brand', async () => {
    // answers 500 once, then takes the message: one retry
    bots.answer('/flaky', { status: 500, body: '{}' }, { status: 200, body: '{"errcode":0}' });
    const flaky = await channel({ name: 'Flaky', kind: 'wecom', target: `${bots.base}/flaky` });
    await s.call('POST', '/notify_channel/send_test', { token: brandA, body: { _id: flaky._id } });
    await waitFor(async () => {
      const [row] = await rowsOf({ channel: flaky._id });
      expect([row.state, row.attempts]).toEqual(['sent', 2]);
    });
    expect(bots.at('/flaky')).toHaveLength(2);

    // DingTalk refuses with HTTP 200 and an error code (a bad signature): every attempt fails
    bots.answer('/refusing', { status: 200, body: '{"errcode":310000,"errmsg":"sign not match"}' });
    const bad = await channel({ name: 'Refusing', kind: 'dingtalk', target: `${bots.base}/refusing`, secret: 'x' });
    for (let i = 0; i < 2; i++)
      expect(
        (await s.call('POST', '/notify_channel/send_test', { token: brandA, body: { _id: bad._id } })).status,
      ).toBe(200);
    await waitFor(async () => {
      const c = await s.call('GET', `/notify_channel/detail/${bad._id}`, { token: brandA });
      expect([c.body.data.paused, c.body.data.enabled]).toEqual(['failures', false]);
    });
    await waitFor(async () => {
      const rows = await rowsOf({ channel: bad._id });
      expect(rows.map((x) => [x.state, x.attempts])).toEqual([
        ['failed', 2],
        ['failed', 2],
      ]);
    });
    const log = await s.call('GET', `/notification/detail/${(await rowsOf({ channel: bad._id }))[0]._id}`, {
      token: brandA,
    });
    expect(log.body.data.error).toContain('errcode 310000');
    // the brand resumes it
    const resumed = await s.call('POST', '/notify_channel/resume', { token: brandA, body: { _id: bad._id } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect([resumed.body.data.paused, resumed.body.data.enabled]).toEqual([null, true]);
  });
});

describe('scope and secrets', () => {
  it('keeps a brand to its own channels, stores and robots, and never answers a secret', async () => {
    const mine = await channel({ name: 'Signed', kind: 'dingtalk', target: `${bots.base}/ding2`, secret: 'TOPSECRET' });
    for (const r of [
      await s.call('GET', `/notify_channel/detail/${mine._id}`, { token: brandA }),
      await s.call('POST', '/notify_channel/list', { token: brandA, body: { page: 1, pageSize: 100 } }),
      await s.call('POST', '/notify_channel/edit', { token: brandA, body: { _id: mine._id, name: 'Signed bot' } }),
    ]) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('TOPSECRET');
    }
    expect(
      (await sql<{ secret: string }>`SELECT secret FROM notify_channel WHERE _id = ${mine._id}`.execute(s.db)).rows[0]
        .secret,
    ).toBe('TOPSECRET');

    // brand B reads none of brand A's channels or log
    expect((await s.call('GET', `/notify_channel/detail/${mine._id}`, { token: brandB })).status).toBe(404);
    const theirs = await s.call('POST', '/notify_channel/list', { token: brandB, body: { page: 1, pageSize: 100 } });
    expect(theirs.body.data.list.every((c: any) => c.integrator === 'brand_b')).toBe(true);
    const log = await s.call('POST', '/notification/list', { token: brandB, body: { page: 1, pageSize: 100 } });
    expect(log.status).toBe(200);
    expect(log.body.data.list.every((c: any) => c.integrator === 'brand_b')).toBe(true);
    // a store account manages none
    const store = await s.login('store-a1');
    expect(
      (await s.call('POST', '/notify_channel/list', { token: store, body: { page: 1, pageSize: 10 } })).status,
    ).toBe(403);

    // brand B cannot point a policy at brand A's robots, stores or channels
    const bChannel = await channel({ name: 'B mail', kind: 'email', target: 'b@example.com' }, brandB);
    const aRobot = await robot();
    const before = await s.db.selectFrom('notify_policy').select('_id').execute();
    for (const body of [
      { devices: [aRobot._id], tiers: [{ after_minutes: 0, channels: [bChannel._id] }] },
      { dealers: ['store_a1'], tiers: [{ after_minutes: 0, channels: [bChannel._id] }] },
      { tiers: [{ after_minutes: 0, channels: [mine._id] }] },
    ]) {
      const r = await s.call('POST', '/notify_policy/add', {
        token: brandB,
        body: { name: 'Theirs', levels: ['error'], ...body },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
    }
    expect(await s.db.selectFrom('notify_policy').select('_id').execute()).toHaveLength(before.length);
  });
});

describe('bad input', () => {
  const refused = async (resource: string, body: Record<string, unknown>, field: string) => {
    const before = (
      await s.db
        .selectFrom(resource as 'notify_channel')
        .select('_id')
        .execute()
    ).length;
    const r = await s.call('POST', `/${resource}/add`, { token: brandA, body, lang: 'es' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.errors ?? {})).toContain(field);
    expect(
      (
        await s.db
          .selectFrom(resource as 'notify_channel')
          .select('_id')
          .execute()
      ).length,
    ).toBe(before);
    return r.body.errors![field];
  };

  it('refuses an invalid e-mail, a loopback bot URL, tiers out of order and quiet hours that are not times, in the caller’s language', async () => {
    const ok = { name: 'X channel', language: 'en', tz: 'UTC' };
    expect(
      await refused('notify_channel', { ...ok, kind: 'email', target: 'ops@example.com, not-an-address' }, 'target'),
    ).toMatch(/correo/);
    expect(
      await refused('notify_channel', { ...ok, kind: 'email', target: 'ops@example.com', tz: 'Mars/Base' }, 'tz'),
    ).toMatch(/zona horaria/);
    process.env.WEBHOOK_ALLOW_LOCAL = '0';
    try {
      for (const target of ['http://127.0.0.1:9/bot', 'https://127.0.0.1/bot', 'https://10.0.0.8/bot'])
        expect(await refused('notify_channel', { ...ok, kind: 'feishu', target }, 'target')).toMatch(/https|privada/);
    } finally {
      process.env.WEBHOOK_ALLOW_LOCAL = '1';
    }
    const c = await channel({ name: 'Y mail', kind: 'email', target: 'y@example.com' });
    const base = { name: 'Tiers', levels: ['error'] };
    expect(
      await refused(
        'notify_policy',
        {
          ...base,
          tiers: [
            { after_minutes: 30, channels: [c._id] },
            { after_minutes: 10, channels: [c._id] },
          ],
        },
        'tiers',
      ),
    ).toMatch(/escalón/);
    expect(
      await refused('notify_policy', { ...base, tiers: [{ after_minutes: 5, channels: [c._id] }] }, 'tiers'),
    ).toMatch(/escalón/);
    for (const quiet of [{ from: '25:00', to: '07:00' }, { from: '22:00', to: 'dawn' }, { from: '22:00' }])
      expect(
        await refused('notify_policy', { ...base, tiers: [{ after_minutes: 0, channels: [c._id] }], quiet }, 'quiet'),
      ).toMatch(/silencio/);
  });
});
