// Security as a client sees it: the headers every answer carries, uploads that can never run as a page,
// and no secret (password, session token, device key) in what the server prints or keeps in its log.
// Request size limits are in bad-input.test.ts, the sign-in rate limit in ratelimit.test.ts, upload
// types and crafted paths in fleet.test.ts.
import { startTestServer, type TestServer } from '../support/server';
import { freshDatabase, type TestDatabase } from '../support/db';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/process';
import { DEMO_DEVICES, DEMO_PASSWORD, demoDeviceKey } from '../../server/db/seed';

describe('headers and uploads', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('every answer, success or error, forbids sniffing, framing and foreign scripts', async () => {
    const token = await s.login('admin');
    for (const [method, path, auth] of [
      ['GET', '/api/health', false],
      ['GET', '/api/user/profile', true],
      ['GET', '/api/user/profile', false],
      ['POST', '/api/nowhere', false],
    ] as const) {
      const res = await fetch(`${s.url}${path}`, { method, headers: auth ? { Authorization: `Bearer ${token}` } : {} });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      // the console's policy, directive for directive: nothing added, nothing loosened
      expect(csp.split(/;\s*/).sort()).toEqual(
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          // the visit plan's map tiles come from MAP_TILE_URL's origin (docs/replenishment.md)
          "img-src 'self' data: blob: https://tile.openstreetmap.org",
          "font-src 'self' data:",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].sort(),
      );
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('the event stream, which writes its own answer, carries them too', async () => {
    const token = await s.login('admin');
    const res = await fetch(`${s.url}/api/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await res.body?.cancel();
  });

  it('an upload that is an image with HTML inside is served as an image, sandboxed, never as a page', async () => {
    const token = await s.login('brand-a');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'text/html' }), 'page.html');
    const up = await fetch(`${s.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { path } = (await up.json()).data as { path: string };
    expect(path).toMatch(/\.png$/); // the name given is not kept
    const res = await fetch(`${s.url}/api/files/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    // asking for it under another name finds nothing
    expect((await fetch(`${s.url}/api/files/${path.replace(/\.png$/, '.html')}`)).status).toBe(404);
  });
});

describe('no secrets in what the server prints or logs', () => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    db = await freshDatabase();
    server = await startServerProcess(db, { LOG: '1' });
  }, 120_000);
  afterAll(async () => {
    await stopServerProcess(server, 'SIGKILL');
    await db?.drop();
  });

  const call = async (
    method: string,
    p: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...o.headers };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    const res = await fetch(`${server!.url}/api${p}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('passwords, session tokens and device keys appear neither in the output nor in the operation log', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    const signin = await call('POST', '/auth/signin', { body: { username: 'admin', password: DEMO_PASSWORD } });
    expect(signin.status).toBe(200);
    const token = signin.body.data.token as string;
    secrets.push(token);
    // a wrong password is a secret too (often a real one with a typo)
    const wrong = 'Typo0Password9';
    secrets.push(wrong);
    expect((await call('POST', '/auth/signin', { body: { username: 'store-a1', password: wrong } })).status).toBe(401);

    const userPassword = 'NewUser4Secret';
    const user = await call('POST', '/user/add', {
      token,
      body: {
        _id: 'secret-keeper',
        nickname: 'Keeper',
        password: userPassword,
        account_type: 'PROVIDER',
        roles: ['provider_admin'],
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    secrets.push(userPassword);
    const reset = 'Reset5Password';
    expect(
      (await call('POST', '/user/set_password', { token, body: { _id: 'secret-keeper', password: reset } })).status,
    ).toBe(200);
    secrets.push(reset);

    const device = await call('POST', '/device/add', {
      token,
      body: {
        device_id: 'SECRET-BOT-1',
        name: 'Secret bot',
        sn: 'SN-SECRET-1',
        type: 'icecream',
        category: 'dessert',
        dealer: 'store_a1',
      },
    });
    expect(device.status, JSON.stringify(device.body)).toBe(200);
    secrets.push(device.body.data.device_key);
    const rotated = await call('POST', '/device/rotate_key', { token, body: { _id: device.body.data._id } });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    secrets.push(rotated.body.data.device_key);
    const demo = DEMO_DEVICES[0];
    secrets.push(demoDeviceKey(demo.device_id));
    expect(
      (
        await call('POST', '/device-gateway/heartbeat', {
          headers: { 'X-Device-Id': demo.device_id, 'X-Device-Key': demoDeviceKey(demo.device_id) },
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/device-gateway/heartbeat', {
          headers: { 'X-Device-Id': demo.device_id, 'X-Device-Key': `${demoDeviceKey(demo.device_id)}x` },
          body: {},
        })
      ).status,
    ).toBe(401);

    const logged = await call('POST', '/log/list', { token, body: { pageSize: 500 } });
    expect(logged.status).toBe(200);
    const logText = JSON.stringify(logged.body.data.list);
    // the start banner of a PGlite demo announces the public demo password on purpose (README); nothing else may
    const printed = server!.output
      .join('')
      .split('\n')
      .filter((l) => !/^Demo (logins|data created)/.test(l))
      .join('\n');
    // the checks are not vacuous: the server did print its requests and log these writes
    expect(printed).toMatch(/\/api\/auth\/signin/);
    expect(logText).toContain('secret-keeper');
    expect(logText).toContain('SECRET-BOT-1');
    for (const secret of secrets) {
      expect(printed.includes(secret), `printed: ${secret.slice(0, 4)}…`).toBe(false);
      expect(logText.includes(secret), `operation log: ${secret.slice(0, 4)}…`).toBe(false);
    }
  });
});
