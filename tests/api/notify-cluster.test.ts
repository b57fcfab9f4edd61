// Two server processes on one PostgreSQL (docs/notifications.md, "Several processes"): both hear every alarm open
// and both schedule and deliver, yet each alarm's message reaches the SMTP server once — the plan is written once
// (a unique index), a scheduling pass runs in one process at a time, and each message is one pg-boss job.
import { postgresDatabase, type PgDatabase } from '../support/postgres';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/process';
import { call, robotHeaders } from '../support/cluster';
import { startSmtp } from '../support/smtp';
import { DEMO_DEVICES } from '../../server/db/seed';

let pg: PgDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: ServerProcess;
let b: ServerProcess;

/** SIGTERM, and SIGKILL if it has not ended within 5 s. */
async function stop(p: ServerProcess | undefined) {
  await Promise.race([stopServerProcess(p, 'SIGTERM'), new Promise((r) => setTimeout(r, 5000))]);
  if (p && p.child.exitCode === null && p.child.signalCode === null) await stopServerProcess(p, 'SIGKILL');
}

beforeAll(async () => {
  smtp = await startSmtp();
  pg = await postgresDatabase();
  const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://console.example.com' };
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: pg.url }, env),
    startServerProcess({ databaseUrl: pg.url }, env),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([stop(a), stop(b)]);
  await pg?.close();
  await smtp?.close();
});

it('delivers each alarm to the demo brand’s on-call e-mail once, with two processes planning and sending', async () => {
  // the demo's policy: every error of Demo Brand A to its on-call e-mail, tier 0 (five: the most a channel takes
  // in a minute one by one)
  const robots = DEMO_DEVICES.filter((d) => d.integrator === 'brand_a').slice(0, 5);
  expect(robots).toHaveLength(5);
  const codes = [22];
  let i = 0;
  for (const r of robots)
    for (const code of codes) {
      const via = i++ % 2 ? a : b;
      const res = await call(via.url, 'POST', '/device-gateway/notify', { headers: robotHeaders(r), body: { code } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  const alarms = robots.length * codes.length;
  const links = () => smtp.to('oncall@brand-a.example').flatMap((m) => m.text.match(/\/alarm\/[^/\s]+\/show/g) ?? []);
  await vi.waitFor(() => expect(new Set(links()).size).toBe(alarms), { timeout: 30_000, interval: 200 });
  // a moment for a duplicate to arrive, had one been sent: the queue is empty once every row says sent or merged
  const admin = (await call(a.url, 'POST', '/auth/signin', { body: { username: 'admin', password: 'Demo12345' } })).body
    .data.token as string;
  await vi.waitFor(
    async () => {
      const log = await call(b.url, 'POST', '/notification/list', {
        token: admin,
        body: { page: 1, pageSize: 100, filter: { channel: 'notify_channel_brand_a' } },
      });
      const rows = log.body.data.list as Array<{ kind: string; state: string }>;
      expect(rows.filter((r) => r.kind === 'alarm')).toHaveLength(alarms);
      expect(rows.every((r) => r.state === 'sent' || r.state === 'merged')).toBe(true);
      expect(smtp.to('oncall@brand-a.example')).toHaveLength(rows.filter((r) => r.state === 'sent').length);
    },
    { timeout: 30_000, interval: 200 },
  );
  expect(links()).toHaveLength(alarms);
});
