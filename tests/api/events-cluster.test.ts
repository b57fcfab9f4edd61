// Two server processes behind an imaginary load balancer, one PostgreSQL: an event raised in one process
// reaches browsers connected to the other (LISTEN/NOTIFY), and the offline sweepers of both processes
// together turn a silent robot offline exactly once.
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess as Proc } from '../support/process';
import { call, login, stopProcess } from '../support/cluster';
import { openEvents } from '../support/sse';
import { openDatabase, type Database } from '../../server/db';

const startProcess = (databaseUrl: string) => startServerProcess({ databaseUrl }, { OFFLINE_AFTER_SECONDS: '1.5' });

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

it('delivers an event raised in one process to browsers connected to the other, scoped to their tenant', async () => {
  const admin = await login(a.url, 'admin');
  const made = await call(a.url, 'POST', '/device/add', {
    token: admin,
    body: { device_id: 'CLUSTER-01', name: 'Twin', sn: 'SN-C1', type: 'milktea', category: 'tea', dealer: 'store_a1' },
  });
  expect(made.status).toBe(200);
  const robot = { 'X-Device-Id': 'CLUSTER-01', 'X-Device-Key': made.body.data.device_key };

  // Sessions live in the shared database: a login on A works on B.
  const brandA = await login(a.url, 'brand-a');
  const brandB = await login(b.url, 'brand-b');
  const onB = await openEvents(b.url, brandA, 'es');
  const foreignOnB = await openEvents(b.url, brandB);
  const onA = await openEvents(a.url, brandA);
  try {
    // The robot talks to process A; the browser on process B sees it.
    expect(
      (await call(a.url, 'POST', '/device-gateway/heartbeat', { headers: robot, body: { state: 'idle' } })).status,
    ).toBe(200);
    const status = await onB.next((e) => e.event === 'device.status' && e.data.device_id === 'CLUSTER-01');
    expect(status.data).toMatchObject({ online: true, state: 'idle' });
    expect((await call(a.url, 'POST', '/device-gateway/notify', { headers: robot, body: { code: 301 } })).status).toBe(
      200,
    );
    const alarm = await onB.next((e) => e.event === 'message.created' && e.data.code === 301);
    expect(alarm.data).toMatchObject({ level: 'error', dealer: 'store_a1' });
    expect(alarm.data.title).toMatch(/vasos/i); // in the viewer's language (Spanish)

    // And the other way round: the robot talks to B, the browser on A hears it.
    expect(
      (await call(b.url, 'POST', '/device-gateway/status', { headers: robot, body: { state: 'lack' } })).status,
    ).toBe(200);
    await onA.next((e) => e.event === 'device.status' && e.data.device_id === 'CLUSTER-01' && e.data.state === 'lack');

    // Both sweepers run; the robot goes offline once, with one alarm, seen on both processes.
    await onB.next(
      (e) => e.event === 'device.status' && e.data.device_id === 'CLUSTER-01' && e.data.online === false,
      15_000,
    );
    await onA.next(
      (e) => e.event === 'device.status' && e.data.device_id === 'CLUSTER-01' && e.data.online === false,
      5_000,
    );
    await new Promise((r) => setTimeout(r, 2000)); // several more sweeps of both processes
    const offline = await db.db
      .selectFrom('message')
      .select('_id')
      .where('device', '=', made.body.data._id)
      .where('code', '=', 100002)
      .execute();
    expect(offline.length).toBe(1);
    expect(onB.events.filter((e) => e.event === 'device.status' && e.data.online === false).length).toBe(1);

    // Brand B, connected to the same process, heard nothing of brand A's robot.
    expect(foreignOnB.events.filter((e) => e.event !== 'ready')).toEqual([]);
  } finally {
    onA.close();
    onB.close();
    foreignOnB.close();
  }
});

it('ends a stream on one process when set_roles on the other takes its rights away', async () => {
  const admin = await login(a.url, 'admin');
  const storeB1 = await login(a.url, 'store-b1');
  const onB = await openEvents(b.url, storeB1);
  const bystander = await openEvents(b.url, admin);
  try {
    expect(
      (
        await call(a.url, 'POST', '/user/set_roles', {
          token: admin,
          body: { _id: 'store-b1', roles: ['dealer_admin'] },
        })
      ).status,
    ).toBe(200);
    await onB.ended;
    // Only the stream whose rights changed: the administrator's stays open.
    const robot = await call(a.url, 'POST', '/device/add', {
      token: admin,
      body: {
        device_id: 'CLUSTER-R1',
        name: 'Twin',
        sn: 'SN-CR1',
        type: 'milktea',
        category: 'tea',
        dealer: 'store_b1',
      },
    });
    expect(
      (
        await call(a.url, 'POST', '/device-gateway/heartbeat', {
          headers: { 'X-Device-Id': 'CLUSTER-R1', 'X-Device-Key': robot.body.data.device_key },
          body: { state: 'idle' },
        })
      ).status,
    ).toBe(200);
    await bystander.next((e) => e.event === 'device.status' && e.data.device_id === 'CLUSTER-R1');
  } finally {
    onB.close();
    bystander.close();
  }
});
