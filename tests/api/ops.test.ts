// Health, readiness and metrics as an operator's tools see them, and a graceful stop as a browser sees it.
import { sql } from 'kysely';
import { startServer } from '../../server/main';
import { freshDatabase, type TestDatabase } from '../support/db';
import { freePort } from '../support/postgres';
import { DEMO_DEVICES, DEMO_PASSWORD, demoDeviceKey } from '../../server/db/seed';

const TOKEN = 'metrics-secret-token';
let database: TestDatabase;
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;
let metricsPort: number;

beforeAll(async () => {
  database = await freshDatabase();
  metricsPort = await freePort();
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    logger: false,
    distDir: '/nonexistent',
    metricsToken: TOKEN,
    metricsPort,
  });
  base = server.address.replace('0.0.0.0', '127.0.0.1');
});
afterAll(async () => {
  await server?.close(); // the last test closes it itself
  await database?.drop();
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${p}`, { headers: { 'Accept-Language': 'en', ...headers } });

it('answers liveness and readiness without a session, and the old /api/health still', async () => {
  const live = await get('/api/health/live');
  expect([live.status, (await live.json()).data]).toEqual([200, { live: true }]);
  const ready = await get('/api/health/ready');
  expect(ready.status).toBe(200);
  // ready or not is public; the number of applied migrations (the build's age) is not
  expect((await ready.json()).data).toEqual({ ready: true });
  const detailed = await get('/api/health/ready', { Authorization: `Bearer ${TOKEN}` });
  expect((await detailed.json()).data).toEqual({ ready: true, migrations: expect.any(Number) });
  expect((await (await get('/api/health/ready', { Authorization: 'Bearer wrong' })).json()).data).toEqual({
    ready: true,
  });
  expect((await get('/api/health')).status).toBe(200);
});

it("is not ready, in the caller's language, while a migration of this build is missing from the database", async () => {
  const [last] = (
    await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1`.execute(
      server.database.db,
    )
  ).rows;
  await sql`DELETE FROM schema_migration WHERE name = ${last.name}`.execute(server.database.db);
  try {
    const r = await get('/api/health/ready', { 'Accept-Language': 'es' });
    expect(r.status).toBe(503);
    expect((await r.json()).message).toMatch(/migraciones/);
  } finally {
    await sql`INSERT INTO schema_migration (name) VALUES (${last.name})`.execute(server.database.db);
  }
  expect((await get('/api/health/ready')).status).toBe(200);
});

it('serves Prometheus metrics only to the token, and on the metrics port', async () => {
  // some traffic: a sign-in, a list, robots beating
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const token = (await signin.json()).data.token;
  expect(
    (
      await fetch(`${base}/api/device/list`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).status,
  ).toBe(200);
  const beats = await Promise.all(
    DEMO_DEVICES.slice(0, 5).map((d) =>
      fetch(`${base}/api/device-gateway/heartbeat`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Device-Id': d.device_id,
          'X-Device-Key': demoDeviceKey(d.device_id),
        },
        body: '{}',
      }),
    ),
  );
  expect(beats.map((b) => b.status)).toEqual([200, 200, 200, 200, 200]);
  // a route with a parameter counts under its pattern; a path no route has, under 'unmatched'; a HEAD once
  const auth = { Authorization: `Bearer ${token}` };
  expect((await get('/api/import/no-such-import', auth)).status).toBe(404);
  expect((await get('/api/import/another-one', auth)).status).toBe(404);
  expect((await get('/api/no-such-route', auth)).status).toBe(404);
  expect((await fetch(`${base}/api/health/live`, { method: 'HEAD' })).status).toBe(200);

  const none = await get('/metrics');
  expect(none.status).toBe(401);
  expect((await none.json()).message).toBeTruthy();
  expect((await get('/metrics', { Authorization: 'Bearer wrong' })).status).toBe(401);
  const m = await get('/metrics', { Authorization: `Bearer ${TOKEN}` });
  expect(m.status).toBe(200);
  const text = await m.text();
  expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/device\/list",status="200"\} 1/);
  expect(text).toMatch(
    /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/signin",status="200"\} 1/,
  );
  // the whole histogram of a series: each bucket counts the answers up to it, +Inf all of them
  expect(text).toMatch(
    /http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/auth\/signin",status="200"\} 1/,
  );
  expect(text).toMatch(
    /http_request_duration_seconds_bucket\{le="10",method="POST",route="\/api\/auth\/signin",status="200"\} 1/,
  );
  expect(text).toMatch(
    /http_request_duration_seconds_sum\{method="POST",route="\/api\/auth\/signin",status="200"\} 0\.\d+/,
  );
  expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/import\/:id",status="404"\} 2/);
  expect(text).not.toMatch(/no-such-import|no-such-route/);
  expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
  expect(text).toMatch(/http_requests_total\{method="HEAD",route="\/api\/health\/live",status="200"\} 1/);
  expect(text).toMatch(/# TYPE http_request_duration_seconds histogram/);
  expect(text).toMatch(/# TYPE http_requests_total counter/);
  expect(text).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
  expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
  expect(text).toMatch(/vf_sse_clients 0/);
  expect(text).toMatch(/vf_heartbeats_total 5/);
  expect(text).toMatch(/vf_group_commit_batch_size_sum\{name="heartbeat"\} 5/);
  expect(text).toMatch(/vf_group_commit_batch_size_count\{name="device_key"\} [1-5]/);

  const port = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(port.status).toBe(200);
  expect(await port.text()).toMatch(/vf_heartbeats_total 5/);
});

it('has no /metrics at all without a token', async () => {
  const other = await freshDatabase();
  const s = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: other.dataDir,
    databaseUrl: other.databaseUrl,
    logger: false,
    distDir: '/nonexistent',
  });
  try {
    const r = await fetch(`${s.address.replace('0.0.0.0', '127.0.0.1')}/metrics`, {
      headers: { Authorization: 'Bearer anything' },
    });
    expect(r.status).toBe(404);
  } finally {
    await s.close();
    await other.drop();
  }
});

it('on stop: an open event stream ends with a reconnect hint, then the server closes', async () => {
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const token = (await signin.json()).data.token;
  const stream = await fetch(`${base}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
  expect(stream.status).toBe(200);
  const text = stream.text();
  // the metric sees the stream
  await new Promise((r) => setTimeout(r, 100));
  expect(await (await get('/metrics', { Authorization: `Bearer ${TOKEN}` })).text()).toMatch(/vf_sse_clients 1/);
  const closing = server.close();
  const body = await text;
  expect(body).toMatch(/event: ready/);
  expect(body.trimEnd().endsWith('retry: 1000')).toBe(true);
  await closing;
  await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  server = undefined as never;
});
