// Alarms with a life cycle: robots' fault and warning codes open one alarm per robot and code, repeats count
// on it, recovery codes (the pairing table) clear it, a silent robot opens its offline alarm; operators
// acknowledge and clear under their permissions and tenant. On PGlite, and on PostgreSQL with DATABASE_URL.
import { startTestServer, type TestServer } from '../support/server';
import { openEvents } from '../support/sse';
import { RECOVERS, OFFLINE_CODE } from '../../resources/alarm_codes';
import { sql } from 'kysely';
import pg from 'pg';
import { sweepOffline, SWEEP_CHUNK } from '../../server/features/gateway/presence';

let s: TestServer;
let admin: string;
let n = 0;

interface Robot {
  _id: string;
  notify(code: number, detail?: object): Promise<number>;
  beat(): Promise<number>;
}

/** A new robot of store `dealer` with its own key, talking to the gateway like a real one. */
async function robot(dealer = 'store_a1', type = 'coffee'): Promise<Robot> {
  const device_id = `ALARM-${String(++n).padStart(4, '0')}`;
  const r = await s.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Alarm ${n}`, sn: `SN-${n}`, type, category: 'test', dealer },
  });
  expect(r.status).toBe(200);
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key };
  return {
    _id: r.body.data._id,
    notify: async (code, detail) =>
      (await s.call('POST', '/device-gateway/notify', { headers, body: { code, detail } })).status,
    beat: async () => (await s.call('POST', '/device-gateway/heartbeat', { headers, body: {} })).status,
  };
}

const alarmsOf = async (device: string) =>
  (await s.db
    .selectFrom('alarm')
    .selectAll()
    .where('device', '=', device)
    .orderBy('first_seen')
    .orderBy('code')
    .execute()) as Array<Record<string, any>>;
const activeCodes = async (device: string) =>
  (await alarmsOf(device))
    .filter((a) => a.state !== 'cleared')
    .map((a) => a.code)
    .sort((a, b) => a - b);

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
});
afterAll(() => s?.close());

describe('robots open, count and clear alarms', () => {
  it('opens one alarm per fault or warning code; info and success codes stay plain messages', async () => {
    const r = await robot();
    for (const code of [21, 655, 1002, 4000, 1000]) expect(await r.notify(code)).toBe(200);
    const alarms = await alarmsOf(r._id);
    expect(alarms.map((a) => [a.code, a.level, a.state, a.count, a.device_type, a.integrator, a.dealer])).toEqual([
      [21, 'error', 'active', 1, 'coffee', 'brand_a', 'store_a1'],
      [655, 'warning', 'active', 1, 'coffee', 'brand_a', 'store_a1'],
    ]);
    const messages = await s.db.selectFrom('message').select('code').where('device', '=', r._id).execute();
    expect(messages.map((m) => m.code).sort((a, b) => a - b)).toEqual([21, 655, 1000, 1002, 4000]);
  });

  it('clears exactly the faults each recovery code of the pairing table recovers, and nothing else', async () => {
    const r = await robot();
    const faults = [...new Set(Object.values(RECOVERS).flat())].sort((a, b) => b - a);
    for (const [recovery, recovers] of Object.entries(RECOVERS)) {
      // every fault of the table open (highest first: a higher stock level would clear the lower ones)
      const open = await activeCodes(r._id);
      for (const f of faults.filter((c) => !open.includes(c))) expect(await r.notify(f)).toBe(200);
      const before = await activeCodes(r._id);
      expect(await r.notify(Number(recovery))).toBe(200);
      // a stock code is itself a warning (200001-200009) or a fault (200000): it opens its own alarm
      const opens = Number(recovery) >= 200000 ? [Number(recovery)] : [];
      const expected = [...new Set([...before.filter((c) => !recovers.includes(c)), ...opens])].sort((a, b) => a - b);
      expect(await activeCodes(r._id), `after ${recovery}`).toEqual(expected);
      const cleared = (await alarmsOf(r._id)).filter((a) => a.clear_code === Number(recovery));
      expect(
        cleared.map((a) => a.code).sort((a, b) => a - b),
        `cleared by ${recovery}`,
      ).toEqual([...recovers].sort((a, b) => a - b));
    }
  });

  it('names the pairs the issue lists', () => {
    expect(RECOVERS[3021]).toEqual([21]);
    expect(RECOVERS[3023]).toEqual([23]);
    expect(RECOVERS[3202]).toContain(202);
    expect(RECOVERS[3650]).toEqual([650, 655]);
    expect(RECOVERS[3751]).toEqual([751]);
    expect(RECOVERS[3807]).toEqual([807]);
    expect(RECOVERS[100001]).toEqual([100002]);
    expect(RECOVERS[200005]).toEqual([200000, 200001, 200002, 200003, 200004]);
  });

  it('a fault after its recovery opens a new alarm; the cleared one stays in the history', async () => {
    const r = await robot();
    await r.notify(22);
    await r.notify(3022);
    await r.notify(22);
    expect((await alarmsOf(r._id)).map((a) => [a.code, a.state])).toEqual([
      [22, 'cleared'],
      [22, 'active'],
    ]);
  });

  it('50 identical notifications at once leave exactly one active alarm with count 50', async () => {
    const r = await robot();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => r.notify(650)));
    expect(statuses.every((x) => x === 200)).toBe(true);
    const alarms = await alarmsOf(r._id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ code: 650, state: 'active', count: 50 });
    expect(new Date(alarms[0].last_seen).getTime()).toBeGreaterThanOrEqual(new Date(alarms[0].first_seen).getTime());
    expect(await s.db.selectFrom('message').select('_id').where('device', '=', r._id).execute()).toHaveLength(50);
  });

  it('a robot that stops beating opens one offline alarm, even swept by two processes at once; its next beat clears it', async () => {
    const r = await robot('store_a2');
    expect(await r.beat()).toBe(200);
    await s.db
      .updateTable('device')
      .set({ last_heartbeat: new Date(Date.now() - 3_600_000) })
      .where('_id', '=', r._id)
      .execute();
    await Promise.all([sweepOffline(s.db, 60), sweepOffline(s.db, 60)]);
    // the server's own sweeper is a third: when it holds the robot's row, both sweeps here skip it (SKIP LOCKED) and
    // return before its transaction — and the alarm in it — commits (CI, PostgreSQL, load 18: none yet). One alarm,
    // whichever sweep wrote it.
    await expect
      .poll(async () => (await alarmsOf(r._id)).map((a) => [a.code, a.state, a.count, a.dealer]))
      .toEqual([[OFFLINE_CODE, 'active', 1, 'store_a2']]);
    expect(await r.beat()).toBe(200);
    const after = await alarmsOf(r._id);
    expect(after.map((a) => [a.code, a.state, a.clear_code])).toEqual([[OFFLINE_CODE, 'cleared', 100001]]);
  });

  it('a sweep of more silent robots than one chunk sets each offline once, and a silent robot beating meanwhile is answered before the sweep ends', async () => {
    const r = await robot('store_a2');
    expect(await r.beat()).toBe(200);
    // statistics that say almost no robot is online (as ANALYZE of an idle fleet says): the planner then expects a
    // sweep to find one robot, and it once ran the chunk's subquery again per robot, sweeping all in one transaction
    await sql`ANALYZE device`.execute(s.db);
    // 2.5 chunks of robots, after this one in the sweep's order; all fall silent at once, below
    const many = Math.round(SWEEP_CHUNK * 2.5);
    await sql`INSERT INTO device (_id, device_id, name, sn, type, integrator, dealer, key_hash, state, online, last_heartbeat)
      SELECT 'zz-sweep-' || lpad(i::text, 4, '0'), 'SWEEP-' || i, 'Sweep ' || i, 'SN-SWEEP-' || i, 'coffee', 'brand_a', 'store_a1', md5(i::text), 'idle', true, now()
      FROM generate_series(1, ${many}::int) AS i`.execute(s.db);
    const fallSilent = () =>
      s.db
        .updateTable('device')
        .set({ last_heartbeat: new Date(Date.now() - 3_600_000) })
        .where((w) => w.or([w('_id', '=', r._id), w('_id', 'like', 'zz-sweep-%')]))
        .execute();
    let swept: number;
    if (s.databaseUrl) {
      // On PostgreSQL one transaction for the whole sweep held the robot's row, and its beat, until the last robot
      // was announced. The sweep is held at its last robot, whichever sweeper takes it (this one or the server's
      // own, which runs every few seconds): a trigger of the test's own makes that robot's offline message wait
      // for an advisory lock a connection of the test holds. (No lock on the robot's row: the sweep would skip
      // it.) The sweep cannot end before `held` lets it, however fast or slow either side runs.
      const held = new pg.Client({ connectionString: s.databaseUrl });
      await held.connect();
      await held.query(`SELECT pg_advisory_lock(hashtext('held-sweep'))`);
      await held.query(`CREATE FUNCTION held_sweep() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_advisory_xact_lock(hashtext('held-sweep')); RETURN NEW; END $$`);
      await held.query(`CREATE TRIGGER held_sweep BEFORE INSERT ON message FOR EACH ROW
        WHEN (NEW.device = 'zz-sweep-${String(many).padStart(4, '0')}') EXECUTE FUNCTION held_sweep()`);
      const holder = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      /** some connection waits for a lock of one that waits for `held`: a sweep holds it */
      const waitsOnHeldSweep = async () =>
        (
          await held.query<{ stuck: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM pg_stat_activity w, unnest(pg_blocking_pids(w.pid)) AS b(pid)
                             WHERE $1 = ANY(pg_blocking_pids(b.pid))) AS stuck`,
            [holder],
          )
        ).rows[0].stuck;
      /** a sweep waits for `held` */
      const sweepHeld = async () =>
        (
          await held.query<{ stuck: boolean }>(
            'SELECT EXISTS (SELECT 1 FROM pg_stat_activity w WHERE $1 = ANY(pg_blocking_pids(w.pid))) AS stuck',
            [holder],
          )
        ).rows[0].stuck;
      const order: string[] = [];
      try {
        await fallSilent();
        const sweep = sweepOffline(s.db, 60);
        // the robot beats once a sweep has taken it: its offline state committed (a sweep by chunks), or a sweep
        // waiting for `held` (a sweep in one transaction holds it until then)
        await vi.waitFor(
          async () => {
            const { online } = await s.db
              .selectFrom('device')
              .select('online')
              .where('_id', '=', r._id)
              .executeTakeFirstOrThrow();
            expect(!online || (await sweepHeld())).toBe(true);
          },
          { timeout: 30_000, interval: 20 },
        );
        let answered = false;
        const beating = r.beat().then((x) => ((answered = true), order.push('beat'), x));
        // until the beat is answered, or it waits for a lock of the held sweep (it would wait for ever)
        await vi.waitFor(async () => expect(answered || (await waitsOnHeldSweep())).toBe(true), {
          timeout: 30_000,
          interval: 50,
        });
        order.push('sweep');
        await held.query(`SELECT pg_advisory_unlock(hashtext('held-sweep'))`);
        expect(await beating).toBe(200);
        swept = await sweep;
      } finally {
        // also when the test failed: the sweeps go on, and the file's other tests see no trigger
        await held.query('SELECT pg_advisory_unlock_all()');
        await held.query('DROP TRIGGER IF EXISTS held_sweep ON message; DROP FUNCTION IF EXISTS held_sweep()');
        await held.end();
      }
      expect(order).toEqual(['beat', 'sweep']);
    } else {
      // PGlite is one connection: every statement waits its turn there, locks or not
      await fallSilent();
      const [n, beat] = await Promise.all([sweepOffline(s.db, 60), r.beat()]);
      expect(beat).toBe(200);
      swept = n;
    }
    // (the server's own sweeper may take some chunks meanwhile: each robot is still swept once. Its chunk may still
    // be in its transaction when this sweep, skipping those locked rows, ends: wait for it to commit.)
    expect(swept).toBeGreaterThan(0);
    const offlineMessages = () =>
      s.db
        .selectFrom('message')
        .select('device')
        .where('code', '=', OFFLINE_CODE)
        .where('device', 'like', 'zz-sweep-%')
        .execute();
    await expect.poll(async () => (await offlineMessages()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(many);
    const offline = await offlineMessages();
    expect(offline).toHaveLength(many);
    expect(new Set(offline.map((m) => m.device)).size).toBe(many);
    expect(
      await s.db
        .selectFrom('device')
        .select('_id')
        .where('_id', 'like', 'zz-sweep-%')
        .where('online', '=', true)
        .execute(),
    ).toHaveLength(0);
  });
});

describe('operators acknowledge and clear', () => {
  it('lists active alarms first, newest first, with the code text in the caller language', async () => {
    const r = await robot();
    await r.notify(21);
    await r.notify(3021);
    await r.notify(807);
    await r.notify(806);
    const list = await s.call('POST', '/alarm/list', { token: admin, lang: 'es', body: { filter: { device: r._id } } });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((a: { code: number; state: string }) => [a.code, a.state])).toEqual([
      [806, 'active'],
      [807, 'active'],
      [21, 'cleared'],
    ]);
    expect(list.body.data.list[0].title).toMatch(/\S/);
    const es = list.body.data.list[0].title;
    const en = (await s.call('POST', '/alarm/list', { token: admin, body: { filter: { device: r._id } } })).body.data
      .list[0].title;
    expect(es).not.toBe(en);
  });

  it('acknowledge records who, when and the comment; clear records who; each is logged; a cleared alarm takes no action', async () => {
    const r = await robot();
    await r.notify(23);
    const [a] = await alarmsOf(r._id);
    const store = await s.login('store-a1');
    const ack = await s.call('POST', '/alarm/acknowledge', {
      token: store,
      body: { _id: a._id, comment: 'technician on the way' },
    });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({
      state: 'acknowledged',
      ack_by: 'store-a1',
      ack_comment: 'technician on the way',
    });
    expect(ack.body.data.ack_time).toBeTruthy();
    expect((await s.call('POST', '/alarm/acknowledge', { token: store, body: { _id: a._id } })).status).toBe(409);
    const clear = await s.call('POST', '/alarm/clear', { token: store, body: { _id: a._id } });
    expect(clear.body.data).toMatchObject({ state: 'cleared', clear_by: 'store-a1', ack_by: 'store-a1' });
    expect((await s.call('POST', '/alarm/clear', { token: store, body: { _id: a._id } })).status).toBe(409);
    const logs = await s.db
      .selectFrom('log')
      .select(['action', 'operator'])
      .where('record', '=', a._id)
      .orderBy('time')
      .execute();
    expect(logs).toEqual([
      { action: 'acknowledge', operator: 'store-a1' },
      { action: 'clear', operator: 'store-a1' },
    ]);
    const long = await s.call('POST', '/alarm/acknowledge', {
      token: store,
      body: { _id: a._id, comment: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
  });

  it('an acknowledge racing a clear, or a recovery code, ends consistent', async () => {
    const r = await robot();
    for (let i = 0; i < 8; i++) {
      await r.notify(21);
      const [a] = (await alarmsOf(r._id)).filter((x) => x.state === 'active');
      const [ack, other] = await Promise.all([
        s.call('POST', '/alarm/acknowledge', { token: admin, body: { _id: a._id, comment: `round ${i}` } }),
        i % 2
          ? r.notify(3021).then((status) => ({ status }))
          : s.call('POST', '/alarm/clear', { token: admin, body: { _id: a._id } }),
      ]);
      expect(other.status).toBe(200);
      expect([200, 409]).toContain(ack.status);
      const row = (await alarmsOf(r._id)).find((x) => x._id === a._id)!;
      expect(row.state).toBe('cleared');
      // acknowledged exactly when the acknowledge went through
      expect(row.ack_time !== null).toBe(ack.status === 200);
      expect(row.ack_comment).toBe(ack.status === 200 ? `round ${i}` : null);
    }
  });
});

describe("raising a product's stock clears the stock alarms it ends", () => {
  let k = 0;
  const product = async (stock: number, warn_stock: number) => {
    const r = await s.call('POST', '/product/add', {
      token: admin,
      body: {
        code: `ALRM${++k}`,
        name: `Alarm stock ${k}`,
        price: 100,
        type: 'coffee',
        number: 1,
        dealer: 'store_a1',
        stock,
        warn_stock,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { _id: string; code: string; version: number };
  };
  const listed = async (token: string, ids: string[]) =>
    (await s.call('POST', '/restock/list', { token, body: { filter: { _id: ids } } })).body.data.list;

  it('above warn_stock: cleared by the restocking account, live, once no other product named by the alarm is still reported', async () => {
    const token = await s.login('store-a1');
    const events = await openEvents(s.url, token);
    try {
      const r = await robot('store_a1');
      const [p, q] = [await product(0, 5), await product(0, 5)];
      await r.notify(200000, { product: p._id });
      await r.notify(200000, { product_code: q.code });
      // the bulk restock of p: q's report still holds the robot's one sold-out alarm
      const bulk = await s.call('POST', '/restock/apply', {
        token,
        body: { lines: [{ _id: p._id, version: p.version, fill_to: 20 }] },
      });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
      expect(await activeCodes(r._id)).toEqual([200000]);
      // the product's own restock of q: nothing holds it any more
      expect((await s.call('POST', '/product/restock', { token, body: { _id: q._id, quantity: 8 } })).status).toBe(200);
      const [alarm] = await alarmsOf(r._id);
      expect(alarm).toMatchObject({ code: 200000, state: 'cleared', count: 2, clear_by: 'store-a1', clear_code: null });
      await events.next((e) => e.event === 'alarm.changed' && e.data._id === alarm._id && e.data.state === 'cleared');
      expect(await listed(token, [p._id, q._id])).toEqual([]);
    } finally {
      events.close();
    }
  });

  it('sold out, then 3 left of warn_stock 5: the sold-out alarm clears and a low-stock warning at 3 stays until it is above', async () => {
    const token = await s.login('store-a1');
    const r = await robot('store_a1');
    const p = await product(0, 5);
    await r.notify(200000, { product: p._id });
    expect((await s.call('POST', '/product/stock', { token, body: { _id: p._id, stock: 3 } })).status).toBe(200);
    expect(await activeCodes(r._id)).toEqual([200003]);
    const [line] = await listed(token, [p._id]);
    expect(line).toMatchObject({ _id: p._id, stock: 3 });
    expect(line.sold_out).toBe(false);
    expect((await s.call('POST', '/product/restock', { token, body: { _id: p._id, quantity: 10 } })).status).toBe(200);
    expect(await activeCodes(r._id)).toEqual([]);
    expect(await listed(token, [p._id])).toEqual([]);
  });
});

describe('tenant scope and permissions', () => {
  it('a brand or store sees and acts on its own alarms only', async () => {
    const r = await robot('store_a1');
    await r.notify(751);
    const [a] = await alarmsOf(r._id);
    for (const [who, sees] of [
      ['brand-a', true],
      ['store-a1', true],
      ['brand-b', false],
      ['store-a2', false],
      ['store-b1', false],
    ] as const) {
      const t = await s.login(who);
      const list = await s.call('POST', '/alarm/list', {
        token: t,
        body: { filter: { integrator: 'brand_a' }, pageSize: 500 },
      });
      expect(
        list.body.data.list.some((x: { _id: string }) => x._id === a._id),
        who,
      ).toBe(sees);
      expect((await s.call('GET', `/alarm/detail/${a._id}`, { token: t })).status, who).toBe(sees ? 200 : 404);
      if (!sees) {
        expect((await s.call('POST', '/alarm/acknowledge', { token: t, body: { _id: a._id } })).status, who).toBe(404);
        expect((await s.call('POST', '/alarm/clear', { token: t, body: { _id: a._id } })).status, who).toBe(404);
      }
    }
    expect((await alarmsOf(r._id))[0].state).toBe('active');
  });

  it('live alarm events reach the accounts that may see them, in their language, and no one else', async () => {
    const a1 = await openEvents(s.url, await s.login('store-a1'), 'ja');
    const b1 = await openEvents(s.url, await s.login('store-b1'));
    try {
      const r = await robot('store_a1');
      await r.notify(301);
      const opened = await a1.next((e) => e.event === 'alarm.opened' && e.data.device === r._id);
      expect(opened.data).toMatchObject({ code: 301, state: 'active', count: 1 });
      expect(opened.data.title).toMatch(/\S/);
      await r.notify(301);
      const changed = await a1.next((e) => e.event === 'alarm.changed' && e.data.device === r._id);
      expect(changed.data.count).toBe(2);
      const mine = await robot('store_b1');
      await mine.notify(301);
      await b1.next((e) => e.event === 'alarm.opened' && e.data.device === mine._id);
      expect(b1.events.some((e) => e.event.startsWith('alarm.') && e.data.device === r._id)).toBe(false);
    } finally {
      a1.close();
      b1.close();
    }
  });

  it('listing needs alarm_list, acknowledging alarm_ack, clearing alarm_clear; refusals change nothing', async () => {
    const r = await robot('store_a2');
    await r.notify(21);
    const [a] = await alarmsOf(r._id);
    const role = (id: string, authorizations: string[]) =>
      s.call('POST', '/role/add', {
        token: admin,
        body: { _id: id, display_name: id, account_type: 'DEALER', authorizations },
      });
    expect((await role('alarm_viewer', ['alarm_list'])).status).toBe(200);
    expect((await role('alarm_blind', ['device_list'])).status).toBe(200);
    const as = async (roleId: string) => {
      expect(
        (await s.call('POST', '/user/set_roles', { token: admin, body: { _id: 'store-a2', roles: [roleId] } })).status,
      ).toBe(200);
      return s.login('store-a2');
    };
    const viewer = await as('alarm_viewer');
    expect((await s.call('POST', '/alarm/list', { token: viewer, body: {} })).status).toBe(200);
    const refused = await s.call('POST', '/alarm/acknowledge', { token: viewer, lang: 'zh', body: { _id: a._id } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await s.call('POST', '/alarm/clear', { token: viewer, body: { _id: a._id } })).status).toBe(403);
    const blind = await as('alarm_blind');
    expect((await s.call('POST', '/alarm/list', { token: blind, body: {} })).status).toBe(403);
    expect((await s.call('GET', `/alarm/detail/${a._id}`, { token: blind })).status).toBe(403);
    expect((await alarmsOf(r._id))[0]).toMatchObject({ state: 'active', ack_time: null });
    await as('dealer_admin');
  });

  it('the seeded roles that read messages hold the alarm permissions', async () => {
    const roles = await s.db.selectFrom('role').select(['_id', 'authorizations']).execute();
    for (const r of roles) {
      const has = (p: string) => (r.authorizations as string[]).includes(p);
      if (has('message_list')) expect(['alarm_list', 'alarm_ack', 'alarm_clear'].every(has), r._id).toBe(true);
    }
  });

  it('bad filters and bodies are 4xx, never 5xx', async () => {
    for (const body of [
      { filter: { state: 'nope' } },
      { filter: { level: 3 } },
      { filter: { device_type: ['x'] } },
      { sort: { field: 'ack_comment;', order: 'ASC' } },
    ]) {
      const r = await s.call('POST', '/alarm/list', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await s.call('POST', '/alarm/acknowledge', { token: admin, body: { _id: 'missing' } })).status).toBe(404);
    expect((await s.call('POST', '/alarm/acknowledge', { token: admin, body: { _id: 1, comment: {} } })).status).toBe(
      400,
    );
  });
});
