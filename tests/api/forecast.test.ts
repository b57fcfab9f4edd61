// Replenishment that plans (docs/replenishment.md): forecasts listed soonest empty first within the caller's scope,
// their accuracy backtested, and a day's visit plan with its route, skipped stores and pick list. Bad input is a
// translated 400 that changes nothing. On PGlite, and on PostgreSQL with DATABASE_URL (times through the driver).
import { sql, type CompiledQuery, type QueryResult } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { newModelCache, newRefreshState, refreshForecasts, refreshRun } from '../../server/features/forecast/refresh';
import { sellHistory } from '../support/sales';
import { catchingStatements } from '../support/db';

let s: TestServer;
const t: Record<string, string> = {};
const DAY = 86_400_000;
const tomorrow = () => new Date(Date.now() + DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  for (const user of ['admin', 'store-a1', 'brand-b', 'brand-a']) t[user] = await s.login(user);
  // store A1's strawberry sundae (4 left) sells 6 a day; its vanilla cone (120 left) 5 a day
  await sellHistory(s.db, 'store_a1', 'IC-STRAW-SUN', 6);
  await sellHistory(s.db, 'store_a1', 'IC-VANILLA', 5);
  await refreshForecasts(s.db);
});
afterAll(() => s?.close());

const list = (token: string, filter: Record<string, unknown> = {}, lang = 'en') =>
  s.call('POST', '/forecast/list', { token, lang, body: { page: 1, pageSize: 100, filter } });

describe('forecasts', () => {
  it('lists soonest empty first, each store seeing only its own robots', async () => {
    const all = await list(t.admin);
    expect(all.status).toBe(200);
    const rows = all.body.data.list as Array<{ dealer: string; product: string; empty_at: string | null }>;
    const straw = rows.find((r) => r.product === 'demo_store_a1_ic_straw_sun')!;
    expect(straw).toMatchObject({ kind: 'product', stock: 4, device: expect.stringMatching(/^dev_ic/) });
    // about 6 a day (the store's weekly rhythm, learnt from all its sales, moves a day by a little)
    const perDay = (straw as unknown as { per_day: number[] }).per_day;
    expect(perDay).toHaveLength(7);
    for (const d of perDay) expect(Math.abs(d - 6)).toBeLessThan(1.5);
    // 4 left at 6 a day: empty within a day, the 80 % interval around it
    const emptyAt = new Date(straw.empty_at!).getTime();
    expect(emptyAt - Date.now()).toBeLessThan(DAY);
    const { low, high } = straw as unknown as { low: string; high: string };
    expect(new Date(low).getTime()).toBeLessThanOrEqual(emptyAt);
    expect(new Date(high).getTime()).toBeGreaterThanOrEqual(emptyAt);
    // soonest empty first; those that never empty (unlimited stock, no use) last
    const times = rows.map((r) => (r.empty_at ? new Date(r.empty_at).getTime() : Infinity));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(rows.find((r) => r.product === 'demo_store_a1_ic_swirl')?.empty_at).toBeNull(); // unlimited stock

    const mine = await list(t['store-a1']);
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.length).toBeGreaterThan(0);
    expect(new Set(mine.body.data.list.map((r: { dealer: string }) => r.dealer))).toEqual(new Set(['store_a1']));
    const other = await list(t['brand-b'], { dealer: 'store_a1' });
    expect(other.body.data.list).toEqual([]);

    const soon = await list(t.admin, { empty_before: new Date(Date.now() + DAY).toISOString() });
    expect(soon.body.data.list.map((r: { product: string }) => r.product)).toContain('demo_store_a1_ic_straw_sun');
    expect(soon.body.data.list.map((r: { product: string }) => r.product)).not.toContain('demo_store_a1_ic_vanilla');
    expect((await list(t.admin, { empty_before: 'soon' })).status).toBe(400);
  });

  it("forecasts a robot's consumable from its telemetry: what it used per hour, refills not counted", async () => {
    // cups falling 5 an hour over the last day, refilled to 300 once: 120 a day, 90 left
    const hours = Array.from({ length: 24 }, (_, i) => 23 - i);
    const level = (i: number) => (i < 10 ? 200 - 5 * i : 300 - 5 * (i - 10) * 3);
    for (const [i, ago] of hours.entries())
      await sql`INSERT INTO telemetry_hourly (device, metric, hour, min, max, sum, count)
                VALUES ('dev_ic1012', 'cups_left', date_trunc('hour', now()) - ${ago} * interval '1 hour',
                        ${level(i)}, ${level(i)}, ${level(i)}, 1)`.execute(s.db);
    await refreshForecasts(s.db, { dealers: ['store_a1'] });
    const rows = (await list(t['store-a1'], { kind: 'consumable', device: 'dev_ic1012' })).body.data.list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ metric: 'cups_left', stock: level(23), dealer: 'store_a1' });
    expect(new Date(rows[0].empty_at).getTime()).toBeGreaterThan(Date.now());
    expect(rows[0].days_left).toBeLessThan(2);
  });

  it("counts on the dashboard the robots running empty in the next 24 h, in the caller's scope", async () => {
    const body = { from: new Date(Date.now() - DAY).toISOString(), to: new Date().toISOString() };
    const fleet = async (token: string) =>
      (await s.call('POST', '/dashboard/fleet', { token, body })).body.data.running_empty as number;
    const robots = new Set(
      (
        (await list(t['brand-a'], { empty_before: new Date(Date.now() + DAY).toISOString() })).body.data.list as Array<{
          device: string;
        }>
      ).map((r) => r.device),
    );
    expect(robots.size).toBeGreaterThan(0);
    expect(await fleet(t['brand-a'])).toBe(robots.size);
    expect(await fleet(t['brand-b'])).toBe(0);
  });

  it('backtests accuracy over the caller scope, beside the 28-day average', async () => {
    const body = {
      from: new Date(Date.now() - 14 * DAY).toISOString(),
      to: new Date(Date.now() - 8 * DAY).toISOString(),
    };
    const all = await s.call('POST', '/forecast/accuracy', { token: t.admin, body });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({
      horizon_days: 7,
      wape: expect.any(Number),
      baseline_wape: expect.any(Number),
    });
    expect(all.body.data.series.length).toBeGreaterThan(0);
    const none = await s.call('POST', '/forecast/accuracy', { token: t['brand-b'], body });
    expect(none.body.data).toMatchObject({ wape: null, days: 0 });
    for (const bad of [
      { ...body, from: 'last week' },
      { ...body, horizon_days: 15 },
      { ...body, from: body.to, to: body.from },
    ]) {
      const r = await s.call('POST', '/forecast/accuracy', { token: t.admin, body: bad, lang: 'es' });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(/días|entre/);
    }
  });
});

describe('the visit plan', () => {
  const plan = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.call('POST', '/visit/plan', { token, lang, body });

  it('names the robots that would run empty, what to load, the pick list and the route', async () => {
    const r = await plan(t.admin, { date: tomorrow(), dealers: ['store_a1', 'store_b1'], cover_days: 2 });
    expect(r.status).toBe(200);
    const a1 = r.body.data.stops.find((x: { dealer: string }) => x.dealer === 'store_a1');
    expect(a1).toMatchObject({ order: expect.any(Number), lat: 31.2497, lng: 121.4556 });
    const lines = a1.robots.flatMap((x: { lines: unknown[] }) => x.lines);
    const straw = lines.find((l: { code: string }) => l.code === 'IC-STRAW-SUN');
    // about 6 a day to the end of the cover (one to three days from now, in the store's clock), 4 in stock
    expect(straw.quantity).toBeGreaterThanOrEqual(3);
    expect(straw.quantity).toBeLessThanOrEqual(20);
    const byName = (name: RegExp) =>
      a1.robots.find((x: { lines: Array<{ code: string }> }) => x.lines.some((l) => name.test(l.code)));
    expect(byName(/IC-STRAW-SUN/).reasons).toContain('runs_empty');
    // the robot whose cups run out (the consumable's test above) is visited for that
    expect(a1.robots.find((x: { device: string }) => x.device === 'dev_ic1012')?.reasons).toEqual(['consumable']);
    const picked = r.body.data.pick_list.find((l: { code: string }) => l.code === 'IC-STRAW-SUN');
    expect(picked.quantity).toBe(
      lines
        .filter((l: { code: string }) => l.code === 'IC-STRAW-SUN')
        .reduce((n: number, l: { quantity: number }) => n + l.quantity, 0),
    );
    expect(r.body.data.stops.map((x: { order: number }) => x.order)).toEqual(
      r.body.data.stops.map((_: unknown, i: number) => i + 1),
    );
  });

  it('visits an alarmed robot and lists a store without coordinates as skipped', async () => {
    const a2 = await s.db
      .selectFrom('dealer')
      .select('version')
      .where('_id', '=', 'store_a2')
      .executeTakeFirstOrThrow();
    const cleared = await s.call('POST', '/dealer/edit', {
      token: t.admin,
      body: { _id: 'store_a2', lat: null, lng: null, version: a2.version },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const robot = await s.db
      .selectFrom('device')
      .select('_id')
      .where('dealer', '=', 'store_a2')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO alarm (_id, integrator, dealer, device, code, level, state)
              VALUES ('fc_alarm', 'brand_a', 'store_a2', ${robot._id}, 22, 'error', 'active')`.execute(s.db);
    const r = await plan(t['brand-a'], { date: tomorrow(), start: { lat: 31.2, lng: 121.4 } });
    expect(r.status).toBe(200);
    expect(r.body.data.skipped).toEqual([{ dealer: 'store_a2', name: 'Store A2', reason: 'no_coordinates' }]);
    expect(r.body.data.stops.map((x: { dealer: string }) => x.dealer)).toEqual(['store_a1']);
    expect(r.body.data.distance_km).toBeGreaterThan(0);
  });

  it('plans only within the caller scope', async () => {
    const r = await plan(t['store-a1'], { date: tomorrow(), dealers: ['store_a1', 'store_b1', 'store_a2'] });
    expect(r.status).toBe(200);
    const seen = [...r.body.data.stops, ...r.body.data.skipped].map((x: { dealer: string }) => x.dealer);
    expect(seen).toEqual(['store_a1']);
    const b = await plan(t['brand-b'], { date: tomorrow(), dealers: ['store_a1'] });
    expect(b.body.data.stops).toEqual([]);
  });

  it('refuses a bad date, cover or start with a translated 400', async () => {
    for (const [body, words] of [
      [{ date: 'tomorrow' }, /YYYY-MM-DD/],
      [{ date: '2026-02-30' }, /YYYY-MM-DD/],
      [{ date: tomorrow(), cover_days: 0 }, /cover_days.*1.*14/],
      [{ date: tomorrow(), cover_days: 15 }, /cover_days.*1.*14/],
      [{ date: tomorrow(), start: { lat: 91, lng: 0 } }, /90/],
      [{ date: tomorrow(), start: { lat: 0, lng: -181 } }, /180/],
    ] as const) {
      const r = await plan(t.admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toMatch(words);
    }
    const zh = await plan(t.admin, { date: 'tomorrow' }, 'zh');
    expect(zh.body.message).toContain('日期');
  });

  it("refuses a store's coordinates out of range, half a pair or an unknown zone, changing nothing", async () => {
    const before = await s.db.selectFrom('dealer').selectAll().where('_id', '=', 'store_b1').executeTakeFirstOrThrow();
    for (const change of [{ lat: 90.5 }, { lng: 181 }, { lat: null }, { tz: 'Mars/Olympus' }, { tz: 'not a zone' }]) {
      const r = await s.call('POST', '/dealer/edit', {
        token: t.admin,
        lang: 'ja',
        body: { _id: 'store_b1', version: before.version, ...change },
      });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.message).toMatch(/緯度|経度|タイムゾーン/);
    }
    expect(await s.db.selectFrom('dealer').selectAll().where('_id', '=', 'store_b1').executeTakeFirstOrThrow()).toEqual(
      before,
    );
    const ok = await s.call('POST', '/dealer/edit', {
      token: t.admin,
      body: { _id: 'store_b1', version: before.version, lat: 40.0001, lng: 116.3, tz: 'Asia/Tokyo' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ lat: 40.0001, lng: 116.3, tz: 'Asia/Tokyo' });
  });
});

describe('the refresh job', () => {
  const row = (id: string) => s.db.selectFrom('forecast').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
  // runs and sales a few ms apart: "changed since the last run" is a strict comparison of times
  const pause = () => new Promise((r) => setTimeout(r, 5));
  const stockOf = async (id: string) =>
    (await s.db.selectFrom('product').select('stock').where('_id', '=', id).executeTakeFirstOrThrow()).stock;
  const take = (id: string, stock: number) =>
    s.db
      .updateTable('product')
      .set({ stock, update_time: sql`now()` })
      .where('_id', '=', id)
      .execute();

  it("writes again, between its hourly runs, only the products that changed — from the store's model of the day, as a whole refresh would", async () => {
    const vanilla = 'demo_store_a1_ic_vanilla';
    const other = 'demo_store_a1_ic_straw_sun';
    const stock = await stockOf(vanilla);
    const state = newRefreshState();
    const t0 = new Date();
    expect(await refreshRun(s.db, state, t0)).toBe(true); // the first run: every store
    const untouched = await row(other);
    // a sale takes 10 of the vanilla cone; a minute later the job's next run
    await pause();
    await take(vanilla, stock - 10);
    await pause();
    const t1 = new Date();
    await refreshRun(s.db, state, t1);
    const mine = await row(vanilla);
    expect(mine.stock).toBe(stock - 10);
    expect(await row(other)).toEqual(untouched); // not written again
    // what a whole refresh of the store, from its history, writes at the same moment
    await refreshForecasts(s.db, { dealers: ['store_a1'], now: t1 });
    const whole = await row(vanilla);
    expect({ ...mine, update_time: null, version: null }).toEqual({ ...whole, update_time: null, version: null });

    // sold out: the store's model is made anew (a sold-out product's history reads differently), and it runs empty now
    await pause();
    await take(vanilla, 0);
    await pause();
    const t2 = new Date();
    await refreshRun(s.db, state, t2);
    expect(await row(vanilla)).toMatchObject({ stock: 0, empty_at: t2, days_left: 0 });
    await take(vanilla, stock);
    await refreshForecasts(s.db, { dealers: ['store_a1'] });
  });

  it("makes a store's model of its next day from the day before's and the days since alone, as one made from scratch", async () => {
    const straw = 'demo_store_a1_ic_straw_sun';
    const stock = await stockOf(straw);
    const rows = () => s.db.selectFrom('forecast').selectAll().orderBy('_id').execute();
    const plain = (xs: Array<Record<string, unknown>>) => xs.map((x) => ({ ...x, update_time: null, version: null }));
    // sold out: its days from its last sale on are off sale, so the last sale kept must be the one a full read finds
    await take(straw, 0);
    const now = Date.now();
    const cache = newModelCache();
    try {
      await refreshForecasts(s.db, { now: new Date(now - DAY), cache }); // yesterday's models, from eight weeks
      const kept = new Map(cache.histories);
      // the next day: the rollups read are those of the days since (the last day kept, read again, to today)
      const read: unknown[][] = [];
      // every statement passes the executor (a raw `sql` too, which the database object's executeQuery does not see)
      const executor = s.db.getExecutor() as unknown as {
        executeQuery: (q: CompiledQuery, id: unknown) => Promise<QueryResult<unknown>>;
      };
      const execute = executor.executeQuery;
      executor.executeQuery = (q, id) => {
        if (q.sql.includes('orders_products_quarters')) read.push([...q.parameters]);
        return execute.call(executor, q, id);
      };
      try {
        await refreshForecasts(s.db, { now: new Date(now), cache });
      } finally {
        executor.executeQuery = execute;
      }
      expect(read.length).toBeGreaterThan(0);
      for (const params of read) {
        const [from, to] = params.slice(-2).map((d) => Date.parse(String(d)));
        // two local days and a UTC day either side (and a day more where a batch's stores' clocks are a day apart)
        expect((to - from) / DAY).toBeLessThanOrEqual(5);
      }
      for (const [id, h] of cache.histories) expect(h, id).toBe(kept.get(id)); // moved on, not read anew
      const rolled = await rows();

      const scratch = newModelCache();
      await refreshForecasts(s.db, { now: new Date(now), cache: scratch });
      expect(cache.stores.size).toBeGreaterThan(0);
      expect(cache.stores).toEqual(scratch.stores); // shape, rhythm, each product's level and dispersion
      expect(plain(rolled)).toEqual(plain(await rows()));
    } finally {
      await take(straw, stock);
      await refreshForecasts(s.db);
    }
  });

  it("runs whole at the first run after a store zone's midnight, which then counts as the hour's", async () => {
    // 23:50 and 00:05 in Asia/Shanghai (the demo stores' zone), yesterday
    const midnight = (Math.floor(Date.now() / DAY) - 1) * DAY + 16 * 3_600_000;
    const state = newRefreshState();
    await refreshRun(s.db, state, new Date(midnight - 10 * 60_000)); // the first run: whole
    await refreshRun(s.db, state, new Date(midnight - 5 * 60_000));
    expect(state.lastFull).toBe(midnight - 10 * 60_000);
    await refreshRun(s.db, state, new Date(midnight + 5 * 60_000));
    expect(state.lastFull).toBe(midnight + 5 * 60_000);
    await refreshRun(s.db, state, new Date(midnight + 10 * 60_000));
    expect(state.lastFull).toBe(midnight + 5 * 60_000);
    await refreshForecasts(s.db);
  });

  it('answers a forecast list page with what any list costs (two statements), computing nothing on read', async () => {
    // every statement the server runs during the call, caught on its way to the database
    await catchingStatements(s.db, async (ran) => {
      const count = async (path: string) => {
        ran.length = 0;
        const r = await s.call('POST', path, { token: t.admin, body: { page: 1, pageSize: 20 } });
        expect(r.status).toBe(200);
        return ran.map((q) => q.sql);
      };
      await count('/forecast/list'); // the caller's session, read once and then kept
      const forecasts = await count('/forecast/list');
      const products = await count('/product/list');
      expect(forecasts.filter((q) => q.includes('"forecast"'))).toHaveLength(2);
      expect(forecasts.length, forecasts.join('\n')).toBeLessThanOrEqual(products.length);
    });
  });
});
