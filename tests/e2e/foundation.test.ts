// The foundation as a user meets it, in real Chromium: sign-in, redirects, expiry, accounts, permissions.
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

it('sends a visitor without a session to /login?redirect=…, and back there after sign-in', async () => {
  const { page, context } = await e.newPage();
  await page.goto(`${e.server.url}/user`);
  await page.waitForURL(/\/login\?redirect=%2Fuser/);
  await page.locator('input[name="username"]').fill('  admin ');
  await page.locator('input[name="password"]').fill('Demo12345');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/user$/);
  await page.getByText('store-a1').first().waitFor();
  // a signed-in user opening /login goes home, and home is the dashboard
  await page.goto(`${e.server.url}/login`);
  await page.waitForURL(/\/dashboard$/);
  await e.shot(page, 'foundation-dashboard-admin');
  await context.close();
});

it('shows the server error for a wrong password and stays on the login page', async () => {
  const { page, context } = await e.newPage();
  await page.goto(`${e.server.url}/login`);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('Wrong12345');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('login-error').getByText('Wrong username or password').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  // The user can correct the password and try again at once.
  await expect(page.locator('button[type="submit"]').isEnabled()).resolves.toBe(true);
  await e.shot(page, 'foundation-login-error');
  await context.close();
});

it('opens the "Login has expired" dialog when the session ends under the user, and re-login goes to sign-in', async () => {
  const { page, context } = await e.newPage();
  await e.login(page, 'provider');
  await page.waitForURL(/\/dashboard$/);
  // the dashboard's own calls (figures, store list) finish first, so the next call is the menu click's
  await page.getByTestId('figure-orders').filter({ hasNotText: '…' }).waitFor();
  await page.getByTestId('dashboard-store').waitFor();
  const token = (await context.cookies()).find((c) => c.name === 'vendfleet_session')!.value;
  expect((await e.server.call('GET', '/auth/logout', { token })).status).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Login has expired' });
  // Any call now answers 401: the live alarm badge's may already have opened the dialog; else a click does.
  await page
    .getByRole('menuitem', { name: 'Accounts', exact: true })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await dialog.waitFor();
  await e.shot(page, 'foundation-session-expired');
  await dialog.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(/\/login/);
  await context.close();
});

it('creates an account: an invalid e-mail is refused in the form, a valid one is saved', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'admin', { at: `/user/create` });
  await page.getByLabel('Login name').fill('cashier1');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.locator('input[name="password"]').fill('Cashier123');
  await page.getByLabel('Account type').click();
  await page.getByRole('option', { name: 'Provider staff' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('please enter a valid email').first().waitFor();
  await page.getByText('Form validation failed').waitFor(); // the message for a refused form (docs/rules.md)
  await e.shot(page, 'foundation-account-invalid-email');
  await page.getByLabel('E-mail').fill('cashier1@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/user$/);
  await page.getByText('cashier1@example.com').waitFor();
  const r = await e.server.call('POST', '/auth/signin', { body: { username: 'cashier1', password: 'Cashier123' } });
  expect(r.status).toBe(200);
});

it('gives a store account no account menu, and the server answers its account list with 403', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1');
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('tenant-badge').getByText('Store A1').waitFor();
  await expect(page.getByRole('menuitem', { name: 'Accounts', exact: true }).count()).resolves.toBe(0);
  await page.getByRole('menuitem', { name: 'Stores' }).waitFor();
  const status = await page.evaluate(async () => {
    // the page's own call: the session cookie goes with it, and the CSRF header says it is the app's
    const r = await fetch('/api/user/list', {
      method: 'POST',
      headers: { 'X-VF-CSRF': '1', 'Content-Type': 'application/json' },
      body: '{}',
    });
    return r.status;
  });
  expect(status).toBe(403);
  await e.shot(page, 'foundation-store-menu');
  // typing the address of a screen it may not see gives the 401 page, not the screen
  await page.goto(`${e.server.url}/user`);
  await page.getByText('You do not have permission to open this page.').waitFor();
});

it('sends unknown paths to /404 with a link back home', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'admin', { at: `/no/such/page` });
  await page.waitForURL(/\/404$/);
  await page.getByText('The URL is incorrect or no longer available.').waitFor();
  await page.getByRole('link', { name: 'Back to the homepage' }).click();
  await page.waitForURL(/\/dashboard$/);
});
