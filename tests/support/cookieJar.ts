// Node's fetch keeps no cookies; a browser does. The unit suite's providers talk to the real server on
// another origin, so this stands in for the browser's cookie store: cookies the server sets are sent back,
// and those not HttpOnly are also visible in document.cookie, as a browser shows them to the page.
const jar = new Map<string, string>();

function remember(setCookie: string) {
  const [pair, ...attrs] = setCookie.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  const lower = attrs.map((a) => a.toLowerCase());
  const gone =
    value === '' ||
    lower.some((a) => a === 'max-age=0' || (a.startsWith('expires=') && Date.parse(a.slice(8)) < Date.now()));
  if (gone) jar.delete(name);
  else jar.set(name, value);
  if (!lower.includes('httponly') && typeof document !== 'undefined') {
    document.cookie = gone ? `${name}=; path=/; max-age=0` : `${name}=${value}; path=/`;
  }
}

let server: string | undefined;

/**
 * Before each file (tests/unit/setup.ts). A worker runs file after file in one process and one page (vitest.config.ts,
 * `isolate: false`): each file starts with an empty jar, as a fresh page would, and fetch is wrapped once.
 */
export function installCookieJar(origin: string) {
  jar.clear();
  if (typeof document !== 'undefined')
    for (const pair of document.cookie.split(';').filter(Boolean))
      document.cookie = `${pair.split('=')[0].trim()}=; path=/; max-age=0`;
  const wrapped = server !== undefined;
  server = origin;
  if (wrapped) return;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(server!)) return realFetch(input, init);
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await realFetch(input, { ...init, headers });
    for (const c of res.headers.getSetCookie()) remember(c);
    return res;
  };
}
