// The bound on wrong two-factor codes per account (server/auth/holds.ts) is one count in the database, not per
// process: on PostgreSQL two server processes on one database, the attacker's codes and sign-ins spread over both
// and over 12 addresses; the 11th code is refused and the right one too, on either process. On PGlite the one
// process (its folder belongs to one).
import { generate } from 'otplib';
import { freshDatabase } from '../support/db';
import { postgresDatabase, TEST_ENGINES } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/process';
import { call, login, stopProcess } from '../support/cluster';
import { DEMO_PASSWORD } from '../../server/db/seed';

// client addresses from X-Forwarded-For
const env = { TRUST_PROXY: '1' };

describe.each(TEST_ENGINES)('on %s', (kind) => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'PostgreSQL') {
      const pg = await postgresDatabase();
      drop = pg.close;
      [a, b] = await Promise.all([
        startServerProcess({ databaseUrl: pg.url }, env),
        startServerProcess({ databaseUrl: pg.url }, env),
      ]);
    } else {
      const d = await freshDatabase();
      drop = d.drop;
      a = b = await startServerProcess({ dataDir: d.dataDir }, env);
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all([stopProcess(a), b !== a && stopProcess(b)]);
    await drop?.();
  });

  const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  async function challenge(p: ServerProcess, ip: string) {
    const r = await call(p.url, 'POST', '/auth/signin', {
      headers: from(ip),
      body: { username: 'store-a1', password: DEMO_PASSWORD },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.challenge as string;
  }

  it('12 wrong codes over both processes and 12 addresses: the 11th is refused, the right code on either too', async () => {
    const token = await login(a.url, 'store-a1');
    const { secret } = (await call(a.url, 'POST', '/user/totp/setup', { token, body: {} })).body.data;
    const on = await call(b.url, 'POST', '/user/totp/enable', { token, body: { code: await code(secret) } });
    expect(on.status).toBe(200);
    const statuses = [];
    for (let i = 1; i <= 12; i++) {
      // the password step on one process, the code on the other
      const [first, second] = i % 2 ? [a, b] : [b, a];
      const ip = `203.0.113.${i}`;
      const c = await challenge(first, ip);
      const r = await call(second.url, 'POST', '/auth/totp', {
        headers: from(ip),
        body: { challenge: c, code: String(400000 + i) },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429, 429, 429]);
    const right = await code(secret, 1);
    for (const p of [a, b]) {
      const c = await challenge(p, '192.0.2.10');
      const r = await call(p.url, 'POST', '/auth/totp', {
        headers: from('192.0.2.10'),
        body: { challenge: c, code: right },
      });
      expect([r.status, r.body.message]).toEqual([
        429,
        "Too many wrong codes for this account: its second step is held for 15 min, every code refused. The account's owner has been told",
      ]);
    }
  }, 120_000);
});
