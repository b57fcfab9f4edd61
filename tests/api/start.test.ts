// README's first command, as a newcomer runs it: the start script on an empty data folder builds (if needed),
// migrates, seeds the demo data, prints the demo logins and serves both the app and /api on PORT — with the
// demo robots running inside it, so robots come online and orders arrive without a second command, and a
// terminal that stays readable while they run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';
import { demoRobotsWanted } from '../../server/demo/robots';

let child: ChildProcess | undefined;
let dataDir = '';
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

it('starts on an empty embedded database with demo data, serving the app and /api', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-start-'));
  const port = freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'LOG', 'LOG_FORMAT', 'LOG_LEVEL']) delete env[name];
  delete env.NODE_ENV; // vitest sets test; the demo is what a newcomer runs
  child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const deadline = Date.now() + 100_000;
  while (!out.includes('is ready on') && child.exitCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  expect(out).toContain(`ready on http://localhost:${port}`);
  expect(out).toMatch(/Demo logins: .*admin.*store-a1.*password Demo12345/);

  const page = await fetch(`http://localhost:${port}/dashboard`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const probe = await fetch(`http://localhost:${port}/login`, { method: 'HEAD' });
  expect([probe.status, probe.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  const signin = await fetch(`http://localhost:${port}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'brand-a', password: 'Demo12345' }),
  });
  expect(signin.status).toBe(200);
  expect(fs.existsSync(dataDir) && fs.readdirSync(dataDir).length).toBeTruthy();
  expect(out).toContain('Demo robots are running in this process');

  // Within 30 s of being ready: robots online and new orders, made by the in-process robots over HTTP.
  const ready = new Date(Date.now() - 1000).toISOString();
  const token = ((await signin.json()) as { data: { token: string } }).data.token;
  const list = async (resource: string, filter: object) => {
    const r = await fetch(`http://localhost:${port}/api/${resource}/list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ pageSize: 1, filter }),
    });
    return ((await r.json()) as { data: { total: number } }).data.total;
  };
  let online = 0;
  let orders = 0;
  const until = Date.now() + 30_000;
  while ((online === 0 || orders === 0) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    [online, orders] = [await list('device', { online: true }), await list('order', { create_time_gte: ready })];
  }
  expect(online).toBeGreaterThan(0);
  expect(orders).toBeGreaterThan(0);

  // A terminal a person reads: the robots' calls (they beat, sell and report, as the counts above show) and their
  // doings are below the default level, so the banner stays the last thing printed but for this test's own
  // requests, each one readable line; the banner ends with the address and the logins.
  const lines = out.trimEnd().split('\n');
  const banner = lines.findIndex((l) => l.startsWith('Demo logins: '));
  expect(lines[banner]).toMatch(
    new RegExp(`^Demo logins: admin, .* — password Demo12345 — open http://localhost:${port}$`),
  );
  expect(lines[banner - 1]).toContain(`VendFleet is ready on http://localhost:${port}`);
  const after = lines.slice(banner + 1);
  expect(after.length).toBeGreaterThan(0);
  for (const line of after)
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}(GET \/dashboard|HEAD \/login|POST \/api\/(auth\/signin|device\/list|order\/list)) 200 \d+ ms$/,
    );
  expect(out).not.toContain('device-gateway');
}, 150_000);

it('runs the demo robots on the embedded database unless DEMO_ROBOTS=off, and on PostgreSQL only when DEMO_ROBOTS=on', () => {
  expect(demoRobotsWanted({})).toBe(true);
  expect(demoRobotsWanted({ DEMO_ROBOTS: 'off' })).toBe(false);
  expect(demoRobotsWanted({ DATABASE_URL: 'postgres://x/y' })).toBe(false);
  expect(demoRobotsWanted({ DATABASE_URL: 'postgres://x/y', DEMO_ROBOTS: 'on' })).toBe(true);
  expect(() => demoRobotsWanted({ DEMO_ROBOTS: 'yes' })).toThrow(/DEMO_ROBOTS="yes": expected one of on, off/);
});
