// What a browser receives compressed, and how (docs/performance.md, "Compression that pays for itself"): the app's
// files as the build compressed them, byte for byte (never compressed per request); the API's JSON in zstd for
// Chromium and Firefox, gzip for Safari, each in one piece with its length; nothing for a client that asks for
// nothing, nor for an answer under one packet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server';
import { precompress } from '../../scripts/precompress';
import { probe, BROWSER_ACCEPT_ENCODING } from '../../scripts/bench-wire';

const SAFARI = 'gzip, deflate, br';
let s: TestServer;
let dist: string;
let token: string;
const script = 'assets/app-3f9a2c.js';

beforeAll(async () => {
  // a built app of two files, compressed as `npm run build` compresses it
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const line = (i: number) => `export const label${i} = ${JSON.stringify(`robot ${i % 17} sold ${i % 5} cones`)};\n`;
  fs.writeFileSync(path.join(dist, script), Array.from({ length: 400 }, (_, i) => line(i)).join(''));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/${script}"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`,
  );
  expect(await precompress(dist)).toBe(2);
  s = await startTestServer({ distDir: dist });
  token = await s.login('admin');
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, encoding?: string) =>
  probe(`${s.url}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });
const orders = (encoding?: string) =>
  probe(`${s.url}/api/order/list`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
    body: JSON.stringify({ pageSize: 50 }),
  });

it("sends the app's files as the build compressed them: brotli, else gzip, else as they are", async () => {
  const br = await get(`/${script}`, BROWSER_ACCEPT_ENCODING);
  expect(br.status).toBe(200);
  expect(br.encoding).toBe('br');
  expect(br.body.equals(fs.readFileSync(path.join(dist, `${script}.br`)))).toBe(true);
  const gz = await get(`/${script}`, SAFARI.replace(', br', ''));
  expect(gz.encoding).toBe('gzip');
  expect(gz.body.equals(fs.readFileSync(path.join(dist, `${script}.gz`)))).toBe(true);
  const plain = await get(`/${script}`);
  expect(plain.encoding).toBe('identity');
  expect(plain.body.equals(fs.readFileSync(path.join(dist, script)))).toBe(true);
  // the page itself too, also where the app's own routes answer it
  const page = await get('/order', BROWSER_ACCEPT_ENCODING);
  expect(page.encoding).toBe('br');
  expect(zlib.brotliDecompressSync(page.body).toString()).toContain(script);
});

it('answers JSON in zstd to Chromium and gzip to Safari, in one piece with its length', async () => {
  const chromium = await orders(BROWSER_ACCEPT_ENCODING);
  expect(chromium.status).toBe(200);
  expect(chromium.encoding).toBe('zstd');
  expect(chromium.chunked).toBe(false);
  const list = JSON.parse(zlib.zstdDecompressSync(chromium.body).toString()) as { data: { list: unknown[] } };
  expect(list.data.list).toHaveLength(50);
  const safari = await orders(SAFARI);
  expect(safari.encoding).toBe('gzip');
  expect(safari.chunked).toBe(false);
  expect(JSON.parse(zlib.gunzipSync(safari.body).toString())).toEqual(list);
  const script_ = await orders();
  expect(script_.encoding).toBe('identity');
  expect(JSON.parse(script_.body.toString())).toEqual(list);
});

it('leaves an answer under one packet as it is', async () => {
  const small = await get('/api/health', BROWSER_ACCEPT_ENCODING);
  expect(small.status).toBe(200);
  expect(small.encoding).toBe('identity');
});
