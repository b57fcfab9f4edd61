// The notification files' set-up (tests/api/notify*.test.ts): a real SMTP server on 127.0.0.1 that the server
// sends through, the server itself with the accounts that act, and the rows a case makes through the API — a
// robot of a store, a brand's channel and policy.
import { startTestServer, type TestServer } from './server';
import { startSmtp } from './smtp';

export interface NotifyWorld {
  s: TestServer;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  admin: string;
  brandA: string;
  brandB: string;
  close(): Promise<void>;
}

/** The SMTP server, then the server sending through it (SMTP_URL is read at its start); the demo's own policies
 * (every error of a brand to its on-call e-mail) are turned off, so that only a case's own policies send. */
export async function startNotifyWorld(): Promise<NotifyWorld> {
  const smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  const s = await startTestServer();
  const [admin, brandA, brandB] = await Promise.all(['admin', 'brand-a', 'brand-b'].map((u) => s.login(u)));
  await s.db.updateTable('notify_policy').set({ enabled: false }).execute();
  return {
    s,
    smtp,
    admin,
    brandA,
    brandB,
    async close() {
      await s.close();
      await smtp.close();
      delete process.env.SMTP_URL;
    },
  };
}

/** What a call made, or the test fails naming the answer. */
async function made(s: TestServer, path: string, token: string, body: Record<string, unknown>) {
  const r = await s.call('POST', path, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { _id: string } & Record<string, unknown>;
}

/** A channel of the brand whose token makes it; English and UTC unless the body says otherwise. */
export const addChannel = (s: TestServer, token: string, body: Record<string, unknown>) =>
  made(s, '/notify_channel/add', token, { language: 'en', tz: 'UTC', ...body });

export const addPolicy = (s: TestServer, token: string, body: Record<string, unknown>) =>
  made(s, '/notify_policy/add', token, body);

/** A robot added by `admin` to a store, and the headers it calls the gateway with. */
export async function addRobot(
  s: TestServer,
  admin: string,
  robot: { device_id: string; name: string; sn: string; type: string; dealer: string },
) {
  const r = await made(s, '/device/add', admin, { category: 'test', ...robot });
  return {
    _id: r._id,
    headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': r.device_key as string },
  };
}
