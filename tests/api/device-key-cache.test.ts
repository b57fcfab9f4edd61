// Robots' rows kept by each process for their keys (server/features/gateway/keyCache.ts) change at once
// in every process: on PostgreSQL two server processes on one database, each having served the robot (so each
// keeps its row), and the change made through one of them; on PGlite the one process. The very next call — on
// either process — sees the change: a rotated key is refused and the new one taken, an acknowledged lock refuses
// sales, an edit moves the robot's sales to its new store, and an unbound robot sells nothing.
import { freshDatabase } from '../support/db';
import { postgresDatabase, TEST_ENGINES } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';
import { call, login, saleProduct, stopProcess } from '../support/cluster';

describe.each(TEST_ENGINES)('on %s', (kind) => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;
  let admin: string;
  let product: string;

  beforeAll(async () => {
    if (kind === 'PostgreSQL') {
      const pg = await postgresDatabase();
      drop = pg.close;
      [a, b] = await Promise.all([
        startServerProcess({ databaseUrl: pg.url }),
        startServerProcess({ databaseUrl: pg.url }),
      ]);
    } else {
      // PGlite's folder belongs to one process: both "processes" are that one
      const d = await freshDatabase();
      drop = d.drop;
      a = b = await startServerProcess({ dataDir: d.dataDir });
    }
    admin = await login(a.url, 'admin');
    product = await saleProduct(a.url, admin, 'KEYC-1');
  }, 180_000);
  afterAll(async () => {
    await Promise.all([stopProcess(a), b !== a && stopProcess(b)]);
    await drop?.();
  });

  let n = 0;
  /** A new robot of store A1, served by both processes (twice each: the second from their caches). */
  async function keptByBoth() {
    const device_id = `KEYC-${String(++n).padStart(4, '0')}`;
    const r = await call(a.url, 'POST', '/device/add', {
      token: admin,
      body: { device_id, name: `Kept ${n}`, sn: `SN-K${n}`, type: 'icecream', category: 'test', dealer: 'store_a1' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const robot = { _id: r.body.data._id as string, device_id, key: r.body.data.device_key as string };
    for (const p of [a, b, a, b]) expect((await beat(p, robot)).status).toBe(200);
    return robot;
  }
  const headers = (r: { device_id: string; key: string }) => ({ 'X-Device-Id': r.device_id, 'X-Device-Key': r.key });
  const beat = (p: ServerProcess, r: { device_id: string; key: string }) =>
    call(p.url, 'POST', '/device-gateway/heartbeat', { headers: headers(r), body: {} });
  const sale = (p: ServerProcess, r: { device_id: string; key: string }) =>
    call(p.url, 'POST', '/device-gateway/order', {
      headers: headers(r),
      body: { channel: 'APP', items: [{ product, quantity: 1 }] },
    });

  it('a rotated key is refused at once on both processes, and the new one taken', async () => {
    const r = await keptByBoth();
    const rotated = await call(a.url, 'POST', '/device/rotate_key', { token: admin, body: { _id: r._id } });
    expect(rotated.status).toBe(200);
    const fresh = { ...r, key: rotated.body.data.device_key as string };
    expect([(await beat(b, r)).status, (await beat(a, r)).status]).toEqual([401, 401]);
    expect([(await beat(b, fresh)).status, (await beat(a, fresh)).status]).toEqual([200, 200]);
  });

  it("an acknowledged lock refuses the robot's sales at once on both processes, and an unlock takes them again", async () => {
    const r = await keptByBoth();
    expect([(await sale(a, r)).status, (await sale(b, r)).status]).toEqual([200, 200]);
    const obey = async (command: string, params?: object) => {
      const sent = await call(b.url, 'POST', '/command/send', {
        token: admin,
        body: { devices: [r._id], command, params },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const id = sent.body.data.results[0]._id as string;
      // the process that queued it tells the other (command.changed): poll until the robot is handed it there
      await expect
        .poll(async () => (await beat(a, r)).body.data.commands.map((c: { id: string }) => c.id), { timeout: 10_000 })
        .toContain(id);
      expect(
        (await call(a.url, 'POST', '/device-gateway/command/ack', { headers: headers(r), body: { id, status: 'ok' } }))
          .status,
      ).toBe(200);
    };
    await obey('lock', { reason: 'freezer warm' });
    const refused = [await sale(b, r), await sale(a, r)];
    expect(refused.map((x) => x.status)).toEqual([409, 409]);
    expect(refused[0].body.message).toMatch(/freezer warm/);
    await obey('unlock');
    expect([(await sale(b, r)).status, (await sale(a, r)).status]).toEqual([200, 200]);
  });

  it('an edit moves the robot to its new store at once, and an unbound robot sells nothing', async () => {
    const r = await keptByBoth();
    expect([(await sale(a, r)).status, (await sale(b, r)).status]).toEqual([200, 200]);
    const moved = await call(a.url, 'POST', '/device/edit', { token: admin, body: { _id: r._id, dealer: 'store_a2' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // store A1's product is unknown in store A2: both processes judge the sale by the robot's new store
    expect([(await sale(b, r)).status, (await sale(a, r)).status]).toEqual([404, 404]);
    const unbound = await call(b.url, 'POST', '/device/unbind', { token: admin, body: { _id: r._id } });
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
    const refused = [await sale(a, r), await sale(b, r)];
    expect(refused.map((x) => [x.status, x.body.message])).toEqual([
      [409, refused[0].body.message],
      [409, refused[0].body.message],
    ]);
    expect(refused[0].body.message).toMatch(/store/i);
  });
});
