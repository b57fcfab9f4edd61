// Commands to robots (docs/commands.md): the ledger's states and transitions, delivery on the heartbeat
// answer and the poll, resend with the same id, expiry, cancel, the idempotent acknowledgement, tenants, the lock
// that refuses sales, bad input, and two processes handing a command over once. On PGlite, and on PostgreSQL with
// DATABASE_URL (where the second process is a real one on the same database).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { startServerProcess, type ServerProcess } from '../support/process';
import { call, stopProcess } from '../support/cluster';
import { openEvents } from '../support/sse';
import { commandsForBeats, expireCommands, queueCommand } from '../../server/features/commands';
import { dueMark, markDue } from '../../server/features/commands/due';

// the brand's webhook receiver is a real HTTP server on 127.0.0.1 (allowed as in development)
process.env.WEBHOOK_ALLOW_LOCAL = '1';

let s: TestServer;
let admin: string;
let n = 0;

interface Robot {
  _id: string;
  headers: Record<string, string>;
  beat(body?: object): Promise<any>;
  poll(): Promise<any>;
  ack(id: string, status: 'ok' | 'failed', result?: object): Promise<{ status: number; body: any }>;
}

async function robot(dealer = 'store_a1'): Promise<Robot> {
  const device_id = `CMD-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Cmd ${n}`, sn: `SN-C${n}`, type: 'icecream', category: 'test', dealer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key };
  return {
    _id: r.body.data._id,
    headers,
    beat: async (body = {}) => {
      const b = await s.call('POST', '/device-gateway/heartbeat', { headers, body });
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      return b.body.data;
    },
    poll: async () => {
      const b = await s.call('GET', '/device-gateway/commands', { headers });
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      return b.body.data;
    },
    ack: async (id, status, result) => {
      const b = await s.call('POST', '/device-gateway/command/ack', { headers, body: { id, status, result } });
      return { status: b.status, body: b.body };
    },
  };
}

const send = (token: string, body: object) => s.call('POST', '/command/send', { token, body });
const detail = async (id: string) => (await s.call('GET', `/command/detail/${id}`, { token: admin })).body.data;
const countFor = async (device: string) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM command WHERE device = ${device}`.execute(s.db)).rows[0].n,
  );

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

describe('the ledger: queued → sent → acknowledged | failed', () => {
  it('queues, hands over on the heartbeat answer, and records the acknowledgement with its times, log and live event', async () => {
    const r = await robot();
    expect((await r.beat()).commands).toEqual([]);
    const stream = await openEvents(s.url, await s.login('store-a1'));
    try {
      const sent = await send(admin, { devices: [r._id], command: 'clean' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ done: 1, refused: 0, results: [{ device: r._id, status: 'done' }] });
      const id = sent.body.data.results[0]._id as string;
      expect(await detail(id)).toMatchObject({
        _id: id,
        device: r._id,
        command: 'clean',
        params: {},
        state: 'queued',
        attempts: 0,
        created_by: 'admin',
        integrator: 'brand_a',
        dealer: 'store_a1',
        sent_time: null,
      });
      await stream.next((e) => e.event === 'command.changed' && e.data._id === id && e.data.state === 'queued');

      const beat = await r.beat();
      expect(beat.commands).toEqual([{ id, command: 'clean', params: {}, expires_at: expect.any(String) }]);
      expect(await detail(id)).toMatchObject({ state: 'sent', attempts: 1, sent_time: expect.any(String) });
      await stream.next((e) => e.event === 'command.changed' && e.data._id === id && e.data.state === 'sent');
      // handed over once: the next beat within the resend interval carries nothing
      expect((await r.beat()).commands).toEqual([]);

      const ack = await r.ack(id, 'ok', { took_ms: 1200 });
      expect(ack.status, JSON.stringify(ack.body)).toBe(200);
      expect(ack.body.data).toEqual({ _id: id, state: 'acknowledged' });
      expect(await detail(id)).toMatchObject({
        state: 'acknowledged',
        result: { took_ms: 1200 },
        done_time: expect.any(String),
      });
      await stream.next((e) => e.event === 'command.changed' && e.data._id === id && e.data.state === 'acknowledged');
      const log = await s.db
        .selectFrom('log')
        .select(['action', 'operator'])
        .where('resource', '=', 'command')
        .where('record', '=', id)
        .orderBy('time')
        .execute();
      expect(log.map((l) => l.action)).toEqual(['send', 'deliver', 'acknowledge']);
    } finally {
      stream.close();
    }
  });

  it('a failed outcome is recorded with its reason; the poll answers like the heartbeat', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'set_business_state', params: { state: 'pause' } })).body
      .data.results[0]._id;
    expect((await r.poll()).commands).toEqual([
      { id, command: 'set_business_state', params: { state: 'pause' }, expires_at: expect.any(String) },
    ]);
    expect((await r.poll()).commands).toEqual([]);
    const ack = await r.ack(id, 'failed', { reason: 'door open' });
    expect(ack.body.data).toEqual({ _id: id, state: 'failed' });
    expect(await detail(id)).toMatchObject({ state: 'failed', result: { reason: 'door open' } });
  });

  it('the acknowledgement is idempotent: the same outcome again changes nothing, another is refused 409', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id;
    await r.beat();
    expect((await r.ack(id, 'ok')).status).toBe(200);
    const before = await detail(id);
    const again = await r.ack(id, 'ok');
    expect(again.status).toBe(200);
    expect(await detail(id)).toEqual(before);
    const other = await r.ack(id, 'failed');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/acknowledged/);
    expect((await detail(id)).state).toBe('acknowledged');
  });

  it('the same outcome sent several times at once is recorded once', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id;
    await r.beat();
    const answers = await Promise.all(Array.from({ length: 5 }, () => r.ack(id, 'ok')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await detail(id)).state).toBe('acknowledged');
    const log = await s.db.selectFrom('log').select('action').where('record', '=', id).execute();
    expect(log.filter((l) => l.action === 'acknowledge')).toHaveLength(1);
  });

  it('another robot acknowledging the command is told it does not exist (404), and the command stays sent', async () => {
    const [r, other] = [await robot(), await robot()];
    const id = (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id;
    await r.beat();
    expect((await other.ack(id, 'ok')).status).toBe(404);
    expect((await other.ack('nope', 'ok')).status).toBe(404);
    expect((await detail(id)).state).toBe('sent');
  });

  it('a command not handed over yet cannot be acknowledged (409)', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id;
    expect((await r.ack(id, 'ok')).status).toBe(409);
    expect((await detail(id)).state).toBe('queued');
  });
});

describe('outcomes carried by the heartbeat (`acks`)', () => {
  const beatWith = (r: Robot, body: object, headers: Record<string, string> = {}) =>
    s.call('POST', '/device-gateway/heartbeat', { headers: { ...r.headers, ...headers }, body });
  const actions = async (id: string) =>
    (
      await s.db
        .selectFrom('log')
        .select(['action', 'operator'])
        .where('resource', '=', 'command')
        .where('record', '=', id)
        .orderBy('time')
        .execute()
    ).map((l) => `${l.action} ${l.operator}`);

  it('an outcome in a beat is recorded once, with its result, log entry and live event, and answered in `acks`', async () => {
    const r = await robot();
    const stream = await openEvents(s.url, await s.login('store-a1'));
    try {
      const id = (await send(admin, { devices: [r._id], command: 'clean' })).body.data.results[0]._id as string;
      expect((await r.beat()).commands).toEqual([{ id, command: 'clean', params: {}, expires_at: expect.any(String) }]);
      const beat = await r.beat({ acks: [{ id, status: 'ok', result: { took_ms: 900 } }] });
      expect(beat.acks).toEqual([{ id, state: 'acknowledged' }]);
      expect(beat.commands).toEqual([]);
      // nothing left open: the robot's next beats look for no commands
      expect(dueMark(r._id)).toBeUndefined();
      expect(await detail(id)).toMatchObject({
        state: 'acknowledged',
        result: { took_ms: 900 },
        done_time: expect.any(String),
      });
      const event = await stream.next(
        (e) => e.event === 'command.changed' && e.data._id === id && e.data.state === 'acknowledged',
      );
      // the event as recorded() words it, whichever statement sent it
      expect(event.data).toEqual({
        _id: id,
        device: r._id,
        command: 'clean',
        state: 'acknowledged',
        attempts: 1,
        sent_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        done_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(await actions(id)).toEqual([
        'send admin',
        'deliver system:delivery',
        `acknowledge device:${r.headers['X-Device-Id']}`,
      ]);
      const entry = await s.db
        .selectFrom('log')
        .select(['integrator', 'dealer', 'account_type', 'after'])
        .where('record', '=', id)
        .where('action', '=', 'acknowledge')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({
        integrator: 'brand_a',
        dealer: 'store_a1',
        account_type: 'DEVICE',
        after: { device: r._id, command: 'clean', state: 'acknowledged', attempts: 1 },
      });
      // a beat without acks answers none
      expect((await r.beat()).acks).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it('the same outcome sent twice (in one beat, and again later) is recorded once; another outcome is refused 409', async () => {
    const r = await robot();
    const [a, b] = [
      (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id as string,
      (await send(admin, { devices: [r._id], command: 'clean' })).body.data.results[0]._id as string,
    ];
    expect((await r.beat()).commands.map((c: { id: string }) => c.id).sort()).toEqual([a, b].sort());
    const twice = await r.beat({
      acks: [
        { id: a, status: 'ok' },
        { id: a, status: 'ok' },
        { id: b, status: 'failed', result: { reason: 'door open' } },
      ],
    });
    expect(twice.acks).toEqual([
      { id: a, state: 'acknowledged' },
      { id: a, state: 'acknowledged' },
      { id: b, state: 'failed' },
    ]);
    const later = await r.beat({
      acks: [
        { id: a, status: 'ok' },
        { id: a, status: 'failed' },
      ],
    });
    expect(later.acks).toEqual([
      { id: a, state: 'acknowledged' },
      { id: a, code: 409, message: expect.stringMatching(/acknowledged/) },
    ]);
    expect(await actions(a)).toEqual([
      'send admin',
      'deliver system:delivery',
      `acknowledge device:${r.headers['X-Device-Id']}`,
    ]);
    expect(await detail(b)).toMatchObject({ state: 'failed', result: { reason: 'door open' } });
  });

  it('one beat carrying outcomes with and without more to do records each with its effect: a lock, a menu version', async () => {
    const r = await robot();
    const ids = {} as Record<'clean' | 'lock' | 'sync_menu', string>;
    for (const [command, params] of [
      ['clean', undefined],
      ['lock', { reason: 'inspection' }],
      ['sync_menu', undefined],
    ] as const)
      ids[command] = (await send(admin, { devices: [r._id], command, params })).body.data.results[0]._id;
    expect((await r.beat()).commands).toHaveLength(3);
    const beat = await r.beat({
      acks: [
        { id: ids.clean, status: 'ok' },
        { id: ids.lock, status: 'ok' },
        { id: ids.sync_menu, status: 'ok', result: { menu_version: 'm-42' } },
      ],
    });
    expect(beat.acks).toEqual([
      { id: ids.clean, state: 'acknowledged' },
      { id: ids.lock, state: 'acknowledged' },
      { id: ids.sync_menu, state: 'acknowledged' },
    ]);
    const device = await s.db
      .selectFrom('device')
      .select(['locked', 'menu_version'])
      .where('_id', '=', r._id)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ locked: true, menu_version: 'm-42' });
    for (const id of Object.values(ids))
      expect(await actions(id)).toEqual([
        'send admin',
        'deliver system:delivery',
        `acknowledge device:${r.headers['X-Device-Id']}`,
      ]);
    expect(dueMark(r._id)).toBeUndefined();
  });

  it("another robot's command, or an id naming none, is refused 404 in its answer; the beat and the command are as they were", async () => {
    const [r, other] = [await robot(), await robot()];
    const id = (await send(admin, { devices: [r._id], command: 'reboot' })).body.data.results[0]._id as string;
    await r.beat();
    const b = await beatWith(
      other,
      {
        acks: [
          { id, status: 'ok' },
          { id: 'nope', status: 'ok' },
          { id: 7, status: 'ok' },
        ],
      },
      {
        'Accept-Language': 'es',
      },
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.online).toBe(true);
    expect(b.body.data.acks).toEqual([
      { id, code: 404, message: expect.any(String) },
      { id: 'nope', code: 404, message: expect.any(String) },
      { id: 7, code: 404, message: expect.any(String) },
    ]);
    // in the caller's language, as every refusal
    expect(b.body.data.acks[0].message).not.toBe('No such command');
    expect((await detail(id)).state).toBe('sent');
    // a command not handed over yet: 409, as the call answers it
    const queued = (await send(admin, { devices: [other._id], command: 'clean' })).body.data.results[0]._id as string;
    const early = await beatWith(other, { acks: [{ id: queued, status: 'ok' }] });
    expect(early.body.data.acks).toEqual([{ id: queued, code: 409, message: expect.any(String) }]);
  });

  it('bad `acks` answer a translated 400 and store nothing', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'clean' })).body.data.results[0]._id as string;
    await r.beat();
    const before = await detail(id);
    for (const acks of [
      'ok',
      [{ id, status: 'maybe' }],
      [{ id }],
      [{ id, status: 'ok', result: 'done' }],
      [{ id, status: 'ok', result: { text: 'x'.repeat(2100) } }],
      Array.from({ length: 51 }, () => ({ id, status: 'ok' })),
    ]) {
      const b = await beatWith(r, { acks }, { 'Accept-Language': 'ja' });
      expect(b.status, JSON.stringify(acks).slice(0, 80)).toBe(400);
      expect(b.body.message).toEqual(expect.any(String));
      expect(b.body.message).not.toMatch(/^vf\./);
    }
    const en = await beatWith(r, { acks: [{ id, status: 'maybe' }] });
    expect(en.body.message).toMatch(/status: ok or failed/);
    const many = await beatWith(r, { acks: Array.from({ length: 51 }, () => ({ id, status: 'ok' })) });
    expect(many.body.message).toMatch(/at most 50/);
    expect(await detail(id)).toEqual(before);
  });
});

describe('resend, expiry, cancel', () => {
  it('a sent command unacknowledged for COMMAND_RESEND_SECONDS is handed over again with the same id', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'sync_menu' })).body.data.results[0]._id;
    expect((await r.beat()).commands.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await r.beat()).commands).toEqual([]);
    // the robot stayed silent about it for longer than the resend interval (30 s by default)
    await sql`UPDATE command SET sent_time = now() - interval '31 seconds' WHERE _id = ${id}`.execute(s.db);
    expect((await r.beat()).commands.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(await detail(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await r.ack(id, 'ok', { menu_version: 'x' })).status).toBe(200);
    await sql`UPDATE command SET sent_time = now() - interval '1 hour' WHERE _id = ${id}`.execute(s.db);
    expect((await r.beat()).commands).toEqual([]);
  });

  it('a command not acknowledged by its expiry expires (log, event); an offline robot gets its queue minus what expired; a late ack is 409', async () => {
    const r = await robot();
    const short = (await send(admin, { devices: [r._id], command: 'clean', expires_in: 1 })).body.data.results[0]._id;
    const sentShort = (await send(admin, { devices: [r._id], command: 'reboot', expires_in: 1 })).body.data.results[0]
      ._id;
    const long = (await send(admin, { devices: [r._id], command: 'unlock', expires_in: 3600 })).body.data.results[0]
      ._id;
    // the robot takes all three, then goes silent on the first two past their expiry
    expect((await r.beat()).commands.map((c: { id: string }) => c.id).sort()).toEqual([short, sentShort, long].sort());
    await sql`UPDATE command SET state = 'queued', attempts = 0, sent_time = NULL WHERE _id = ${short}`.execute(s.db);
    await sql`UPDATE command SET expires_at = now() - interval '1 second' WHERE _id IN (${short}, ${sentShort})`.execute(
      s.db,
    );
    expect(await expireCommands(s.db)).toBeGreaterThanOrEqual(2);
    expect((await detail(short)).state).toBe('expired');
    expect(await detail(sentShort)).toMatchObject({ state: 'expired', done_time: expect.any(String) });
    expect((await r.ack(sentShort, 'ok')).status).toBe(409);
    expect((await detail(long)).state).toBe('sent');
    const log = await s.db.selectFrom('log').select('action').where('record', '=', sentShort).execute();
    expect(log.map((l) => l.action)).toContain('expire');
  });

  it('a sent command past its expiry acknowledged before the sweep expires then and answers 409', async () => {
    const r = await robot();
    const id = (await send(admin, { devices: [r._id], command: 'clean', expires_in: 60 })).body.data.results[0]._id;
    await r.beat();
    await sql`UPDATE command SET expires_at = now() - interval '1 second' WHERE _id = ${id}`.execute(s.db);
    expect((await r.ack(id, 'ok')).status).toBe(409);
    expect((await detail(id)).state).toBe('expired');
  });

  it('cancel works while queued only (409 after it was sent), under command_cancel', async () => {
    const r = await robot();
    const a = (await send(admin, { devices: [r._id], command: 'clean' })).body.data.results[0]._id;
    const cancelled = await s.call('POST', '/command/cancel', { token: admin, body: { _id: a } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ _id: a, state: 'cancelled' });
    expect((await r.beat()).commands).toEqual([]);
    expect((await r.ack(a, 'ok')).status).toBe(409);
    const c = (await send(admin, { devices: [r._id], command: 'clean' })).body.data.results[0]._id;
    await r.beat();
    expect((await s.call('POST', '/command/cancel', { token: admin, body: { _id: c } })).status).toBe(409);
    expect((await detail(c)).state).toBe('sent');
  });
});

describe('who may send to which robot', () => {
  it("a store administrator commands its own robots; another tenant's robot is refused like an unknown one, with nothing queued", async () => {
    const [own, other] = [await robot('store_a1'), await robot('store_b1')];
    const store = await s.login('store-a1');
    const r = await send(store, {
      devices: [own._id, other._id, 'no-such-robot'],
      command: 'lock',
      params: { reason: 'freezer at 9 °C' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.done).toBe(1);
    expect(r.body.data.refused).toBe(2);
    expect(
      r.body.data.results.map((x: { device: string; status: string; code?: number }) => [
        x.device,
        x.status,
        x.code ?? null,
      ]),
    ).toEqual([
      [own._id, 'done', null],
      [other._id, 'refused', 404],
      ['no-such-robot', 'refused', 404],
    ]);
    expect(r.body.data.results[1].message).toBe(r.body.data.results[2].message);
    expect(await countFor(other._id)).toBe(0);
    // the brand of the other store does not see it either
    const list = await s.call('POST', '/command/list', {
      token: await s.login('brand-b'),
      body: { filter: { device: own._id } },
    });
    expect(list.body.data.total).toBe(0);
  });

  it('an account without command_send is refused 403 with nothing queued', async () => {
    const r = await robot();
    const role = await s.call('POST', '/role/add', {
      token: admin,
      body: {
        _id: 'store_watch',
        display_name: 'Watch',
        account_type: 'DEALER',
        authorizations: ['device_list', 'command_list'],
      },
    });
    expect(role.status).toBe(200);
    await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'store-a2', roles: ['store_watch'] } });
    const watcher = await s.login('store-a2');
    expect((await send(watcher, { devices: [r._id], command: 'reboot' })).status).toBe(403);
    expect(await countFor(r._id)).toBe(0);
  });

  it('the same idempotency key from the same account answers the first send, also sent concurrently', async () => {
    const [a, b] = [await robot(), await robot()];
    const body = { devices: [a._id, b._id], command: 'reboot', idempotency_key: `key-${n}` };
    const answers = await Promise.all([send(admin, body), send(admin, body), send(admin, body)]);
    for (const x of answers) expect(x.status).toBe(200);
    const ids = answers.map((x) => x.body.data.results.map((r: { _id: string }) => r._id));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    expect(await countFor(a._id)).toBe(1);
    expect(await countFor(b._id)).toBe(1);
    // another account's key is its own
    expect((await send(await s.login('brand-a'), body)).body.data.done).toBe(2);
    expect(await countFor(a._id)).toBe(2);
  });
});

describe('bad input: 400 with nothing queued', () => {
  it.each([
    ['an unknown command', { command: 'explode' }],
    ['lock without a reason', { command: 'lock' }],
    ['lock with a reason over 100 characters', { command: 'lock', params: { reason: 'x'.repeat(101) } }],
    ['an unknown business state', { command: 'set_business_state', params: { state: 'party' } }],
    ['params that are not an object', { command: 'reboot', params: 'now' }],
    ['an expiry out of range', { command: 'reboot', expires_in: 0 }],
    ['no robots', { command: 'reboot', devices: [] }],
    ['more than 1,000 robots', { command: 'reboot', devices: Array.from({ length: 1001 }, (_, i) => `r${i}`) }],
  ])('%s', async (_what, extra) => {
    const r = await robot();
    const res = await send(admin, { devices: [r._id], ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect(await countFor(r._id)).toBe(0);
  });

  it("says what is wrong in the caller's language", async () => {
    const r = await robot();
    const res = await s.call('POST', '/command/send', {
      token: admin,
      lang: 'zh',
      body: { devices: [r._id], command: 'lock' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/必填|原因/);
  });
});

describe('lock: the robot out of service', () => {
  it('refuses its sales from the acknowledged lock until the acknowledged unlock, and shows who locked it and why', async () => {
    const r = await robot();
    const p = await s.call('POST', '/product/add', {
      token: admin,
      body: { code: `LK${n}`, name: 'Cone', price: 500, type: 'icecream', number: 1, dealer: 'store_a1', stock: -1 },
    });
    const sale = () =>
      s.call('POST', '/device-gateway/order', {
        headers: r.headers,
        body: { channel: 'APP', items: [{ product: p.body.data._id, quantity: 1 }] },
      });
    expect((await sale()).status).toBe(200);
    const lock = (await send(admin, { devices: [r._id], command: 'lock', params: { reason: 'freezer warm' } })).body
      .data.results[0]._id;
    // queued and sent are not yet locked: the robot has not obeyed
    expect((await sale()).status).toBe(200);
    await r.beat();
    expect((await sale()).status).toBe(200);
    expect((await r.ack(lock, 'ok')).status).toBe(200);
    const refused = await sale();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/freezer warm/);
    const shown = (await s.call('GET', `/device/detail/${r._id}`, { token: admin })).body.data;
    expect(shown).toMatchObject({ locked: true, lock_reason: 'freezer warm', locked_by: 'admin' });
    const locked = await s.call('POST', '/device/list', { token: admin, body: { filter: { locked: true } } });
    expect(locked.body.data.list.map((d: { _id: string }) => d._id)).toContain(r._id);

    const unlock = (await send(admin, { devices: [r._id], command: 'unlock' })).body.data.results[0]._id;
    await r.beat();
    expect((await sale()).status).toBe(409);
    expect((await r.ack(unlock, 'ok')).status).toBe(200);
    expect((await sale()).status).toBe(200);
    expect((await s.call('GET', `/device/detail/${r._id}`, { token: admin })).body.data).toMatchObject({
      locked: false,
      lock_reason: null,
    });
  });

  it('a failed lock leaves the robot selling', async () => {
    const r = await robot();
    const lock = (await send(admin, { devices: [r._id], command: 'lock', params: { reason: 'test' } })).body.data
      .results[0]._id;
    await r.beat();
    await r.ack(lock, 'failed', { reason: 'busy making an order' });
    expect((await s.call('GET', `/device/detail/${r._id}`, { token: admin })).body.data.locked).toBe(false);
  });

  it('other features queue through queueCommand (a telemetry rule), as the service itself', async () => {
    const r = await robot();
    const c = await queueCommand(s.db, {
      device: r._id,
      command: 'lock',
      params: { reason: 'too warm' },
      createdBy: 'system:telemetry',
      reason: 'rule freezer > 8 °C',
    });
    expect(c).toMatchObject({
      state: 'queued',
      created_by: 'system:telemetry',
      reason: 'rule freezer > 8 °C',
      dealer: 'store_a1',
    });
    expect((await r.beat()).commands.map((x: { id: string }) => x.id)).toEqual([c._id]);
    await expect(
      queueCommand(s.db, { device: r._id, command: 'lock', createdBy: 'system:telemetry' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('menu sync', () => {
  const outdated = async (ids: string[]) =>
    (
      (await s.call('POST', '/device/list', { token: admin, body: { filter: { menu_outdated: true }, pageSize: 500 } }))
        .body.data.list as Array<{ _id: string }>
    )
      .map((d) => d._id)
      .filter((id) => ids.includes(id));

  it("GET menu answers a version; a price change marks the store's robots out of date; sync_menu acknowledged with the new version clears it", async () => {
    const [a, b, silent] = [await robot('store_a2'), await robot('store_a2'), await robot('store_a2')];
    const p = await s.call('POST', '/product/add', {
      token: admin,
      body: {
        code: `MV${n}`,
        name: 'Menu cone',
        price: 500,
        type: 'icecream',
        number: 1,
        dealer: 'store_a2',
        stock: -1,
      },
    });
    const g = await s.call('POST', '/product_classify/add', {
      token: admin,
      body: {
        name: `Menu ${n}`,
        tag: 'x',
        sortIndex: 1,
        dealer: 'store_a2',
        products: [p.body.data._id],
        online: true,
      },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(
      (await s.call('POST', '/product_classify/publish', { token: admin, body: { _id: g.body.data._id } })).status,
    ).toBe(200);
    const menuOf = async (r: Robot) => (await s.call('GET', '/device-gateway/menu', { headers: r.headers })).body.data;
    const m1 = await menuOf(a);
    expect(m1.groups.flatMap((x: { products: Array<{ price: number }> }) => x.products.map((y) => y.price))).toContain(
      500,
    );
    const v1 = m1.version as string;
    expect(v1).toMatch(/^[0-9a-f]{16}$/);
    expect((await menuOf(b)).version).toBe(v1);
    // both run it and say so on their beats; the third never reports a version: it is never counted
    await a.beat({ menu_version: v1 });
    await b.beat({ menu_version: v1 });
    const ids = [a._id, b._id, silent._id];
    expect(await outdated(ids)).toEqual([]);
    // the fleet panel counts them too (POST /api/dashboard/fleet, menu_outdated)
    const fleetOutdated = async () =>
      (
        await s.call('POST', '/dashboard/fleet', {
          token: admin,
          body: { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date().toISOString() },
        })
      ).body.data.menu_outdated as number;
    const fleetBefore = await fleetOutdated();
    const shown = (await s.call('GET', `/device/detail/${a._id}`, { token: admin })).body.data;
    expect(shown).toMatchObject({ menu_version: v1, menu_outdated: false });

    // a sale is no menu change
    expect(
      (
        await s.call('POST', '/device-gateway/order', {
          headers: a.headers,
          body: { channel: 'APP', items: [{ product: p.body.data._id, quantity: 1 }] },
        })
      ).status,
    ).toBe(200);
    expect(await outdated(ids)).toEqual([]);

    // a price change: both robots out of date at once, neither row written
    const before = await s.db
      .selectFrom('device')
      .select(['_id', 'version'])
      .where('_id', 'in', ids)
      .orderBy('_id')
      .execute();
    expect(
      (await s.call('POST', '/product/edit', { token: admin, body: { _id: p.body.data._id, price: 600 } })).status,
    ).toBe(200);
    expect((await outdated(ids)).sort()).toEqual([a._id, b._id].sort());
    expect(await fleetOutdated()).toBe(fleetBefore + 2);
    expect(
      await s.db.selectFrom('device').select(['_id', 'version']).where('_id', 'in', ids).orderBy('_id').execute(),
    ).toEqual(before);

    // sync_menu: the robot fetches the menu and acknowledges with its version
    const c = (await send(admin, { devices: [a._id], command: 'sync_menu' })).body.data.results[0]._id;
    expect((await a.beat()).commands.map((x: { id: string }) => x.id)).toEqual([c]);
    const v2 = (await menuOf(a)).version as string;
    expect(v2).not.toBe(v1);
    expect((await a.ack(c, 'ok', { menu_version: v2 })).status).toBe(200);
    expect(await outdated(ids)).toEqual([b._id]);
    expect(await fleetOutdated()).toBe(fleetBefore + 1);
    const up = await s.call('POST', '/device/list', {
      token: admin,
      body: { filter: { menu_outdated: false, _id: ids } },
    });
    expect(up.body.data.list.map((d: { _id: string }) => d._id).sort()).toEqual([a._id, silent._id].sort());
  });

  it('a menu version that is not text of at most 64 characters is refused 400', async () => {
    const r = await robot();
    const res = await s.call('POST', '/device-gateway/heartbeat', {
      headers: r.headers,
      body: { menu_version: 'x'.repeat(65) },
    });
    expect(res.status).toBe(400);
  });
});

describe('webhook events of outcomes', () => {
  it("acknowledged, failed and expired each reach the brand's subscribed endpoint with the command", async () => {
    const got: Array<{ type: string; data: { _id: string; command: string; state: string; result: unknown } }> = [];
    const rx = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
      const w = await s.call('POST', '/webhook/add', {
        token: await s.login('brand-a'),
        body: { url, events: ['command_acknowledged', 'command_failed', 'command_expired'] },
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      const r = await robot();
      const queue = async (command: string) =>
        (await send(admin, { devices: [r._id], command })).body.data.results[0]._id as string;
      const [ok, failed, late] = [await queue('clean'), await queue('reboot'), await queue('unlock')];
      await r.beat();
      await r.ack(ok, 'ok');
      await r.ack(failed, 'failed', { reason: 'door open' });
      await sql`UPDATE command SET expires_at = now() - interval '1 second' WHERE _id = ${late}`.execute(s.db);
      await expireCommands(s.db);
      await expect.poll(() => got.length, { timeout: 20_000 }).toBe(3);
      expect(got.map((e) => [e.type, e.data._id, e.data.state]).sort()).toEqual(
        [
          ['command_acknowledged', ok, 'acknowledged'],
          ['command_failed', failed, 'failed'],
          ['command_expired', late, 'expired'],
        ].sort(),
      );
      expect(got.find((e) => e.type === 'command_failed')!.data.result).toEqual({ reason: 'door open' });
    } finally {
      rx.close();
    }
  });
});

describe('two processes hand each due command over once', () => {
  let b: ServerProcess | undefined;
  afterAll(() => stopProcess(b));

  it('robots beating on both at once get each command once per resend interval', async () => {
    const robots = await Promise.all(Array.from({ length: 5 }, () => robot()));
    const sent = await send(admin, { devices: robots.map((r) => r._id), command: 'clean' });
    const ids = sent.body.data.results.map((x: { _id: string }) => x._id).sort();
    let beats: Array<(r: Robot) => Promise<string[]>>;
    if (s.databaseUrl) {
      // a second server process on the same PostgreSQL
      b = await startServerProcess({ databaseUrl: s.databaseUrl, dataDir: '' });
      const other = b.url;
      beats = [
        async (r) => (await r.beat()).commands.map((c: { id: string }) => c.id),
        async (r) => {
          const res = await call(other, 'POST', '/device-gateway/heartbeat', { headers: r.headers, body: {} });
          expect(res.status).toBe(200);
          return res.body.data.commands.map((c: { id: string }) => c.id);
        },
      ];
    } else {
      // one embedded database serves one process: two hand-over paths of this one race instead
      const second = commandsForBeats(s.db);
      beats = [
        async (r) => (await r.beat()).commands.map((c: { id: string }) => c.id),
        async (r) => (markDue(r._id), (await second(r._id)).map((c) => c.id)),
      ];
    }
    const got: string[] = [];
    for (let round = 0; round < 3; round++) {
      const each = await Promise.all(robots.flatMap((r) => beats.map((beat) => beat(r))));
      got.push(...each.flat());
    }
    expect(got.sort()).toEqual(ids);
    const rows = await s.db.selectFrom('command').select(['attempts', 'state']).where('_id', 'in', ids).execute();
    expect(rows.every((x) => x.attempts === 1 && x.state === 'sent')).toBe(true);
  });
});
