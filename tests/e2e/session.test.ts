// The session as the browser holds it, in real Chromium: out of the page's scripts' reach, refused to forged
// calls, and ended quickly and for good at log-out.
import type { Page, Request } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** The session token as the browser holds it (read from outside the page, as an HttpOnly cookie can be). */
async function sessionToken(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((x) => x.name === 'vendfleet_session');
  if (!c) throw new Error('no session cookie');
  return decodeURIComponent(c.value);
}

/** Whether a request carried the token, as a bearer header or as a cookie. */
async function carries(r: Request, token: string): Promise<boolean> {
  const h = await r.allHeaders();
  return (h.authorization ?? '').includes(token) || (h.cookie ?? '').includes(token);
}

it('keeps the session token out of document.cookie; the console works; a call without the CSRF header is refused', async () => {
  const { page, context } = await e.newPage();
  await e.loginByForm(page, 'admin');
  const token = await sessionToken(page);
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(token);
  expect(visible).toContain('vendfleet_signed_in=1');
  // the console's own calls go through: the order list shows rows
  await page.locator('a[role="menuitem"][href="/order"]').click();
  await page.locator('.RaDatagrid-row').first().waitFor();
  // what a forged call carries — the browser's cookie, but not the app's header — changes nothing
  const forged = await page.evaluate(async () => {
    const r = await fetch('/api/user/profile', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nickname: 'forged' }),
    });
    return { status: r.status, body: await r.json() };
  });
  expect(forged).toMatchObject({ status: 403, body: { code: 403 } });
  const own = await page.evaluate(async () =>
    (await fetch('/api/user/profile', { headers: { 'X-VF-CSRF': '1' } })).json(),
  );
  expect(own.data.nickname).not.toBe('forged');
  await e.shot(page, 'session-console-with-cookie');
  await context.close();
});

it('logs out from a list whose rows just appeared: the sign-in page within seconds, a short history, no call with the old session', async () => {
  const { page, context } = await e.newPage();
  for (let round = 0; round < 3; round++) {
    await e.loginByForm(page, 'admin');
    const token = await sessionToken(page);
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r);
    });
    const menu = (path: string) => page.locator(`a[role="menuitem"][href="${path}"]`).click();
    const rows = () => page.locator('.RaDatagrid-row').first().waitFor();
    await menu('/order');
    await rows();
    await menu('/device');
    await rows();
    await menu('/order');
    await rows();
    // as soon as the rows appear: the user menu, then log out
    await page.getByRole('button', { name: 'Profile' }).click();
    const started = calls.length;
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.locator('input[name="username"]').waitFor({ timeout: 3000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    // the page settles: nothing keeps navigating or calling with the revoked session
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => history.length)).toBeLessThan(12 * (round + 1));
    const after = calls.slice(started);
    const logoutAt = after.findIndex((r) => new URL(r.url()).pathname === '/api/auth/logout');
    expect(logoutAt).toBeGreaterThanOrEqual(0);
    const late: string[] = [];
    for (const r of after.slice(logoutAt + 1)) if (await carries(r, token)) late.push(new URL(r.url()).pathname);
    expect(late).toEqual([]);
    page.removeAllListeners('request');
  }
  await e.shot(page, 'session-after-logout');
  await context.close();
  // three sign-ins and six list loads: more than the default 90 s on a machine shared with other test runs
}, 240_000);
