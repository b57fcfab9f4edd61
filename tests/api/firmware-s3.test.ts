// A robot's firmware download from S3 storage (docs/campaigns.md, "The firmware fetch"): the image uploaded into a
// real S3-protocol server (s3rver on 127.0.0.1), then fetched with the robot's key whole, resumed by a range, and
// past its end — the bucket answers the range itself (server/features/uploads/storage/s3.ts getRange), and the
// robot must see what local-disk storage answers (campaigns.test.ts, served by @fastify/send). One server on PGlite:
// the SQL is campaigns' on both engines; what this file adds is the bucket.
import { createHash } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { localS3, type LocalS3 } from '../support/cluster';

let s3: LocalS3;
let s: TestServer;

beforeAll(async () => {
  s3 = await localS3();
  // read by the server as it starts (storageFromConfig); tests/support/fileSetup.ts puts the environment back
  Object.assign(process.env, s3.env);
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
});

it('serves a firmware from the bucket whole (200), resumed by a range (206) and past its end (416)', async () => {
  const admin = await s.login('admin');
  const image = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
  const sha256 = createHash('sha256').update(image).digest('hex');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'application/octet-stream' }), 'fw.bin');
  const up = await fetch(`${s.url}/api/firmware/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  const uploaded = await up.json();
  expect(up.status, JSON.stringify(uploaded)).toBe(200);
  const stored = await s.db
    .selectFrom('upload')
    .select(['storage', 'size'])
    .where('path', '=', uploaded.data.file)
    .executeTakeFirst();
  expect(stored).toEqual({ storage: 's3', size: image.length });
  const added = await s.call('POST', '/firmware/add', {
    token: admin,
    body: { type: 'coffee', firmware_version: '3.0.0', file: uploaded.data.file },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  expect(added.body.data).toMatchObject({ sha256, size: image.length });

  const robot = await s.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'S3-FW-0001',
      name: 'S3 firmware',
      sn: 'SN-S3-FW-0001',
      type: 'coffee',
      category: 'test',
      dealer: 'store_a1',
    },
  });
  expect(robot.status, JSON.stringify(robot.body)).toBe(200);
  const get = (headers: Record<string, string> = {}) =>
    fetch(`${s.url}/api/device-gateway/firmware/${added.body.data._id}`, {
      headers: { 'X-Device-Id': 'S3-FW-0001', 'X-Device-Key': robot.body.data.device_key, ...headers },
    });

  const whole = await get();
  expect(whole.status).toBe(200);
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(whole.headers.get('x-firmware-sha256')).toBe(sha256);
  const body = Buffer.from(await whole.arrayBuffer());
  expect(createHash('sha256').update(body).digest('hex')).toBe(sha256);

  const rest = await get({ Range: 'bytes=3000-' });
  expect(rest.status).toBe(206);
  expect(rest.headers.get('content-range')).toBe(`bytes 3000-4999/${image.length}`);
  expect(Buffer.from(await rest.arrayBuffer()).equals(image.subarray(3000))).toBe(true);

  // as @fastify/send answers from a folder: 416 with the size the robot can resume from
  const past = await get({ Range: `bytes=${image.length}-` });
  expect(past.status).toBe(416);
  expect(past.headers.get('content-range')).toBe(`bytes */${image.length}`);
  expect((await past.arrayBuffer()).byteLength).toBe(0);
});
