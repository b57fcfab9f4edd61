// Crash safety: the server process is killed with SIGKILL in the middle of a stream of robot sales, then
// started again on the same data. Every sale it acknowledged is there, the database opens cleanly and
// takes new writes. On PGlite (the engine lives inside the killed process) by default, on PostgreSQL
// when DATABASE_URL is set (CI runs the api tests on both).
import { freshDatabase, type TestDatabase } from '../support/db';
import {
  startServerProcess as startProcess,
  stopServerProcess as kill,
  type ServerProcess as Proc,
} from '../support/process';
import { call, login, PRICE, robotHeaders as robotHeadersOf, storeRobot } from '../support/cluster';

const robot = storeRobot;
const robotHeaders = robotHeadersOf();

let db: TestDatabase;
let server: Proc | undefined;
beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);
afterAll(async () => {
  await kill(server, 'SIGKILL');
  await db?.drop();
});

it('keeps every acknowledged sale when the server is killed mid-stream, and opens cleanly again', async () => {
  server = await startProcess(db);
  const admin = await login(server.url, 'admin');
  const made = await call(server.url, 'POST', '/product/add', {
    token: admin,
    body: {
      code: 'CRASH',
      name: 'Crash cone',
      price: PRICE,
      type: 'icecream',
      number: 1,
      dealer: robot.dealer,
      stock: -1,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const product = made.body.data._id as string;

  // Eight robots' worth of sales in flight at once; the kill lands while some are half-way.
  const acknowledged: string[] = [];
  let sent = 0;
  let refused = 0;
  const KILL_AFTER = 60;
  const victim = server;
  const killed = new Promise<void>((resolve) => {
    const sell = async (): Promise<void> => {
      for (;;) {
        const n = ++sent;
        let r: Response;
        try {
          r = await fetch(`${victim.url}/api/device-gateway/order`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...robotHeaders },
            body: JSON.stringify({
              channel: 'APP',
              items: [{ product, quantity: 1 }],
              pay: { pay_type: 'WECHAT', transaction_id: `CRASH-${n}`, amount: PRICE, bank_type: 'CMB' },
            }),
          });
        } catch {
          return; // the connection died with the process: not acknowledged
        }
        const body = (await r.json().catch(() => undefined)) as { data?: { _id?: string } } | undefined;
        if (r.status === 200 && body?.data?._id) acknowledged.push(body.data._id);
        else refused++;
        if (acknowledged.length === KILL_AFTER) {
          victim.child.kill('SIGKILL');
          resolve();
        }
      }
    };
    for (let i = 0; i < 8; i++) void sell();
  });
  await killed;
  await new Promise<void>((r) =>
    victim.child.exitCode !== null || victim.child.signalCode !== null ? r() : victim.child.once('exit', () => r()),
  );
  expect(victim.child.signalCode).toBe('SIGKILL');
  expect(refused).toBe(0);
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // The same data, a new process: it must open (PGlite recovers from its WAL) and hold every acknowledged sale.
  server = await startProcess(db);
  const admin2 = await login(server.url, 'admin');
  const found = await call(server.url, 'POST', '/order/list', {
    token: admin2,
    body: { pageSize: 500, filter: { _id: acknowledged } },
  });
  expect(found.status).toBe(200);
  expect(found.body.data.total).toBe(acknowledged.length);
  // whole, not half-written: paid, with its product line (each sale is one transaction)
  for (const o of found.body.data.list as Array<{ amount: number; pay_status: string; products: unknown[] }>) {
    expect(o.amount).toBe(PRICE);
    expect(o.pay_status).toBe('PAID');
    expect(o.products).toHaveLength(1);
  }

  // and it takes new writes after the crash
  const after = await call(server.url, 'POST', '/device-gateway/order', {
    headers: robotHeaders,
    body: {
      channel: 'APP',
      items: [{ product, quantity: 1 }],
      pay: { pay_type: 'WECHAT', transaction_id: 'CRASH-AFTER', amount: PRICE, bank_type: 'CMB' },
    },
  });
  expect(after.status, JSON.stringify(after.body)).toBe(200);
  await kill(server, 'SIGTERM');
  expect(server.child.exitCode).toBe(0);
}, 240_000);
