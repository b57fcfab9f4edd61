// List totals: exact while small, the planner's estimate (flagged) past EXACT_TOTAL_LIMIT, so that a page
// of a million-row list never pays for counting them all (npm run bench measured it).
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { catchingStatements, loadWithoutTriggers } from '../support/db';
import { EXACT_TOTAL_LIMIT } from '../../server/crud/count';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  // through no trigger: this file reads no dashboard figure (tests/support/db.ts)
  await loadWithoutTriggers(
    s.db,
    sql`
    INSERT INTO orders (_id, integrator, dealer, channel, status, pay_status, amount, quantity, products, pickup_code, create_time)
    SELECT 'many-' || i, 'brand_b', 'store_b1', 'APP', 'CLOSE', 'PAID', 100, 1, '[]'::jsonb, 'M' || i, now() - i * interval '1 second'
    FROM generate_series(1, ${Math.max(EXACT_TOTAL_LIMIT + 500, 10_500)}::int) AS i`,
  );
  await sql`ANALYZE orders`.execute(s.db);
});
afterAll(() => s?.close());

it('counts exactly up to the limit', async () => {
  const r = await s.call('POST', '/order/list', { token: admin, body: { filter: { integrator: 'brand_a' } } });
  const exact = await s.db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('integrator', '=', 'brand_a')
    .executeTakeFirstOrThrow();
  expect(r.status).toBe(200);
  expect(r.body.data.total).toBe(exact.n);
  expect(r.body.data.total_estimated).toBeUndefined();
});

it('past the limit gives an estimate, flagged, never below what exists for sure', async () => {
  const r = await s.call('POST', '/order/list', {
    token: admin,
    body: { filter: { integrator: 'brand_b' }, pageSize: 20 },
  });
  expect(r.status).toBe(200);
  expect(r.body.data.total_estimated).toBe(true);
  expect(r.body.data.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  // the planner's estimate after ANALYZE is close to the truth
  const exact = await s.db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('integrator', '=', 'brand_b')
    .executeTakeFirstOrThrow();
  expect(Math.abs(r.body.data.total - exact.n) / exact.n).toBeLessThan(0.2);
  expect(r.body.data.list).toHaveLength(20);
});

it('a list counted past the limit is not counted again for a while: paged or sorted, it answers the same estimate', async () => {
  await catchingStatements(s.db, async (ran) => {
    const counts = () => ran.filter((q) => /count\(\*\)/i.test(q.sql)).length;
    const body = { filter: { integrator: 'brand_b' }, pageSize: 20 };
    const first = await s.call('POST', '/order/list', { token: admin, body });
    expect(first.body.data.total_estimated).toBe(true);
    ran.length = 0;
    for (const more of [{ page: 2 }, { sort: { field: 'amount', order: 'ASC' } }, {}]) {
      const r = await s.call('POST', '/order/list', { token: admin, body: { ...body, ...more } });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(first.body.data.total);
      expect(r.body.data.total_estimated).toBe(true);
    }
    expect(counts()).toBe(0);
    expect(ran.filter((q) => /^explain/i.test(q.sql))).toHaveLength(0);
    // another list (another WHERE), and a list under the limit, are counted on every call
    ran.length = 0;
    for (let i = 0; i < 2; i++) {
      const small = await s.call('POST', '/order/list', { token: admin, body: { filter: { integrator: 'brand_a' } } });
      expect(small.body.data.total_estimated).toBeUndefined();
    }
    await s.call('POST', '/order/list', { token: admin, body: { filter: { integrator: 'brand_b', status: 'CLOSE' } } });
    expect(counts()).toBe(3);
  });
});

it('a deep page holds the same rows, in the same order, as reading the list from the start', async () => {
  // later pages look their ids up first (server/crud/query.ts): the rows must be exactly those of OFFSET
  for (const sort of [
    { field: 'create_time', order: 'DESC' },
    { field: 'pickup_code', order: 'ASC' },
  ]) {
    const r = await s.call('POST', '/order/list', {
      token: admin,
      body: { filter: { integrator: 'brand_b' }, pageSize: 50, page: 40, sort },
    });
    expect(r.status).toBe(200);
    const want = await s.db
      .selectFrom('orders')
      .select('_id')
      .where('integrator', '=', 'brand_b')
      .orderBy(sort.field as 'create_time', sort.order === 'ASC' ? 'asc' : 'desc')
      .orderBy('_id', sort.order === 'ASC' ? 'asc' : 'desc')
      .limit(50)
      .offset(39 * 50)
      .execute();
    expect(r.body.data.list.map((o: { _id: string }) => o._id)).toEqual(want.map((o) => o._id));
  }
});

it('searches orders by part of a pickup code, in any case, from the trigram index', async () => {
  const r = await s.call('POST', '/order/list', { token: admin, body: { filter: { q: 'm1049' }, pageSize: 50 } });
  expect(r.status).toBe(200);
  // M1049 and M10490 … M10499
  expect(r.body.data.total).toBe(11);
  expect(r.body.data.list.every((o: { pickup_code: string }) => o.pickup_code.startsWith('M1049'))).toBe(true);
  expect((await s.call('POST', '/order/list', { token: admin, body: { filter: { q: '1049' } } })).body.data.total).toBe(
    11,
  );
  // on both engines the index exists and serves the search (pg_trgm; PGlite loads it as an extension). On
  // 10,000 rows the planner rightly prefers a scan, so the scan is switched off to see that the index can answer.
  const plan = await s.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT _id FROM orders WHERE pickup_code ILIKE '%m1049%'`.execute(trx);
  });
  expect(plan.rows.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on orders_pickup_trgm/);
});

describe("keyset paging (after: the previous answer's next)", () => {
  // walks a list as the browser does: after the previous page's end when it has one, else by page number
  async function walk(body: Record<string, unknown>, pageSize: number) {
    const ids: string[] = [];
    let after: string | undefined;
    let byCursor = 0;
    for (let page = 1; ; page++) {
      const r = await s.call('POST', '/order/list', {
        token: admin,
        body: { ...body, pageSize, page, ...(after ? { after } : {}) },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (after) byCursor++;
      ids.push(...r.body.data.list.map((o: { _id: string }) => o._id));
      if (r.body.data.list.length < pageSize) return { ids, byCursor };
      after = r.body.data.next;
    }
  }

  it('pages after a position hold the same rows as pages by number, in both directions and with empty sort values', async () => {
    // some of brand B's orders get a pay time, so that sorting by it meets NULLs
    await sql`UPDATE orders SET pay_time = create_time WHERE _id LIKE 'many-%' AND substr(_id, 6)::int % 3 = 0`.execute(
      s.db,
    );
    for (const sort of [
      { field: 'create_time', order: 'DESC' },
      { field: 'pay_time', order: 'ASC' },
      { field: 'pay_time', order: 'DESC' },
      { field: 'amount', order: 'ASC' },
    ]) {
      const filter = { integrator: 'brand_b' };
      const { ids, byCursor } = await walk({ filter, sort }, 500);
      const dir = sort.order === 'ASC' ? 'asc' : 'desc';
      const want = await s.db
        .selectFrom('orders')
        .select('_id')
        .where('integrator', '=', 'brand_b')
        .orderBy(sort.field as 'amount', dir)
        .orderBy('_id', dir)
        .execute();
      expect(ids, JSON.stringify(sort)).toEqual(want.map((o) => o._id));
      expect(byCursor, JSON.stringify(sort)).toBeGreaterThan(0);
    }
  });

  it("refuses a position that is not one of this list's, in the caller's language, and changes nothing", async () => {
    const first = await s.call('POST', '/order/list', {
      token: admin,
      body: { filter: { integrator: 'brand_b' }, pageSize: 20 },
    });
    const next = first.body.data.next as string;
    expect(typeof next).toBe('string');
    const otherSort = await s.call('POST', '/order/list', {
      token: admin,
      lang: 'en',
      body: { pageSize: 20, after: next, sort: { field: 'amount', order: 'ASC' } },
    });
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.message).toBe('This list position is no longer valid: go back to the first page');
    const forged = (value: string) =>
      Buffer.from(JSON.stringify(['create_time', 'desc', value, 'x'])).toString('base64url');
    for (const after of [
      forged('not a time'),
      forged('99999-99-99'),
      '%%%',
      'W10',
      Buffer.from('["create_time","desc",{"a":1},"x"]').toString('base64url'),
      42,
      'x'.repeat(3000),
    ]) {
      const r = await s.call('POST', '/order/list', { token: admin, lang: 'zh', body: { pageSize: 20, after } });
      expect(r.status, String(after).slice(0, 40)).toBe(400);
      expect(r.body.message).toBe('列表位置已失效，请回到第一页');
    }
  });
});

describe('fields: a list that names the columns it shows', () => {
  const FIELDS = ['create_time', 'pickup_code', 'status', 'amount'];

  it('answers those columns, `_id` and `version` of the same rows, paged the same way', async () => {
    for (const page of [1, 3]) {
      const body = { filter: { integrator: 'brand_b' }, pageSize: 20, page, sort: { field: 'amount', order: 'ASC' } };
      const whole = await s.call('POST', '/order/list', { token: admin, body });
      const named = await s.call('POST', '/order/list', { token: admin, body: { ...body, fields: FIELDS } });
      expect(named.status, JSON.stringify(named.body)).toBe(200);
      expect(named.body.data.total).toBe(whole.body.data.total);
      expect(named.body.data.next).toBe(whole.body.data.next);
      const keep = ['_id', 'version', ...FIELDS];
      expect(named.body.data.list).toEqual(
        whole.body.data.list.map((r: Record<string, unknown>) => Object.fromEntries(keep.map((k) => [k, r[k]]))),
      );
      // and after a position
      const after = await s.call('POST', '/order/list', {
        token: admin,
        body: { ...body, page: page + 1, after: named.body.data.next, fields: FIELDS },
      });
      const wholeAfter = await s.call('POST', '/order/list', { token: admin, body: { ...body, page: page + 1 } });
      expect(after.body.data.list.map((r: { _id: string }) => r._id)).toEqual(
        wholeAfter.body.data.list.map((r: { _id: string }) => r._id),
      );
      expect(Object.keys(after.body.data.list[0]).sort()).toEqual([...keep].sort());
    }
  });

  it('a field read on some rows only is blanked on the others; a derived field is given when named', async () => {
    const brand = await s.login('brand-a');
    const body = { pageSize: 100 };
    const whole = await s.call('POST', '/log/list', { token: brand, body });
    const named = await s.call('POST', '/log/list', { token: brand, body: { ...body, fields: ['ip'] } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.list.map((r: { ip: unknown }) => r.ip)).toEqual(
      whole.body.data.list.map((r: { ip: unknown }) => r.ip),
    );
    const robots = await s.call('POST', '/device/list', { token: admin, body: { fields: ['name', 'menu_outdated'] } });
    expect(robots.status).toBe(200);
    for (const r of robots.body.data.list) expect(typeof r.menu_outdated).toBe('boolean');
    const without = await s.call('POST', '/device/list', { token: admin, body: { fields: ['name'] } });
    expect(without.body.data.list[0]).not.toHaveProperty('menu_outdated');
  });

  it('refuses a field that is no readable column with a 400', async () => {
    for (const fields of [['nope'], [], 'amount', [1], ['password'], Array(40).fill('amount')]) {
      const r = await s.call('POST', '/order/list', { token: admin, body: { fields } });
      expect(r.status, JSON.stringify(fields)).toBe(400);
    }
    const accounts = await s.call('POST', '/user/list', { token: admin, body: { fields: ['password'] } });
    expect(accounts.status).toBe(400);
  });
});
