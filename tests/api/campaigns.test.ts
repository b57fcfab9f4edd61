// Campaigns and firmware (docs/campaigns.md): a campaign's states and transitions, its rate, phases and window
// measured with the scheduler's own clock (never a sleep), both abort rules, cancel, scope, bad input, two ticks at
// once queueing once, and a robot's firmware download (its own type only, resumed by range). One server; on PGlite,
// and on PostgreSQL with DATABASE_URL.
import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { openEvents } from '../support/sse';
import { campaignTick } from '../../server/features/campaigns';
import { gateway } from '../../server/demo/simulator/gateway';
import { obedience, obey as simulatedObey, settle } from '../../server/demo/simulator/commands';

// the scheduler moves only when a test ticks it, with the clock the test gives
process.env.CAMPAIGN_TICK_SECONDS = '0';
process.env.WEBHOOK_ALLOW_LOCAL = '1';

let s: TestServer;
let admin: string;
let brandA: string;
let n = 0;

interface Robot {
  _id: string;
  headers: Record<string, string>;
  /** beats and answers the commands handed over */
  beat(body?: object): Promise<Array<{ id: string; command: string; params: any }>>;
  ack(id: string, status: 'ok' | 'failed', result?: object): Promise<number>;
}

async function robot(dealer = 'store_a1', type = 'coffee'): Promise<Robot> {
  const device_id = `CMP-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Camp ${n}`, sn: `SN-P${n}`, type, category: 'test', dealer },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key };
  return {
    _id: r.body.data._id,
    headers,
    beat: async (body = {}) => {
      const b = await s.call('POST', '/device-gateway/heartbeat', { headers, body });
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      return b.body.data.commands;
    },
    ack: async (id, status, result) =>
      (await s.call('POST', '/device-gateway/command/ack', { headers, body: { id, status, result } })).status,
  };
}

/** Beats and obeys: every command handed over is acknowledged with `status`. */
async function obey(r: Robot, status: 'ok' | 'failed' = 'ok') {
  for (const c of await r.beat()) expect(await r.ack(c.id, status)).toBe(200);
}

const base = (devices: string[], extra: object = {}) => ({
  name: `Campaign ${++n}`,
  command: 'clean',
  target: { devices },
  rate_per_minute: 100,
  abort: { failed_percent: 50, min_outcomes: 10 },
  integrator: 'brand_a',
  ...extra,
});
async function create(body: object, token = admin) {
  const r = await s.call('POST', '/campaign/add', { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}
const act = (action: string, _id: string, token = admin) =>
  s.call('POST', `/campaign/${action}`, { token, body: { _id } });
async function start(id: string) {
  const r = await act('start', id);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
const detail = async (id: string) => (await s.call('GET', `/campaign/detail/${id}`, { token: admin })).body.data;
const tick = (at: Date) => campaignTick(s.db, at);
const after = (t: Date, minutes: number) => new Date(t.getTime() + minutes * 60_000);
const campaignCount = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM campaign`.execute(s.db)).rows[0].n);

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  brandA = await s.login('brand-a');
});
afterAll(() => s?.close());
// each test's campaign is ended, so that later ticks move only their own
afterEach(async () => {
  await sql`UPDATE campaign SET state = 'cancelled' WHERE state IN ('running', 'paused')`.execute(s.db);
});

describe('states', () => {
  it('draft → running ⇄ paused → cancelled; edited only as a draft; deleted only as a draft', async () => {
    const r = await robot();
    const id = await create(base([r._id]));
    expect(await detail(id)).toMatchObject({ state: 'draft', phase: 0, phases: [100], created_by: 'admin' });
    const edited = await s.call('POST', '/campaign/edit', { token: admin, body: { _id: id, rate_per_minute: 7 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const wrong of ['pause', 'resume']) expect((await act(wrong, id)).status).toBe(409);
    await start(id);
    expect(await detail(id)).toMatchObject({ state: 'running', counts: { targeted: 1, waiting: 1 } });
    const refused = await s.call('POST', '/campaign/edit', { token: admin, body: { _id: id, rate_per_minute: 9 } });
    expect(refused.status).toBe(409);
    expect((await act('start', id)).status).toBe(409);
    expect((await s.call('POST', '/campaign/delete', { token: admin, body: { _id: id } })).status).toBe(409);
    expect((await act('pause', id)).status).toBe(200);
    // paused: nothing is queued
    await tick(new Date());
    expect((await detail(id)).counts).toMatchObject({ waiting: 1, queued: 0 });
    expect((await act('resume', id)).status).toBe(200);
    expect((await act('cancel', id)).status).toBe(200);
    expect(await detail(id)).toMatchObject({ state: 'cancelled' });
    expect((await act('resume', id)).status).toBe(409);
    const draft = await create(base([r._id]));
    expect((await s.call('POST', '/campaign/delete', { token: admin, body: { _id: draft } })).status).toBe(200);
  });

  it('completes once every robot of the last phase has its outcome, and cancel cancels what is still queued', async () => {
    const [a, b] = [await robot(), await robot()];
    const t0 = new Date();
    const done = await create(base([a._id]));
    await start(done);
    await tick(t0);
    await obey(a);
    await tick(after(t0, 1));
    expect(await detail(done)).toMatchObject({ state: 'completed', counts: { targeted: 1, acknowledged: 1 } });

    const cancelled = await create(base([b._id]));
    await start(cancelled);
    await tick(t0);
    expect((await detail(cancelled)).counts).toMatchObject({ queued: 1 });
    expect((await act('cancel', cancelled)).status).toBe(200);
    const rows = await s.db.selectFrom('command').select('state').where('campaign', '=', cancelled).execute();
    expect(rows).toEqual([{ state: 'cancelled' }]);
    expect(await b.beat()).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('never queues faster than the rate in any minute', async () => {
    const robots = await Promise.all(Array.from({ length: 5 }, () => robot()));
    const id = await create(
      base(
        robots.map((r) => r._id),
        { rate_per_minute: 2 },
      ),
    );
    await start(id);
    const t0 = new Date();
    const queued = async () => {
      const d = await detail(id);
      return d.counts.targeted - d.counts.waiting;
    };
    await tick(t0);
    expect(await queued()).toBe(2);
    await tick(after(t0, 0.5));
    await tick(after(t0, 0.99));
    expect(await queued()).toBe(2);
    await tick(after(t0, 1.01));
    expect(await queued()).toBe(4);
    await tick(after(t0, 2.02));
    expect(await queued()).toBe(5);
    // the commands are the ledger's, each naming its campaign
    const rows = await s.db.selectFrom('command').select(['device', 'campaign']).where('campaign', '=', id).execute();
    expect(rows.map((r) => r.device).sort()).toEqual(robots.map((r) => r._id).sort());
  });

  it('opens a phase only after the previous one has its outcomes and the wait has passed', async () => {
    const robots = await Promise.all(Array.from({ length: 4 }, () => robot()));
    const id = await create(
      base(
        robots.map((r) => r._id),
        { phases: [25, 100], phase_wait_minutes: 10 },
      ),
    );
    await start(id);
    const t0 = new Date();
    await tick(t0);
    expect(await detail(id)).toMatchObject({ phase: 0, counts: { queued: 1, waiting: 3 } });
    // no outcome yet: the phase stays open however long it takes
    await tick(after(t0, 30));
    expect(await detail(id)).toMatchObject({ phase: 0, counts: { waiting: 3 } });
    for (const r of robots) await obey(r);
    await tick(after(t0, 31)); // the phase's outcomes are in: its wait starts now
    await tick(after(t0, 40));
    expect(await detail(id)).toMatchObject({ phase: 0, counts: { acknowledged: 1, waiting: 3 } });
    await tick(after(t0, 41.5));
    expect(await detail(id)).toMatchObject({ phase: 1, counts: { waiting: 0, queued: 3 } });
  });

  it("queues only inside the window of each store's own local hours, across its midnight", async () => {
    // store A2 keeps Tokyo time (UTC+9, no daylight saving); store A1 the server's
    await sql`UPDATE dealer SET tz = 'Asia/Tokyo' WHERE _id = 'store_a2'`.execute(s.db);
    await sql`UPDATE dealer SET tz = 'UTC' WHERE _id = 'store_a1'`.execute(s.db);
    const [tokyo, utc] = [await robot('store_a2'), await robot('store_a1')];
    const id = await create(base([tokyo._id, utc._id], { window: { from: '22:00', to: '02:00' } }));
    await start(id);
    const day = new Date().toISOString().slice(0, 10);
    await tick(new Date(`${day}T12:59:00Z`)); // 21:59 in Tokyo, 12:59 UTC: neither
    expect((await detail(id)).counts).toMatchObject({ waiting: 2 });
    await tick(new Date(`${day}T16:30:00Z`)); // 01:30 in Tokyo (after its midnight), 16:30 UTC
    expect((await detail(id)).counts).toMatchObject({ waiting: 1, queued: 1 });
    const rows = await s.db.selectFrom('command').select('device').where('campaign', '=', id).execute();
    expect(rows).toEqual([{ device: tokyo._id }]);
    await tick(new Date(`${day}T21:00:00Z`)); // 06:00 in Tokyo, 21:00 UTC: neither
    expect((await detail(id)).counts).toMatchObject({ waiting: 1 });
    await tick(new Date(`${day}T23:00:00Z`)); // 23:00 UTC: the second store's turn
    expect((await detail(id)).counts).toMatchObject({ waiting: 0, queued: 2 });
  });

  it('two ticks at once queue each robot once (one tick at a time)', async () => {
    const robots = await Promise.all(Array.from({ length: 3 }, () => robot()));
    const id = await create(
      base(
        robots.map((r) => r._id),
        { rate_per_minute: 2 },
      ),
    );
    await start(id);
    const t0 = new Date();
    await Promise.all([tick(t0), tick(t0), tick(t0)]);
    const rows = await s.db.selectFrom('command').select('device').where('campaign', '=', id).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.device)).size).toBe(2);
  });
});

describe('abort', () => {
  it('aborts when failures reach failed_percent once min_outcomes exist: queued commands cancelled, logged, webhook and live', async () => {
    const got: Array<{ type: string; data: any }> = [];
    const rx = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', () => r()));
    const stream = await openEvents(s.url, brandA);
    try {
      const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
      const w = await s.call('POST', '/webhook/add', { token: brandA, body: { url, events: ['campaign_aborted'] } });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      const robots = await Promise.all(Array.from({ length: 5 }, () => robot()));
      const id = await create(
        base(
          robots.map((r) => r._id),
          { rate_per_minute: 3, abort: { failed_percent: 50, min_outcomes: 2 } },
        ),
      );
      await start(id);
      const t0 = new Date();
      await tick(t0);
      const queuedTo = (await s.db.selectFrom('command').select('device').where('campaign', '=', id).execute()).map(
        (r) => r.device,
      );
      const [first, second] = robots.filter((r) => queuedTo.includes(r._id));
      await obey(first, 'failed');
      await tick(after(t0, 0.1)); // one outcome: below min_outcomes
      expect((await detail(id)).state).toBe('running');
      await obey(second, 'ok');
      await tick(after(t0, 0.2)); // 1 failed of 2 = 50 %
      const d = await detail(id);
      expect(d).toMatchObject({
        state: 'aborted',
        counts: { targeted: 5, acknowledged: 1, failed: 1, waiting: 2, skipped: 1 },
      });
      expect(d.abort_reason).toContain('1/2');
      const states = await s.db.selectFrom('command').select('state').where('campaign', '=', id).execute();
      expect(states.map((r) => r.state).sort()).toEqual(['acknowledged', 'cancelled', 'failed']);
      const logged = await s.db
        .selectFrom('log')
        .selectAll()
        .where('record', '=', id)
        .where('action', '=', 'abort')
        .execute();
      expect(logged).toHaveLength(1);
      await stream.next((e) => e.event === 'campaign.changed' && e.data._id === id && e.data.state === 'aborted');
      await expect.poll(() => got.length, { timeout: 20_000 }).toBe(1);
      expect(got[0]).toMatchObject({
        type: 'campaign_aborted',
        data: { _id: id, failures: 1, outcomes: 2, cancelled: 1 },
      });
      // nothing moves it again
      await tick(after(t0, 5));
      expect((await detail(id)).state).toBe('aborted');
    } finally {
      stream.close();
      rx.close();
    }
  });

  it('counts a robot that acknowledged and then went offline, or raised an error alarm, as failed', async () => {
    const t0 = new Date();
    const watch = async (abort: object, harm: (r: Robot) => Promise<void>) => {
      const robots = [await robot(), await robot()];
      const id = await create(
        base(
          robots.map((x) => x._id),
          { rate_per_minute: 1, abort },
        ),
      );
      await start(id);
      await tick(t0);
      const [first] = await s.db.selectFrom('command').select('device').where('campaign', '=', id).execute();
      const r = robots.find((x) => x._id === first.device)!;
      await obey(r, 'ok');
      await tick(after(t0, 0.5));
      expect((await detail(id)).state).toBe('running');
      await harm(r);
      await tick(after(t0, 0.6));
      return detail(id);
    };
    // silent since just after its acknowledgement: the offline sweep has set it offline
    const offline = await watch({ failed_percent: 100, min_outcomes: 1, offline_minutes: 10 }, async (r) => {
      await sql`UPDATE device SET online = false, last_heartbeat = now() WHERE _id = ${r._id}`.execute(s.db);
    });
    expect(offline).toMatchObject({ state: 'aborted', counts: { acknowledged: 1 } });
    // code 301 (cups) is an error: the alarm opens after the acknowledgement
    const alarmed = await watch({ failed_percent: 100, min_outcomes: 1, alarm_minutes: 10 }, async (r) => {
      const a = await s.call('POST', '/device-gateway/notify', { headers: r.headers, body: { code: 301 } });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
    });
    expect(alarmed).toMatchObject({ state: 'aborted' });
  });
});

describe('the outcomes chart', () => {
  it("answers acknowledged, failed and expired per minute since the start, wider buckets for a long one, in the caller's scope", async () => {
    const robots = [await robot(), await robot(), await robot(), await robot()];
    const id = await create(base(robots.map((r) => r._id)));
    const outcomes = async (token = admin) => s.call('GET', `/campaign/outcomes/${id}`, { token });
    // a draft has no time yet
    expect((await outcomes()).body.data).toEqual({ start_time: null, bucket_seconds: 60, points: [] });
    await start(id);
    await tick(new Date());
    await obey(robots[0]);
    await obey(robots[1]);
    await obey(robots[2], 'failed');
    await sql`UPDATE command SET state = 'expired', done_time = now() WHERE campaign = ${id} AND device = ${robots[3]._id}`.execute(
      s.db,
    );
    // the test clock: the campaign started five minutes ago; its outcomes came in 10 s, 70 s, 70 s and 250 s after
    const started = await sql<{ start_time: Date }>`
      UPDATE campaign SET start_time = now() - interval '5 minutes' WHERE _id = ${id} RETURNING start_time`.execute(
      s.db,
    );
    const at = (device: string, seconds: number) =>
      sql`UPDATE command SET done_time = ${started.rows[0].start_time}::timestamptz + make_interval(secs => ${seconds})
           WHERE campaign = ${id} AND device = ${device}`.execute(s.db);
    await at(robots[0]._id, 10);
    await at(robots[1]._id, 70);
    await at(robots[2]._id, 70);
    await at(robots[3]._id, 250);
    const r = await outcomes(brandA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const chart = r.body.data;
    expect(chart.bucket_seconds).toBe(60);
    expect(new Date(chart.start_time).getTime()).toBe(new Date(started.rows[0].start_time).getTime());
    expect(chart.points.length).toBeGreaterThanOrEqual(5);
    expect(chart.points.slice(0, 5)).toEqual(
      [
        { acknowledged: 1, failed: 0, expired: 0 },
        { acknowledged: 1, failed: 1, expired: 0 },
        { acknowledged: 0, failed: 0, expired: 0 },
        { acknowledged: 0, failed: 0, expired: 0 },
        { acknowledged: 0, failed: 0, expired: 1 },
      ]
        .map((p, i) => ({ t: new Date(chart.start_time).getTime() + i * 60_000, ...p }))
        .map((p) => ({
          ...p,
          t: new Date(p.t).toISOString(),
        })),
    );
    // ten hours in (595 minutes): buckets of five minutes, at most 120 of them, every outcome still counted
    await sql`UPDATE campaign SET start_time = start_time - interval '9 hours 50 minutes' WHERE _id = ${id}`.execute(
      s.db,
    );
    const long = (await outcomes()).body.data;
    expect(long.bucket_seconds).toBe(300);
    expect(long.points.length).toBeLessThanOrEqual(121);
    const sum = (k: string) => long.points.reduce((n: number, p: Record<string, number>) => n + p[k], 0);
    expect([sum('acknowledged'), sum('failed'), sum('expired')]).toEqual([2, 1, 1]);
    // another brand's campaign is not found, nor is an unknown one
    expect((await outcomes(await s.login('brand-b'))).status).toBe(404);
    expect((await s.call('GET', '/campaign/outcomes/nope', { token: admin })).status).toBe(404);
  });
});

describe('scope and bad input', () => {
  it("a brand's campaign reaches only its own robots; a store may not create one without the right", async () => {
    const [own, other] = [await robot('store_a1'), await robot('store_b1')];
    const id = await create(base([own._id, other._id]), brandA);
    await start(id);
    expect((await detail(id)).counts).toMatchObject({ targeted: 1 });
    await tick(new Date());
    const rows = await s.db.selectFrom('command').select('device').where('campaign', '=', id).execute();
    expect(rows).toEqual([{ device: own._id }]);
    const foreign = await create(base([other._id]), brandA);
    const refused = await act('start', foreign, brandA);
    expect(refused.status).toBe(400);
    expect((await detail(foreign)).state).toBe('draft');
    const store = await s.call('POST', '/campaign/add', { token: await s.login('store-a1'), body: base([own._id]) });
    expect(store.status).toBe(403);
  });

  it('resolves a robot-list filter at start: robots added later are not included', async () => {
    const a = await robot('store_a1', 'milktea');
    await a.beat({ firmware_version: '9.9.1' });
    const listed = await s.call('POST', '/device/list', {
      token: admin,
      body: { filter: { firmware_version: '9.9.1' } },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.list.map((d: { _id: string }) => d._id)).toEqual([a._id]);
    const id = await create({ ...base([]), target: { filter: { firmware_version: '9.9.1', type: 'milktea' } } });
    await start(id);
    const late = await robot('store_a1', 'milktea');
    await late.beat({ firmware_version: '9.9.1' });
    await tick(new Date());
    expect((await detail(id)).counts).toMatchObject({ targeted: 1, queued: 1 });
  });

  it('refuses bad input with a translated 400 and stores nothing', async () => {
    const r = await robot();
    const before = await campaignCount();
    const bad: Array<[object, string]> = [
      [{ rate_per_minute: 0 }, 'rate_per_minute'],
      [{ rate_per_minute: 1001 }, 'rate_per_minute'],
      [{ phases: [50, 20, 100] }, 'phases'],
      [{ phases: [10, 50] }, 'phases'],
      [{ window: { from: '25:00', to: '02:00' } }, 'window.from'],
      [{ window: { from: 'soon', to: 'later' } }, 'window.from'],
      [{ window: { from: '22:00' } }, 'window'],
      [{ window: { from: '22:00', to: '22:00' } }, 'window'],
      [{ command: 'explode' }, 'command'],
      [{ command: 'update_firmware', params: { firmware: 'no-such-image' } }, 'params.firmware'],
      [{ command: 'lock', params: {} }, 'params.reason'],
      [{ target: { filter: { key_hash: 'x' } } }, ''],
      [{ target: {} }, 'target'],
      [{ abort: { failed_percent: 0, min_outcomes: 1 } }, 'abort.failed_percent'],
    ];
    for (const [change, field] of bad) {
      const en = await s.call('POST', '/campaign/add', { token: admin, body: base([r._id], change) });
      expect(en.status, `${JSON.stringify(change)} ${JSON.stringify(en.body)}`).toBe(400);
      if (field) expect(Object.keys(en.body.errors ?? {}), JSON.stringify(en.body)).toContain(field);
      const zh = await s.call('POST', '/campaign/add', { token: admin, lang: 'zh', body: base([r._id], change) });
      expect(zh.status).toBe(400);
      expect(zh.body.message).not.toBe(en.body.message);
    }
    expect(await campaignCount()).toBe(before);
  });
});

describe('firmware', () => {
  async function upload(body: Buffer, token = admin) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'application/octet-stream' }), 'fw.bin');
    const res = await fetch(`${s.url}/api/firmware/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('records the checksum, serves its own type only, resumes by range, and update_firmware reports the version', async () => {
    const image = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    expect((await upload(image, brandA)).status).toBe(403);
    const up = await upload(image);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const sha256 = createHash('sha256').update(image).digest('hex');
    expect(up.body.data).toMatchObject({ sha256, size: image.length });
    // the checksum is the upload's, whatever the caller says
    const added = await s.call('POST', '/firmware/add', {
      token: admin,
      body: { type: 'coffee', firmware_version: '2.1.0', file: up.body.data.file, sha256: 'f'.repeat(64) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ sha256, size: image.length });
    const fw = added.body.data._id as string;
    const badVersion = await s.call('POST', '/firmware/add', {
      token: admin,
      body: { type: 'coffee', firmware_version: 'v2', file: up.body.data.file },
    });
    expect(badVersion.status).toBe(400);

    const [coffee, icecream] = [await robot('store_a1', 'coffee'), await robot('store_a1', 'icecream')];
    const get = (r: Robot, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/api/device-gateway/firmware/${fw}`, { headers: { ...r.headers, ...headers } });
    expect((await get(icecream)).status).toBe(404);
    const whole = await get(coffee);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-firmware-sha256')).toBe(sha256);
    expect(Buffer.from(await whole.arrayBuffer()).equals(image)).toBe(true);
    const rest = await get(coffee, { Range: 'bytes=3000-' });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 3000-4999/${image.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(image.subarray(3000))).toBe(true);
    // past the end (the whole image already there): 416 and the size, as from a bucket (firmware-s3.test.ts)
    const past = await get(coffee, { Range: `bytes=${image.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${image.length}`);
    expect((await fetch(`${s.url}/api/device-gateway/firmware/${fw}`)).status).toBe(401);

    // the command carries where to fetch it and how to check it; robots of another type are refused by name
    const sent = await s.call('POST', '/command/send', {
      token: admin,
      body: { devices: [coffee._id, icecream._id], command: 'update_firmware', params: { firmware: fw } },
    });
    expect(sent.body.data).toMatchObject({ done: 1, refused: 1 });
    const [handed] = await coffee.beat();
    expect(handed).toMatchObject({
      command: 'update_firmware',
      params: { firmware: fw, version: '2.1.0', sha256, size: image.length, url: `/api/device-gateway/firmware/${fw}` },
    });
    expect(await coffee.ack(handed.id, 'ok', { firmware_version: '2.1.0' })).toBe(200);
    const device = await s.call('GET', `/device/detail/${coffee._id}`, { token: admin });
    expect(device.body.data.firmware_version).toBe('2.1.0');

    // the simulator's robots update as a vendor's should: fetch, check, reboot, report; a bricked one says done and
    // is never heard from again
    const simulated = async (brick: number) => {
      const r = await robot('store_a1', 'coffee');
      const call = gateway(s.url, { device_id: r.headers['X-Device-Id'], key: r.headers['X-Device-Key'], name: 'sim' });
      const me = obedience();
      await s.call('POST', '/command/send', {
        token: admin,
        body: { devices: [r._id], command: 'update_firmware', params: { firmware: fw } },
      });
      const beat = await call('POST', 'heartbeat', { firmware_version: me.firmware });
      await simulatedObey(call, me, beat.commands ?? [], 0, brick);
      await settle(call, me); // back from its reboot
      const [c] = await s.db.selectFrom('command').select('state').where('device', '=', r._id).execute();
      return { me, state: c.state };
    };
    const updated = await simulated(0);
    expect(updated).toMatchObject({ me: { firmware: '2.1.0', bricked: false }, state: 'acknowledged' });
    const bricked = await simulated(1);
    expect(bricked).toMatchObject({ me: { firmware: '1.0.0', bricked: true }, state: 'acknowledged' });
  });
});
