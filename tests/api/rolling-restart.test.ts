// A rolling restart: two API processes on one PostgreSQL under load (robots selling through the device
// gateway, browsers listing orders); one gets SIGTERM, fails readiness, keeps listening for SHUTDOWN_DELAY_MS,
// drains and exits 0, a new one takes its place.
// No acknowledged write is lost and nothing answers 5xx. The client is a load balancer's: one connection
// per request, a readiness poll every 250 ms (a process failing it gets nothing new), a refused connection is
// sent to the other process; a 503 would be retried the same way, but a draining process serves what reaches
// it, so none is expected. Without the delay, a connection queued in the kernel when the listener closed was
// reset (`/order/list: ECONNRESET` in CI).
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';
import { login, saleProduct, stopProcess } from '../support/cluster';
import { startLoad } from '../support/load';
import { openDatabase } from '../../server/db';

const DRAIN = { SHUTDOWN_DELAY_MS: '1500' };
let pg: PgDatabase;
const procs: ServerProcess[] = [];

beforeAll(async () => {
  pg = await postgresDatabase();
  procs.push(
    ...(await Promise.all([
      startServerProcess({ databaseUrl: pg.url }, DRAIN),
      startServerProcess({ databaseUrl: pg.url }, DRAIN),
    ])),
  );
}, 180_000);
afterAll(async () => {
  await Promise.all(procs.map((p) => stopProcess(p)));
  await pg?.close();
});

it('restarts one of two replicas under load without losing an acknowledged write or answering 5xx', async () => {
  const admin = await login(procs[0].url, 'admin');
  const product = await saleProduct(procs[0].url, admin, 'ROLL');
  const browser = await login(procs[1].url, 'brand-a');
  let targets = procs.map((p) => p.url);
  const load = startLoad({
    targets: () => targets,
    product,
    browserToken: browser,
    prefix: 'ROLL',
    retries: 3,
    healthCheckMs: 250,
  });

  // waits for what the load shows, not for a fixed time: writes acknowledged before, and after the restart
  const until = async (done: () => boolean, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  };
  await until(() => load.figures.acknowledged.length >= 10);
  const before = load.figures.acknowledged.length;
  const old = procs[0];
  const exited = new Promise<number | null>((r) => old.child.once('exit', (code) => r(code)));
  old.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const fresh = await startServerProcess({ databaseUrl: pg.url }, DRAIN);
  procs[0] = fresh;
  targets = procs.map((p) => p.url);
  const restarted = load.figures.acknowledged.length;
  await until(() => load.figures.acknowledged.length >= restarted + 10);
  const f = await load.stop();

  const db = await openDatabase({ url: pg.url, poolSize: 1 });
  const found = await db.db.selectFrom('orders').select('_id').where('_id', 'in', f.acknowledged).execute();
  await db.close();
  console.log(
    `rolling restart figures: requests sent ${f.requests}, acknowledged writes ${f.acknowledged.length}, writes found ${found.length}, 5xx ${f.fiveXX}` +
      ` (refused connections retried on the other process ${f.retried}, failed in flight ${f.failedInFlight}, slowest answer ${f.slowestMs} ms)`,
  );
  expect(f.wrong).toEqual([]);
  expect(f.fiveXX).toBe(0);
  expect(f.failedInFlight).toBe(0);
  expect(before).toBeGreaterThan(0);
  expect(f.acknowledged.length).toBeGreaterThan(before);
  expect(found.length).toBe(f.acknowledged.length);
}, 240_000);
