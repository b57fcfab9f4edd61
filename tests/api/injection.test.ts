// SQL injection: what `npm run sqlmap` sends, replayed as fixed cases, and what the review of its targets found.
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  process.env.LOGIN_RATE_LIMIT = 'off'; // as the scan runs: each payload a failed sign-in
  s = await startTestServer();
  token = await s.login('admin');
});
afterAll(async () => {
  delete process.env.LOGIN_RATE_LIMIT;
  await s?.close();
});

const list = (resource: string, body: unknown) => s.call('POST', `/${resource}/list`, { token, body });

it('refuses names that every object inherits as filter keys, range filters and sort fields (they were a 500)', async () => {
  for (const resource of ['order', 'device', 'product', 'user', 'log']) {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const body of [
        { filter: { [name]: 'x' } },
        { filter: { [`${name}_gte`]: '1' } },
        { sort: { field: name, order: 'ASC' } },
      ]) {
        const r = await list(resource, body);
        expect(r.status, `${resource} ${JSON.stringify(body)}`).toBe(400);
        expect(r.body.message).toMatch(/filter|sort|JSON object/i); // a `__proto__` key is refused with the body
      }
    }
  }
});

// Payloads of sqlmap 1.7.2 (boolean, error, stacked, time-based and UNION) in each place it was pointed at.
const PAYLOADS = [
  "CLOSE' AND 7533=7533 AND 'Yxzj'='Yxzj",
  "CLOSE') AND 7533=7534 AND ('a'='a",
  "CLOSE' AND 4386=CAST((CHR(113)||CHR(107))||(SELECT (CASE WHEN (4386=4386) THEN 1 ELSE 0 END))::text||(CHR(113)) AS NUMERIC)-- qWer",
  "CLOSE';SELECT PG_SLEEP(5)--",
  "CLOSE' AND 1234=(SELECT 1234 FROM PG_SLEEP(5))-- x",
  "CLOSE' UNION ALL SELECT NULL,NULL,NULL-- -",
  'CLOSE" AND 1=1-- x',
  '1 AND 1=1',
  '1) ORDER BY 1-- x',
];

it('answers every sqlmap payload in a filter value, filter key, search, sort or paging with 200 and no rows, or a 4xx', async () => {
  const all = (await list('order', { pageSize: 1 })).body.data.total as number;
  for (const p of PAYLOADS) {
    const bodies: unknown[] = [
      { filter: { status: p } },
      { filter: { q: p } },
      { filter: { [`status${p}`]: 'CLOSE' } },
      { filter: { [`create_time_gte${p}`]: '2020-01-01' } },
      { filter: { create_time_gte: p } },
      { sort: { field: `create_time${p}`, order: 'DESC' } },
      { sort: { field: 'create_time', order: `DESC${p}` } },
      { page: `1${p}` },
      { pageSize: `20${p}` },
    ];
    for (const body of bodies) {
      const t0 = Date.now();
      const r = await list('order', body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(Date.now() - t0, `${JSON.stringify(body)} slept`).toBeLessThan(5000); // a PG_SLEEP(5) that ran
      if (r.status === 200) expect(r.body.data.total, JSON.stringify(body)).toBeLessThan(all);
      else expect(r.status).toBeGreaterThanOrEqual(400);
    }
    const d = await s.call('GET', `/order/detail/${encodeURIComponent(`demo_order_0001${p}`)}`, { token });
    expect([404, 414]).toContain(d.status);
    expect(d.body.message).toMatch(/does not exist|too large/);
    const signin = await s.call('POST', '/auth/signin', { body: { username: `admin${p}`, password: 'Demo12345' } });
    expect(signin.status).toBe(401);
    const pw = await s.call('POST', '/auth/signin', { body: { username: 'admin', password: `x' OR '1'='1${p}` } });
    expect(pw.status).toBe(401);
  }
});

it("answers an over-long or broken path id in the envelope and the caller's language (it was Fastify's own English JSON)", async () => {
  const long = await s.call('GET', `/order/detail/${'a'.repeat(150)}`, { token, lang: 'zh' });
  expect(long.status).toBe(414);
  expect(long.body.code).toBe(414);
  expect(long.body.message).not.toMatch(/param length|request/i);
  const broken = await s.call('GET', '/order/detail/%E0%A4%A', { token });
  expect(broken.status).toBe(400);
  expect(broken.body).toEqual({ code: 400, message: 'The request is not valid' });
});
