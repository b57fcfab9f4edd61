// Past one machine: two API processes on one PostgreSQL with S3-compatible storage (a real S3-protocol
// server, s3rver, on 127.0.0.1). Sessions work on both, a browser on A sees a robot beating on B, a refund
// raced across both yields one refund, and an image uploaded through A is read back through B. Two processes
// started at once on an empty database take turns preparing it.
import { sql } from 'kysely';
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';
import { openEvents } from '../support/sse';
import {
  call,
  login,
  localS3,
  robotHeaders,
  saleBody,
  saleProduct,
  stopProcess,
  storeRobot,
  type LocalS3,
} from '../support/cluster';
import { openDatabase, type Database } from '../../server/db';
import { emptyPostgresDatabase } from '../support/db';
import { png } from '../support/png';

let pg: PgDatabase;
let s3: LocalS3;
let a: ServerProcess;
let b: ServerProcess;
let db: Database;
const figures = { requests: 0, acknowledged: 0, found: 0, fiveXX: 0 };

beforeAll(async () => {
  [pg, s3] = await Promise.all([postgresDatabase(), localS3()]);
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: pg.url }, s3.env),
    startServerProcess({ databaseUrl: pg.url }, s3.env),
  ]);
  db = await openDatabase({ url: pg.url, poolSize: 2 });
}, 180_000);
afterAll(async () => {
  await Promise.all([stopProcess(a), stopProcess(b)]);
  await db?.close();
  await Promise.all([pg?.close(), s3?.close()]);
  console.log(
    `scale-out figures: requests sent ${figures.requests}, acknowledged writes ${figures.acknowledged}, writes found ${figures.found}, 5xx ${figures.fiveXX}`,
  );
});

const counted = async (...args: Parameters<typeof call>) => {
  const r = await call(...args);
  figures.requests++;
  if (r.status >= 500) figures.fiveXX++;
  return r;
};

it('keeps a session signed in on A working on B', async () => {
  const token = await login(a.url, 'brand-a');
  const onB = await counted(b.url, 'GET', '/user/profile', { token });
  expect(onB.status).toBe(200);
  expect((await counted(b.url, 'GET', '/auth/logout', { token })).status).toBe(200);
  expect((await counted(a.url, 'GET', '/user/profile', { token })).status).toBe(401);
});

it('shows a browser on A a robot beating on B', async () => {
  const token = await login(a.url, 'store-a1');
  const onA = await openEvents(a.url, token);
  try {
    const beat = await counted(b.url, 'POST', '/device-gateway/heartbeat', {
      headers: robotHeaders(),
      body: { state: 'busy' },
    });
    expect(beat.status).toBe(200);
    const e = await onA.next(
      (x) => x.event === 'device.status' && x.data.device_id === storeRobot.device_id && x.data.state === 'busy',
    );
    expect(e.data.online).toBe(true);
  } finally {
    onA.close();
  }
});

it('yields one refund when the same refund is raced across both processes', async () => {
  const admin = await login(a.url, 'admin');
  const product = await saleProduct(a.url, admin, 'SCALE');
  const sale = await counted(b.url, 'POST', '/device-gateway/order', {
    headers: robotHeaders(),
    body: saleBody(product, 'SCALE-1'),
  });
  expect(sale.status).toBe(200);
  figures.acknowledged++;
  const order = sale.body.data._id;
  const tokens = [await login(a.url, 'store-a1'), await login(b.url, 'brand-a')];
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      counted(i % 2 ? a.url : b.url, 'POST', '/order/refund', {
        token: tokens[i % 2],
        body: { _id: order, amount: 300, reason: `race ${i}` },
      }),
    ),
  );
  expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  expect(answers.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(19).fill(409));
  const rows = await db.db.selectFrom('refund').select(['_id', 'amount']).where('order', '=', order).execute();
  expect(rows).toHaveLength(1);
  const found = await db.db.selectFrom('orders').select('_id').where('_id', '=', order).execute();
  figures.found += found.length;
});

it('reads back through B a logo uploaded through A (S3 storage, cache-friendly)', async () => {
  const token = await login(a.url, 'brand-a');
  const img = png();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(img)], { type: 'image/png' }), 'logo.png');
  const up = await fetch(`${a.url}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  figures.requests++;
  expect(up.status).toBe(200);
  const { path } = (await up.json()).data;
  figures.acknowledged++;
  expect(
    (await counted(a.url, 'POST', '/integrator/edit', { token, body: { _id: 'brand_a', logo: path } })).status,
  ).toBe(200);

  const row = await db.db
    .selectFrom('upload')
    .select(['storage', 'size'])
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ storage: 's3', size: img.length });
  const logo = (await counted(b.url, 'GET', '/integrator/detail/brand_a', { token: await login(b.url, 'brand-a') }))
    .body.data?.logo;
  expect(logo).toBe(path);
  const back = await fetch(`${b.url}/api/files/${path}`);
  figures.requests++;
  expect(back.status).toBe(200);
  expect(back.headers.get('content-type')).toBe('image/png');
  expect(back.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(Buffer.from(await back.arrayBuffer()).equals(img)).toBe(true);
  figures.found++;
  // a path never uploaded is a translated 404 from the bucket's answer, not a 500
  const missing = await counted(b.url, 'GET', `/files/${path.replace(/[a-f0-9]{32}/, '0'.repeat(32))}`);
  expect(missing.status).toBe(404);
});

it('starts two processes at once on an empty database: they take turns, fill it once, and both serve', async () => {
  // a first deployment's replicas: before the start-up lock covered more than the migrations, both filled the
  // empty database (the second failed on the first's administrator) and both created the webhook queue (a deadlock)
  const empty = await emptyPostgresDatabase(pg.url);
  const started: ServerProcess[] = [];
  const check = await openDatabase({ url: empty.url, poolSize: 1 });
  try {
    const env = { ...s3.env, ADMIN_PASSWORD: 'First-Admin-2026' };
    started.push(
      ...(await Promise.all([
        startServerProcess({ databaseUrl: empty.url }, env),
        startServerProcess({ databaseUrl: empty.url }, env),
      ])),
    );
    for (const p of started) {
      const signin = await call(p.url, 'POST', '/auth/signin', {
        body: { username: 'admin', password: 'First-Admin-2026' },
      });
      expect(signin.status, p.output.join('')).toBe(200);
    }
    expect((await check.db.selectFrom('account').select('_id').execute()).map((r) => r._id)).toEqual(['admin']);
    const queues = await sql<{ name: string }>`SELECT name FROM pgboss.queue`.execute(check.db);
    expect(queues.rows.map((r) => r.name).sort()).toEqual(['notify-delivery', 'webhook-delivery']);
  } finally {
    await Promise.all(started.map((p) => stopProcess(p)));
    await check.close();
    await empty.drop();
  }
}, 180_000);
