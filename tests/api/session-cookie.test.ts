// The browser's session as a client sees it: an HttpOnly cookie set at sign-in and cleared at log-out,
// accepted only with the CSRF header on anything but the event stream; Bearer tokens work as before.
import { startTestServer, type TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/db/seed';

const CSRF = { 'X-VF-CSRF': '1' };

/** Each Set-Cookie of an answer by name, its attributes lower-cased. */
function cookiesOf(res: Response): Record<string, { value: string; attrs: string[] }> {
  const out: Record<string, { value: string; attrs: string[] }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';').map((x) => x.trim());
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = { value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()) };
  }
  return out;
}

async function signIn(s: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...headers },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  return { res, body: await res.json(), cookies: cookiesOf(res) };
}

describe('over plain HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  const withCookie = (path: string, token: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${s.url}/api${path}`, {
      ...init,
      headers: { 'Accept-Language': 'en', Cookie: `vendfleet_session=${token}`, ...init.headers },
    });

  it('sets the session as an HttpOnly, SameSite=Strict cookie on /, and a readable marker with no secret in it', async () => {
    const { res, body, cookies } = await signIn(s, CSRF);
    expect(res.status).toBe(200);
    const session = cookies.vendfleet_session;
    expect(session.value).toMatch(/^[\w-]{40,}$/);
    expect(session.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
    expect(session.attrs).not.toContain('secure');
    expect(cookies.vendfleet_signed_in.value).toBe('1');
    expect(cookies.vendfleet_signed_in.attrs).not.toContain('httponly');
    // the app's own sign-in (with the CSRF header) does not hand the token to the page's scripts
    expect(JSON.stringify(body)).not.toContain(session.value);
  });

  it('answers the token in the body to an API client (no CSRF header), and Bearer needs no CSRF header', async () => {
    const { body, cookies } = await signIn(s);
    expect(body.data.token).toBe(cookies.vendfleet_session.value);
    const list = await fetch(`${s.url}/api/user/list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${body.data.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(list.status).toBe(200);
  });

  it('accepts the cookie with the CSRF header, and refuses a cookie call without it with a translated 403 that changes nothing', async () => {
    const token = (await signIn(s, CSRF)).cookies.vendfleet_session.value;
    const profile = await withCookie('/user/profile', token, { headers: CSRF });
    expect(profile.status).toBe(200);
    expect((await profile.json()).data._id).toBe('admin');

    // what a cross-site form would send: the cookie, a form body, no custom header
    const before = await s.db
      .selectFrom('account')
      .select('nickname')
      .where('_id', '=', 'admin')
      .executeTakeFirstOrThrow();
    const forged = await withCookie('/user/profile', token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nickname: 'pwned' }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({
      code: 403,
      message: expect.stringMatching(/did not come from the console/),
    });
    const zh = await withCookie('/user/list', token, {
      method: 'POST',
      headers: { 'Accept-Language': 'zh', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(zh.status).toBe(403);
    expect((await zh.json()).message).toMatch(/[\u4e00-\u9fff]/);
    expect(
      await s.db.selectFrom('account').select('nickname').where('_id', '=', 'admin').executeTakeFirstOrThrow(),
    ).toEqual(before);

    // the same call from the app's page goes through
    const own = await withCookie('/user/profile', token, {
      method: 'POST',
      headers: { ...CSRF, 'Content-Type': 'application/json' },
      body: JSON.stringify({ nickname: before.nickname }),
    });
    expect(own.status).toBe(200);
  });

  it('opens the event stream with the cookie alone (EventSource cannot send headers)', async () => {
    const token = (await signIn(s, CSRF)).cookies.vendfleet_session.value;
    const controller = new AbortController();
    const res = await withCookie('/events', token, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    controller.abort();
  });

  it('log-out ends the session and clears both cookies; a second log-out still answers 200', async () => {
    const token = (await signIn(s, CSRF)).cookies.vendfleet_session.value;
    const out = await withCookie('/auth/logout', token, { headers: CSRF });
    expect(out.status).toBe(200);
    const cleared = cookiesOf(out);
    for (const name of ['vendfleet_session', 'vendfleet_signed_in']) {
      expect(cleared[name].value, name).toBe('');
      expect(
        cleared[name].attrs.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970')),
        name,
      ).toBe(true);
    }
    expect((await withCookie('/user/profile', token, { headers: CSRF })).status).toBe(401);
    expect((await withCookie('/auth/logout', token, { headers: CSRF })).status).toBe(200);
    // a Bearer log-out ends that session too
    const bearer = await s.login('admin');
    expect((await s.call('GET', '/auth/logout', { token: bearer })).status).toBe(200);
    expect((await s.call('GET', '/user/profile', { token: bearer })).status).toBe(401);
  });
});

describe('behind a proxy that terminates HTTPS (TRUST_PROXY=1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    try {
      s = await startTestServer();
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
  afterAll(() => s?.close());

  it('marks the cookies Secure when the proxy says the browser used HTTPS, and not otherwise', async () => {
    const https = await signIn(s, { ...CSRF, 'X-Forwarded-Proto': 'https' });
    expect(https.cookies.vendfleet_session.attrs).toContain('secure');
    expect(https.cookies.vendfleet_signed_in.attrs).toContain('secure');
    const http = await signIn(s, { ...CSRF, 'X-Forwarded-Proto': 'http' });
    expect(http.cookies.vendfleet_session.attrs).not.toContain('secure');
  });
});
