// Sign-in racing revocation and the sign-in limit, on both engines (docs/security.md "Sessions"), with 50
// concurrent sign-ins each: a session exists only for the password and status current at its insert, and
// no more than 10 wrong passwords a minute are ever checked, however many arrive at once.
import { startServer } from '../../server/main';
import { freshDatabase } from '../support/db';
import { postgresDatabase, TEST_ENGINES } from '../support/postgres';
import { DEMO_PASSWORD } from '../../server/db/seed';
import type { DB } from '../../server/db';

const N = 50;

interface Engine {
  url: string;
  db: DB;
  close(): Promise<void>;
}

async function start(kind: 'PGlite' | 'PostgreSQL'): Promise<Engine> {
  const data =
    kind === 'PGlite'
      ? await freshDatabase()
      : await postgresDatabase().then((p) => ({ databaseUrl: p.url, dataDir: undefined, drop: p.close }));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: data.dataDir,
    databaseUrl: data.databaseUrl,
    logger: false,
    distDir: '/nonexistent',
  });
  return {
    url: server.address.replace('0.0.0.0', '127.0.0.1'),
    db: server.database.db,
    close: async () => {
      await server.close();
      await data.drop();
    },
  };
}

describe.each(TEST_ENGINES)('on %s', (kind) => {
  let e: Engine;
  beforeAll(async () => {
    e = await start(kind);
  }, 180_000);
  afterAll(() => e?.close());

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': 'en' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`${e.url}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const signIn = (username: string, password: string) => call('POST', '/auth/signin', { username, password });
  const alive = async (token: string) => (await call('GET', '/user/profile', undefined, token)).status === 200;

  /** Fires N sign-ins at once; `during` runs as soon as the first one has answered 200. Answers every token granted, and those granted before `during` ended. */
  async function signInsRacing(username: string, during: () => Promise<void>) {
    let started: Promise<void> | undefined;
    let duringDone = false;
    const before: string[] = [];
    const tokens: string[] = [];
    await Promise.all(
      Array.from({ length: N }, async () => {
        const r = await signIn(username, DEMO_PASSWORD);
        if (r.status !== 200) return;
        tokens.push(r.body.data.token);
        if (!duringDone) before.push(r.body.data.token);
        started ??= during().then(() => void (duringDone = true));
      }),
    );
    await started;
    return { tokens, before };
  }

  // The limit is lifted for the revocation races, so that all 50 reach the password check (it has its own test below).
  beforeEach(() => void (process.env.LOGIN_RATE_LIMIT = 'off'));
  afterEach(() => void delete process.env.LOGIN_RATE_LIMIT);

  it(`${N} concurrent sign-ins with the old password while it changes: no old-password session is valid afterwards`, async () => {
    const admin = (await signIn('admin', DEMO_PASSWORD)).body.data.token;
    const { tokens } = await signInsRacing('store-a1', async () => {
      expect(
        (await call('POST', '/user/set_password', { _id: 'store-a1', password: 'Changed12345' }, admin)).status,
      ).toBe(200);
    });
    expect(tokens.length).toBeGreaterThan(0);
    const live = (await Promise.all(tokens.map(alive))).filter(Boolean);
    expect(live).toEqual([]);
    // The new password works, the old one does not.
    expect((await signIn('store-a1', DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn('store-a1', 'Changed12345')).status).toBe(200);
  }, 120_000);

  it(`the owner's own password change racing ${N} sign-ins leaves none of them valid`, async () => {
    const own = (await signIn('store-a2', DEMO_PASSWORD)).body.data.token;
    const { tokens } = await signInsRacing('store-a2', async () => {
      expect(
        (await call('POST', '/user/password', { old_password: DEMO_PASSWORD, password: 'Changed12345' }, own)).status,
      ).toBe(200);
    });
    const live = (await Promise.all([own, ...tokens].map(alive))).filter(Boolean);
    expect(live).toEqual([]);
  }, 120_000);

  it(`freeze then unfreeze during ${N} sign-ins brings back no session opened before the unfreeze`, async () => {
    const admin = (await signIn('admin', DEMO_PASSWORD)).body.data.token;
    const { before } = await signInsRacing('brand-b', async () => {
      expect((await call('POST', '/user/freeze', { _id: 'brand-b' }, admin)).status).toBe(200);
      expect((await call('POST', '/user/unfreeze', { _id: 'brand-b' }, admin)).status).toBe(200);
    });
    expect(before.length).toBeGreaterThan(0);
    // Every sign-in answered before the unfreeze had answered opened its session before the freeze or
    // while the account was frozen: none may be valid now.
    const live = (await Promise.all(before.map(alive))).filter(Boolean);
    expect(live).toEqual([]);
    // In the database too: no session of the account belongs to an epoch before the freeze.
    const epoch = await e.db
      .selectFrom('account')
      .select('session_epoch')
      .where('_id', '=', 'brand-b')
      .executeTakeFirstOrThrow();
    const stale = await e.db
      .selectFrom('session')
      .select('token_hash')
      .where('account', '=', 'brand-b')
      .where('epoch', '<>', epoch.session_epoch)
      .execute();
    expect(stale).toEqual([]);
  }, 120_000);

  it(`${N} parallel wrong passwords: at most 10 are checked, the rest answer 429`, async () => {
    delete process.env.LOGIN_RATE_LIMIT;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => signIn('store-b1', `Wrong${i}Pass`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(N - 10);
    // The failures the server counted are the ones it checked.
    const logged = await e.db
      .selectFrom('security_event')
      .select(({ fn }) => fn.sum<number>('count').as('n'))
      .where('kind', '=', 'signin_failed')
      .where('subject', '=', 'u:store-b1')
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(statuses.filter((s) => s === 401).length);
    // The right password is refused too while the window is full.
    expect((await signIn('store-b1', DEMO_PASSWORD)).status).toBe(429);
  }, 120_000);
});
