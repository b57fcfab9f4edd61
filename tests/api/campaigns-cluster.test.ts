// Two server processes on one PostgreSQL, both running the campaigns' scheduler every 0.1 s (docs/campaigns.md
// "How it is scheduled"): a running campaign of three phases queues each of its robots' commands once — one tick at
// a time across the processes (the advisory lock; the campaign rows' FOR UPDATE behind it would serialize them too,
// and this test passes on either alone), the other process skipping its turn — while its robots beat and
// acknowledge through either process. PostgreSQL only: a cluster of its own, or a copy of DATABASE_URL's template.
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess as Proc } from '../support/process';
import { call, login, stopProcess } from '../support/cluster';
import { openDatabase, type Database } from '../../server/db';

const ROBOTS = 30;
const startProcess = (databaseUrl: string) => startServerProcess({ databaseUrl }, { CAMPAIGN_TICK_SECONDS: '0.1' });

let pg: PgDatabase;
let a: Proc;
let b: Proc;
let db: Database;
beforeAll(async () => {
  pg = await postgresDatabase();
  [a, b] = await Promise.all([startProcess(pg.url), startProcess(pg.url)]);
  db = await openDatabase({ url: pg.url, poolSize: 2 });
}, 180_000);
afterAll(async () => {
  await Promise.all([stopProcess(a, 5000), stopProcess(b, 5000)]);
  await db?.close();
  await pg?.close();
});

it('two processes ticking at once queue each target robot its command once, through every phase', async () => {
  const admin = await login(a.url, 'admin');
  const robots: Array<{ _id: string; headers: Record<string, string> }> = [];
  for (let i = 0; i < ROBOTS; i++) {
    const device_id = `TWIN-CMP-${String(i).padStart(2, '0')}`;
    const made = await call(i % 2 ? b.url : a.url, 'POST', '/device/add', {
      token: admin,
      body: { device_id, name: `Twin ${i}`, sn: `SN-TC${i}`, type: 'coffee', category: 'test', dealer: 'store_a1' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    robots.push({
      _id: made.body.data._id,
      headers: { 'X-Device-Id': device_id, 'X-Device-Key': made.body.data.device_key },
    });
  }
  const created = await call(a.url, 'POST', '/campaign/add', {
    token: admin,
    body: {
      name: 'Twin processes',
      command: 'clean',
      target: { devices: robots.map((r) => r._id) },
      rate_per_minute: 1000,
      phases: [10, 50, 100],
      phase_wait_minutes: 0,
      abort: { failed_percent: 100, min_outcomes: 1000 },
      integrator: 'brand_a',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data._id as string;
  // started on B: both schedulers see it on their next tick
  expect((await call(b.url, 'POST', '/campaign/start', { token: admin, body: { _id: id } })).status).toBe(200);

  // the robots beat through either process (each beat to the other one than its last) and acknowledge what they get
  const handed = new Map<string, string[]>(robots.map((r) => [r._id, []]));
  let turn = 0;
  await vi.waitFor(
    async () => {
      for (const r of robots) {
        const via = ++turn % 2 ? a.url : b.url;
        const beat = await call(via, 'POST', '/device-gateway/heartbeat', { headers: r.headers, body: {} });
        expect(beat.status).toBe(200);
        for (const c of beat.body.data.commands ?? []) {
          handed.get(r._id)!.push(c.id);
          const ack = await call(via, 'POST', '/device-gateway/command/ack', {
            headers: r.headers,
            body: { id: c.id, status: 'ok' },
          });
          expect(ack.status).toBe(200);
        }
      }
      const c = await call(a.url, 'GET', `/campaign/detail/${id}`, { token: admin });
      expect(c.body.data.state).toBe('completed');
    },
    { timeout: 60_000, interval: 200 },
  );

  const rows = await db.db.selectFrom('command').select(['device', 'state']).where('campaign', '=', id).execute();
  // one ledger row per robot, none twice, every one acknowledged
  expect(rows.length).toBe(ROBOTS);
  expect(new Set(rows.map((r) => r.device)).size).toBe(ROBOTS);
  expect(rows.every((r) => r.state === 'acknowledged')).toBe(true);
  // and each robot was handed that one command (a re-delivery carries the same id; none here, all acknowledged)
  for (const r of robots) expect(new Set(handed.get(r._id)).size, r._id).toBe(1);
  const detail = await call(b.url, 'GET', `/campaign/detail/${id}`, { token: admin });
  expect(detail.body.data).toMatchObject({ phase: 2, counts: { targeted: ROBOTS, acknowledged: ROBOTS } });
}, 120_000);
