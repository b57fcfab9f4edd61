// Helpers for tests that run several API processes: plain HTTP calls, sign-in, a robot's sale, a local
// S3-protocol server (s3rver) and the environment that points a process at it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { DEMO_DEVICES, DEMO_PASSWORD, demoDeviceKey } from '../../server/db/seed';
import { stopServerProcess, type ServerProcess } from './process';
import { checkAnswer } from './contract';

export interface Answer {
  status: number;
  body: any;
}

export async function call(
  base: string,
  method: string,
  p: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...o.headers };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(o.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  // every answer keeps to the published document (tests/support/contract.ts)
  const contentType = res.headers.get('content-type') ?? '';
  await checkAnswer(base, method, `/api${p}`, { status: res.status, contentType, body });
  return { status: res.status, body };
}

export const login = async (base: string, username: string) => {
  const r = await call(base, 'POST', '/auth/signin', { body: { username, password: DEMO_PASSWORD } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.token as string;
};

export const storeRobot = DEMO_DEVICES.find((d) => d.dealer === 'store_a1')!;
export const robotHeaders = (d = storeRobot) => ({
  'X-Device-Id': d.device_id,
  'X-Device-Key': demoDeviceKey(d.device_id),
});
export const PRICE = 500;

/** Makes a product with unlimited stock in the robot's store; answers its id. */
export async function saleProduct(base: string, adminToken: string, code: string): Promise<string> {
  const r = await call(base, 'POST', '/product/add', {
    token: adminToken,
    body: {
      code,
      name: `${code} cone`,
      price: PRICE,
      type: 'icecream',
      number: 1,
      dealer: storeRobot.dealer,
      stock: -1,
    },
  });
  if (r.status !== 200) throw new Error(`product: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data._id;
}

export const saleBody = (product: string, transactionId: string) => ({
  channel: 'APP',
  items: [{ product, quantity: 1 }],
  pay: { pay_type: 'WECHAT', transaction_id: transactionId, amount: PRICE, bank_type: 'CMB' },
});

/** SIGTERM, and SIGKILL if it has not ended within `ms`. */
export async function stopProcess(p: ServerProcess | undefined, ms = 15_000) {
  await Promise.race([stopServerProcess(p, 'SIGTERM'), new Promise((r) => setTimeout(r, ms))]);
  if (p && p.child.exitCode === null && p.child.signalCode === null) await stopServerProcess(p, 'SIGKILL');
}

export interface LocalS3 {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server on 127.0.0.1 (s3rver, files in a temporary folder) with one bucket. */
export async function localS3(bucket = 'vf-uploads'): Promise<LocalS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
