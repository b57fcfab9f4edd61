// Telemetry (docs/telemetry.md): heartbeats carry measurements of the metrics declared for the robot's type;
// anything else refuses the whole beat. Series answer raw points and hourly rollups equal to what was sent; rules
// open one alarm after their minutes and clear it after as many back in range; scope; retention drops partitions.
// On PGlite, and on PostgreSQL with DATABASE_URL. Rules' minutes pass by moving their clocks back in the database
// (the test clock), never by waiting.
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { ensurePartitions, dropExpired, dayPartition } from '../../server/features/telemetry/partitions';

let s: TestServer;
let admin: string;
let n = 0;

interface Robot {
  _id: string;
  beat(
    body: unknown,
    lang?: string,
  ): Promise<{ status: number; message?: string; commands?: Array<{ id: string; command: string }> }>;
  ack(id: string): Promise<number>;
}

async function robot(dealer = 'store_a1', type = 'icecream'): Promise<Robot> {
  const device_id = `TELE-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Tele ${n}`, sn: `SN-T${n}`, type, category: 'test', dealer },
  });
  expect(r.status).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key };
  return {
    _id: r.body.data._id,
    beat: async (body, lang) => {
      const a = await s.call('POST', '/device-gateway/heartbeat', { headers, body, lang });
      return { status: a.status, message: a.body.message, commands: a.body.data?.commands };
    },
    ack: async (id) =>
      (await s.call('POST', '/device-gateway/command/ack', { headers, body: { id, status: 'ok' } })).status,
  };
}

const pointsOf = async (device: string) =>
  (
    await sql<{
      metric: string;
      value: number;
    }>`SELECT metric, value FROM telemetry WHERE device = ${device} ORDER BY t, metric`.execute(s.db)
  ).rows.map((r) => [r.metric, Number(r.value)]);
const seriesOf = (token: string, device: string, metric: string, hours: number) =>
  s.call('POST', '/telemetry/series', {
    token,
    body: {
      device,
      metric,
      from: new Date(Date.now() - hours * 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    },
  });
const alarmsOf = async (device: string) =>
  (await s.db.selectFrom('alarm').selectAll().where('device', '=', device).orderBy('first_seen').execute()) as Array<
    Record<string, any>
  >;
/** The test clock: the rule's breach (or recovery) on this robot started `minutes` earlier than it did. */
const age = (device: string, minutes: number) =>
  sql`UPDATE telemetry_rule_state SET breach_since = breach_since - make_interval(mins => ${minutes}), ok_since = ok_since - make_interval(mins => ${minutes}) WHERE device = ${device}`.execute(
    s.db,
  );

/** Beats until the process judges the robot by the new rule (on PostgreSQL the rules' cache is forgotten once the
 * relay's NOTIFY comes back, a moment after the rule was written): the breach's clock then runs. */
async function inForce(r: Robot, telemetry: Record<string, number>): Promise<Array<{ id: string; command: string }>> {
  const handed: Array<{ id: string; command: string }> = [];
  await vi.waitFor(
    async () => {
      handed.push(...((await r.beat({ telemetry })).commands ?? []));
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM telemetry_rule_state WHERE device = ${r._id}`.execute(s.db);
      expect(rows[0].n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
  return handed;
}

const fleet = async (token: string, hours = 1): Promise<any> => {
  const a = await s.call('POST', '/dashboard/fleet', {
    token,
    body: { from: new Date(Date.now() - hours * 3_600_000).toISOString(), to: new Date().toISOString() },
  });
  expect(a.status).toBe(200);
  return a.body.data;
};

async function rule(token: string, body: Record<string, unknown>) {
  const r = await s.call('POST', '/telemetry_rule/add', {
    token,
    body: {
      name: 'Freezer too warm',
      metric: 'freezer_temp',
      op: 'gt',
      threshold: -15,
      for_minutes: 0,
      level: 'error',
      ...body,
    },
  });
  return r;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

describe('telemetry in', () => {
  it('stores the declared metrics of the robot type with the beat', async () => {
    const r = await robot('store_a1', 'coffee_icecream');
    expect((await r.beat({ telemetry: { freezer_temp: -18.5, milk_level: 64, cups_left: 120 } })).status).toBe(200);
    expect(await pointsOf(r._id)).toEqual([
      ['cups_left', 120],
      ['freezer_temp', -18.5],
      ['milk_level', 64],
    ]);
  });

  it("refuses an undeclared metric, another type's metric, a non-number or a non-finite value, naming it in the caller's language, and keeps nothing of the beat", async () => {
    const r = await robot();
    const before = await s.db
      .selectFrom('device')
      .select(['last_heartbeat', 'online'])
      .where('_id', '=', r._id)
      .executeTakeFirstOrThrow();
    const bad: Array<[unknown, string]> = [
      [{ freezer_temp: -18, door_temp: 3 }, 'door_temp'],
      [{ freezer_temp: -18, boiler_temp: 90 }, 'boiler_temp'],
      [{ freezer_temp: '-18' }, 'freezer_temp'],
      [{ freezer_temp: 900 }, 'freezer_temp'],
    ];
    for (const [telemetry, named] of bad) {
      const a = await r.beat({ telemetry });
      expect(a.status).toBe(400);
      expect(a.message).toContain(named);
    }
    const zh = await r.beat({ telemetry: { freezer_temp: -18, door_temp: 3 } }, 'zh');
    expect(zh.message).toMatch(/door_temp.*（/);
    expect(await pointsOf(r._id)).toEqual([]);
    const after = await s.db
      .selectFrom('device')
      .select(['last_heartbeat', 'online'])
      .where('_id', '=', r._id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses a non-finite value (1e999 parses to Infinity)', async () => {
    const r = await robot();
    const a = await r.beat('{"telemetry":{"freezer_temp":1e999}}');
    expect(a.status).toBe(400);
    expect(a.message).toContain('freezer_temp');
    expect(await pointsOf(r._id)).toEqual([]);
  });
});

describe('series', () => {
  it('answers the raw points up to 48 hours and the hourly min / max / avg beyond, equal to what was sent', async () => {
    const r = await robot();
    const sent = [-18, -17, -12.5, -19];
    for (const v of sent) expect((await r.beat({ telemetry: { freezer_temp: v } })).status).toBe(200);
    const raw = await seriesOf(admin, r._id, 'freezer_temp', 24);
    expect(raw.status).toBe(200);
    expect(raw.body.data).toMatchObject({ metric: 'freezer_temp', unit: '°C', step: 'raw' });
    expect(raw.body.data.points.map((p: { avg: number }) => p.avg)).toEqual(sent);
    const hourly = await seriesOf(admin, r._id, 'freezer_temp', 24 * 7);
    expect(hourly.body.data.step).toBe('hour');
    // the beats may straddle an hour: the hours together hold what was sent
    const hours = hourly.body.data.points as Array<{ min: number; max: number; avg: number }>;
    expect(Math.min(...hours.map((h) => h.min))).toBe(-19);
    expect(Math.max(...hours.map((h) => h.max))).toBe(-12.5);
    if (hours.length === 1) expect(hours[0].avg).toBeCloseTo(sent.reduce((a, b) => a + b) / sent.length, 9);
  });

  it("is scoped: another brand's robot is not found, a bad metric or range is a 400", async () => {
    const r = await robot('store_a1');
    await r.beat({ telemetry: { freezer_temp: -18 } });
    const brandB = await s.login('brand-b');
    expect((await seriesOf(brandB, r._id, 'freezer_temp', 24)).status).toBe(404);
    const brandA = await s.login('brand-a');
    expect((await seriesOf(brandA, r._id, 'freezer_temp', 24)).status).toBe(200);
    expect((await seriesOf(admin, r._id, 'door_temp', 24)).status).toBe(400);
    const backwards = await s.call('POST', '/telemetry/series', {
      token: admin,
      body: { device: r._id, metric: 'freezer_temp', from: '2026-01-02', to: '2026-01-01' },
    });
    expect(backwards.status).toBe(400);
  });
});

describe('rules', () => {
  it('opens one alarm titled by the rule after its minutes of breach, and clears it after as many back in range', async () => {
    const r = await robot('store_a2');
    const made = await rule(admin, { name: 'Store A2 freezer', dealer: 'store_a2', for_minutes: 10 });
    expect(made.status).toBe(200);
    await inForce(r, { freezer_temp: -8 });
    expect(await alarmsOf(r._id)).toEqual([]);
    await age(r._id, 9);
    await r.beat({ telemetry: { freezer_temp: -7 } });
    expect(await alarmsOf(r._id)).toEqual([]);
    await age(r._id, 1);
    await r.beat({ telemetry: { freezer_temp: -6 } });
    await r.beat({ telemetry: { freezer_temp: -6 } });
    const open = await alarmsOf(r._id);
    expect(open.map((a) => [a.rule, a.level, a.state, a.detail.value])).toEqual([
      [made.body.data._id, 'error', 'active', -6],
    ]);
    const listed = await s.call('POST', '/alarm/list', {
      token: admin,
      body: { page: 1, pageSize: 5, filter: { device: r._id } },
    });
    expect(listed.body.data.list[0]).toMatchObject({ rule: made.body.data._id, title: 'Store A2 freezer' });
    expect(listed.body.data.list[0].content).toContain('-6');
    // back in range: the alarm stays until the rule's minutes have passed in range
    await r.beat({ telemetry: { freezer_temp: -18 } });
    await age(r._id, 9);
    await r.beat({ telemetry: { freezer_temp: -18 } });
    expect((await alarmsOf(r._id)).map((a) => a.state)).toEqual(['active']);
    await age(r._id, 1);
    await r.beat({ telemetry: { freezer_temp: -18 } });
    expect((await alarmsOf(r._id)).map((a) => a.state)).toEqual(['cleared']);
    // a new breach is a new alarm
    await r.beat({ telemetry: { freezer_temp: -5 } });
    await age(r._id, 10);
    await r.beat({ telemetry: { freezer_temp: -5 } });
    expect((await alarmsOf(r._id)).map((a) => a.state)).toEqual(['cleared', 'active']);
    await s.call('POST', '/telemetry_rule/delete', { token: admin, body: { _id: made.body.data._id } });
  });

  it("covers only the robots of its target and the caller's scope", async () => {
    const a = await robot('store_a1');
    const other = await robot('store_a1', 'coffee_icecream');
    const b = await robot('store_b1', 'milktea');
    const brandA = await s.login('brand-a');
    const brandB = await s.login('brand-b');
    // a brand's rule for another brand's robot is refused; its own brand's is stored with the robot's tenant
    expect((await rule(brandB, { device: a._id })).status).toBe(400);
    const own = await rule(brandA, { name: 'Only this one', device: a._id, type: 'icecream' });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ integrator: 'brand_a', dealer: 'store_a1', device: a._id });
    expect(
      (
        await s.call('POST', '/telemetry_rule/list', { token: brandB, body: { page: 1, pageSize: 50 } })
      ).body.data.list.map((x: { _id: string }) => x._id),
    ).not.toContain(own.body.data._id);
    const milk = await rule(brandB, {
      name: 'Milk low',
      metric: 'milk_level',
      op: 'lt',
      threshold: 10,
      level: 'warning',
    });
    expect(milk.body.data).toMatchObject({ integrator: 'brand_b', dealer: null });
    await inForce(a, { freezer_temp: -1 });
    await inForce(b, { milk_level: 5 });
    await other.beat({ telemetry: { freezer_temp: -1, milk_level: 5 } });
    expect((await alarmsOf(a._id)).map((x) => x.rule)).toEqual([own.body.data._id]);
    expect(await alarmsOf(other._id)).toEqual([]);
    expect((await alarmsOf(b._id)).map((x) => [x.rule, x.level])).toEqual([[milk.body.data._id, 'warning']]);
    for (const x of [own, milk])
      await s.call('POST', '/telemetry_rule/delete', { token: admin, body: { _id: x.body.data._id } });
  });

  it('with lock, queues the robot one lock command through the ledger (not one per beat)', async () => {
    const r = await robot('store_a1', 'coffee_icecream');
    const made = await rule(admin, { name: 'Lock warm freezer', device: r._id, lock: true });
    expect(made.status).toBe(200);
    const handed = await inForce(r, { freezer_temp: -2 });
    for (let i = 0; i < 3; i++) handed.push(...((await r.beat({ telemetry: { freezer_temp: -2 } })).commands ?? []));
    const commands = await s.db.selectFrom('command').selectAll().where('device', '=', r._id).execute();
    expect(commands.map((c) => [c.command, c.created_by, (c.params as { reason: string }).reason])).toEqual([
      ['lock', 'system:telemetry', 'Lock warm freezer: freezer_temp -2'],
    ]);
    expect((await alarmsOf(r._id)).map((a) => a.rule)).toEqual([made.body.data._id]);
    // the robot obeys: locked, and counted so on the fleet panel
    expect(handed.map((c) => c.command)).toEqual(['lock']);
    const lockedBefore = (await fleet(admin)).robots.locked;
    expect(await r.ack(handed[0].id)).toBe(200);
    expect(
      (await s.db.selectFrom('device').select('locked').where('_id', '=', r._id).executeTakeFirstOrThrow()).locked,
    ).toBe(true);
    expect((await fleet(admin)).robots.locked).toBe(lockedBefore + 1);
    await s.call('POST', '/telemetry_rule/delete', { token: admin, body: { _id: made.body.data._id } });
  });

  // the API files share a worker's modules (docs/testing.md, "Files share a worker"): servers one after another in
  // one process, each on a database of its own
  it("a second server in this process judges its robots by its own database's rules, not the first one's", async () => {
    const r = await robot();
    const made = await rule(admin, { name: 'Only in the first database' });
    expect(made.status).toBe(200);
    await inForce(r, { freezer_temp: -5 });
    const other = await startTestServer();
    try {
      // a rule of the second database only, written there as a change outside the service would be
      const own = await s.db
        .selectFrom('telemetry_rule')
        .selectAll()
        .where('_id', '=', made.body.data._id)
        .executeTakeFirstOrThrow();
      await other.db
        .insertInto('telemetry_rule')
        .values({ ...own, _id: 'rule_second_only', name: 'Only in the second database' })
        .execute();
      const token = await other.login('admin');
      const added = await other.call('POST', '/device/add', {
        token,
        body: {
          device_id: 'TELE-SECOND',
          name: 'Second',
          sn: 'SN-T2',
          type: 'icecream',
          category: 'test',
          dealer: 'store_a1',
        },
      });
      expect(added.status).toBe(200);
      const headers = { 'X-Device-Id': 'TELE-SECOND', 'X-Device-Key': added.body.data.device_key };
      const beat = await other.call('POST', '/device-gateway/heartbeat', {
        headers,
        body: { telemetry: { freezer_temp: 20 } },
      });
      expect(beat.status).toBe(200);
      const judged = await other.db
        .selectFrom('telemetry_rule_state')
        .select('rule')
        .where('device', '=', added.body.data._id)
        .execute();
      expect(judged).toEqual([{ rule: 'rule_second_only' }]);
    } finally {
      await other.close();
    }
    await s.call('POST', '/telemetry_rule/delete', { token: admin, body: { _id: made.body.data._id } });
  });

  it('a fleet without rules writes no rule state', async () => {
    const r = await robot();
    await r.beat({ telemetry: { freezer_temp: 20 } });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM telemetry_rule_state WHERE device = ${r._id}`.execute(s.db);
    expect(rows[0].n).toBe(0);
  });
});

describe('fleet health', () => {
  it("counts the caller's robots by status and active alarms by level, and per store uptime and the median time to clear", async () => {
    const store = await s.call('POST', '/dealer/add', {
      token: admin,
      body: { name: 'Health store', description: 'Uptime sums', integrator: 'brand_b' },
    });
    expect(store.status).toBe(200);
    const r = await robot(store.body.data._id, 'noodle');
    // offline from 40 to 10 minutes ago: half of the last hour, for the store's one robot
    await sql`INSERT INTO alarm (_id, device, device_type, code, level, integrator, dealer, state, first_seen, last_seen, clear_time, clear_code)
              VALUES ('health-offline', ${r._id}, 'noodle', 100002, 'warning', 'brand_b', ${store.body.data._id}, 'cleared',
                      now() - interval '40 minutes', now() - interval '40 minutes', now() - interval '10 minutes', 100001)`.execute(
      s.db,
    );
    const brandB = await s.login('brand-b');
    const f = await fleet(brandB);
    const own = await s.db
      .selectFrom('device')
      .select(['online', 'state'])
      .where('integrator', '=', 'brand_b')
      .execute();
    expect(f.robots).toMatchObject({
      total: own.length,
      online: own.filter((d) => d.online).length,
      offline: own.filter((d) => !d.online).length,
      failure: own.filter((d) => d.state === 'failure').length,
    });
    const active = await s.db
      .selectFrom('alarm')
      .select('level')
      .where('integrator', '=', 'brand_b')
      .where('state', '=', 'active')
      .execute();
    expect(f.alarms).toEqual({
      warning: active.filter((a) => a.level === 'warning').length,
      error: active.filter((a) => a.level === 'error').length,
    });
    expect(f.stores.every((x: { dealer: string }) => x.dealer !== 'store_a1' && x.dealer !== 'store_a2')).toBe(true);
    const health = f.stores.find((x: { dealer: string }) => x.dealer === store.body.data._id);
    expect(health).toMatchObject({ online: 0, offline: 1, locked: 0, clear_median_minutes: 30 });
    expect(health.uptime).toBeCloseTo(0.5, 2);
    // a store account sees its own store only
    const storeA1 = await s.login('store-a1');
    expect((await fleet(storeA1)).stores.map((x: { dealer: string }) => x.dealer)).toEqual(['store_a1']);
  });

  it("counts the versions in the fleet per robot type, in the caller's scope only", async () => {
    const store = await s.call('POST', '/dealer/add', {
      token: admin,
      body: { name: 'Versions store', description: 'Firmware counts', integrator: 'brand_b' },
    });
    expect(store.status).toBe(200);
    const b = store.body.data._id as string;
    const beats: Array<[string, string, string | null]> = [
      [b, 'noodle', '7.0.1'],
      [b, 'noodle', '7.0.1'],
      [b, 'noodle', '7.1.0'],
      [b, 'milktea', '7.0.1'],
      [b, 'milktea', null],
      ['store_a1', 'noodle', '7.0.1'],
    ];
    for (const [dealer, type, version] of beats) {
      const r = await robot(dealer, type);
      expect((await r.beat(version ? { firmware_version: version } : {})).status).toBe(200);
    }
    /** what the database holds for a scope, as the answer should count it */
    const expected = async (col: 'integrator' | 'dealer', value: string) =>
      (
        await sql<{ type: string; firmware_version: string | null; count: number }>`
          SELECT type, firmware_version, count(*)::int AS count FROM device WHERE ${sql.ref(col)} = ${value}
           GROUP BY type, firmware_version`.execute(s.db)
      ).rows;
    const sorted = (v: Array<{ type: string; firmware_version: string | null; count: number }>) =>
      [...v].sort((x, y) => `${x.type}/${x.firmware_version}`.localeCompare(`${y.type}/${y.firmware_version}`));

    const brandB = await fleet(await s.login('brand-b'));
    expect(sorted(brandB.versions)).toEqual(sorted(await expected('integrator', 'brand_b')));
    // the counts of this store's robots are within the brand's: 2 noodles on 7.0.1 at least, and the others
    const of = (type: string, v: string | null) =>
      brandB.versions.find(
        (x: { type: string; firmware_version: string | null }) => x.type === type && x.firmware_version === v,
      )?.count;
    expect(of('noodle', '7.0.1')).toBeGreaterThanOrEqual(2);
    expect(of('noodle', '7.1.0')).toBeGreaterThanOrEqual(1);
    expect(of('milktea', '7.0.1')).toBeGreaterThanOrEqual(1);
    expect(of('milktea', null)).toBeGreaterThanOrEqual(1);
    // grouped by type, most robots first within it
    const v = brandB.versions as Array<{ type: string; count: number }>;
    expect(new Set(v.map((x) => x.type)).size).toBe(v.filter((x, i) => i === 0 || v[i - 1].type !== x.type).length);
    expect(v.every((x, i) => i === 0 || v[i - 1].type !== x.type || v[i - 1].count >= x.count)).toBe(true);
    // brand B's answer holds none of brand A's robots; a store account counts its own store's only
    const storeA1 = await fleet(await s.login('store-a1'));
    expect(sorted(storeA1.versions)).toEqual(sorted(await expected('dealer', 'store_a1')));
    expect(
      storeA1.versions.find(
        (x: { type: string; firmware_version: string | null }) => x.type === 'noodle' && x.firmware_version === '7.0.1',
      )?.count,
    ).toBe(1);
    const total = (v: Array<{ count: number }>) => v.reduce((n, x) => n + x.count, 0);
    expect(total(storeA1.versions)).toBe(storeA1.robots.total);
    expect(total(brandB.versions)).toBe(brandB.robots.total);
  });
});

describe('food-safety record', () => {
  it("answers per robot and local day min / max / avg and the minutes outside each rule, in the caller's language and time zone", async () => {
    const r = await robot('store_a2');
    const made = await rule(admin, { name: 'Above -15', device: r._id, threshold: -15 });
    // yesterday 10:00 UTC (18:00 in Shanghai): a reading a minute, two of them above -15
    const t0 = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 1, 10),
    );
    const values = [-18, -10, -10, -18];
    for (const [i, v] of values.entries()) {
      await sql`INSERT INTO telemetry (device, metric, t, value) VALUES (${r._id}, 'freezer_temp', ${new Date(t0.getTime() + i * 60_000).toISOString()}::timestamptz, ${v})`.execute(
        s.db,
      );
    }
    await sql`INSERT INTO telemetry_hourly (device, metric, hour, min, max, sum, count) VALUES (${r._id}, 'freezer_temp', ${t0.toISOString()}::timestamptz, -18, -10, -56, 4)`.execute(
      s.db,
    );
    const body = {
      metric: 'freezer_temp',
      from: new Date(t0.getTime() - 86_400_000).toISOString(),
      to: new Date().toISOString(),
      devices: [r._id],
      format: 'csv',
      tz: 'Asia/Shanghai',
    };
    const res = await fetch(`${s.url}/api/telemetry/report/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': 'zh' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(',')).toEqual(
      ['设备', '设备编号', '日期', '指标', '单位', '最小值', '最大值', '平均值', '读数', '超出"Above -15"的分钟数'].map(
        (h) => (h.includes('"') ? `"${h.replace(/"/g, '""')}"` : h),
      ),
    );
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t0);
    expect(lines.slice(1)).toEqual([`Tele ${n},TELE-${String(n).padStart(4, '0')},${day},冷冻温度,°C,-18,-10,-14,4,2`]);
    // xlsx too; another brand's robot yields nothing; a bad time zone is a translated 400
    const xlsx = await s.call('POST', '/telemetry/report/export', { token: admin, body: { ...body, format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    const brandB = await s.login('brand-b');
    const foreign = await fetch(`${s.url}/api/telemetry/report/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${brandB}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(
      (await foreign.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const badTz = await s.call('POST', '/telemetry/report/export', {
      token: admin,
      body: { ...body, tz: 'Mars/Olympus' },
    });
    expect(badTz.status).toBe(400);
    expect(badTz.body.message).toContain('Mars/Olympus');
    await s.call('POST', '/telemetry_rule/delete', { token: admin, body: { _id: made.body.data._id } });
  });
});

describe('retention', () => {
  it("drops the day partitions older than the retention, and keeps today's", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 40 * 86_400_000);
    await ensurePartitions(s.db, now, [old]);
    await sql`INSERT INTO telemetry (device, metric, t, value) VALUES ('x', 'freezer_temp', ${old.toISOString()}::timestamptz, -18)`.execute(
      s.db,
    );
    const names = async () =>
      (
        await sql<{
          name: string;
        }>`SELECT relname AS name FROM pg_class WHERE relname LIKE 'telemetry_p%' AND relkind = 'r'`.execute(s.db)
      ).rows.map((r) => r.name);
    expect(await names()).toContain(dayPartition(old));
    const dropped = await dropExpired(s.db, now, 30);
    expect(dropped).toContain(dayPartition(old));
    expect(await names()).not.toContain(dayPartition(old));
    expect(await names()).toContain(dayPartition(now));
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM telemetry WHERE t < ${new Date(now.getTime() - 35 * 86_400_000).toISOString()}::timestamptz`.execute(
      s.db,
    );
    expect(rows[0].n).toBe(0);
  });
});
