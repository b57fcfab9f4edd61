// The defects an operator met walking every screen, each replayed as that operator did it:
// real Chromium, real mouse clicks, real server.
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { findResource } from '../../resources';
import { callPath } from '../../resources/types';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/**
 * A real click at the middle of what the user sees: whatever lies on top there gets it, as with a finger.
 * It waits for the target to stop moving first (the dashboard's figures arrive and push the page down while it
 * loads), as a finger waits for the page to settle; a box measured mid-layout sent the click beside the button.
 */
async function tap(page: Page, target: Locator) {
  const at = async () => {
    const box = await target.boundingBox();
    if (!box) throw new Error('not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  // settled: the same point over three checks in a row, two frames apart each (what loads above a target — the
  // fleet's health, then its stores' names — can land between two frames, and a single check missed it in CI)
  let point = await at();
  let still = 0;
  await expect
    .poll(async () => {
      const before = point;
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      point = await at();
      still = point.x === before.x && point.y === before.y ? still + 1 : 0;
      return still >= 3;
    })
    .toBe(true);
  await page.mouse.click(point.x, point.y);
}

describe('below 992 px every part of the page can be tapped', () => {
  it.each([
    ['tablet', 900, 800, 'en'],
    ['phone', 390, 844, 'es'],
  ] as const)(
    '%s: the menu button opens the drawer, the period buttons work, the list is cards within the window',
    async (name, width, height, lang) => {
      const page = await e.pooledPage({ lang, width, height });
      await e.login(page, 'admin');
      await page.waitForURL(/\/dashboard$/);
      const d7 = page.getByTestId('period-d7');
      await d7.waitFor();
      await page.getByTestId('figure-orders').filter({ hasNotText: '…' }).waitFor();
      // the fleet's health above the period buttons has drawn its figures (it pushes them down when it does)
      await page.getByTestId('fleet-health').locator('.MuiCardHeader-subheader').waitFor();
      // the fleet's health leads the dashboard: on a phone the sales period is further down, as a user scrolls to it
      await d7.scrollIntoViewIfNeeded();
      await tap(page, d7);
      await expect.poll(() => d7.getAttribute('aria-pressed')).toBe('true');
      await e.shot(page, `walk-${name}-dashboard-${lang}`);

      await tap(page, page.getByTestId('sidebar-toggle'));
      const drawer = page.getByTestId('sidebar-drawer');
      await drawer.getByRole('menuitem').first().waitFor();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="sidebar-drawer"] .MuiDrawer-paper')?.getBoundingClientRect().left === 0,
      );
      await e.shot(page, `walk-${name}-drawer-${lang}`);
      await tap(page, drawer.locator('a[href="/device"]'));
      await page.waitForURL(/\/device$/);
      // below the breakpoint a list is cards (src/declared/ListRows.tsx), not a table scrolled sideways
      await page.getByTestId('list-card').first().waitFor();
      await drawer.waitFor({ state: 'detached' });

      // The page is as wide as the window, every card within it.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      const cards = await page
        .getByTestId('list-card')
        .evaluateAll((els) => els.map((c) => c.getBoundingClientRect().right));
      for (const right of cards) expect(right).toBeLessThanOrEqual(width);
      // Every toolbar button is within the window (the toolbar wraps rather than cutting them off).
      const buttons = await page
        .locator('.RaList-actions button, .RaList-actions a')
        .evaluateAll((els) => els.map((b) => b.getBoundingClientRect().right));
      expect(buttons.length).toBeGreaterThan(0);
      for (const right of buttons) expect(right).toBeLessThanOrEqual(width);
      await e.shot(page, `walk-${name}-robots-${lang}`);
    },
  );
});

it('saves a brand account and a store account after changing the nickname', async () => {
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'admin', { at: '/user/brand-b' });
  for (const [id, label, tenant] of [
    ['brand-b', 'Brand', 'Demo Brand B'],
    ['store-b1', 'Store', 'Store B1'],
  ] as const) {
    // the second from the account list the first save returned to, as a link opens it
    if (id !== 'brand-b') await e.go(page, `/user/${id}`);
    const nickname = page.getByLabel('Nickname');
    await expect.poll(() => nickname.inputValue()).not.toBe('');
    // the form shows the account's tenant …
    await expect.poll(() => page.getByRole('combobox', { name: label, exact: true }).inputValue()).toBe(tenant);
    await nickname.fill(`${id} renamed`);
    // … and saving keeps it
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/user/profile/${id}`) && r.request().method() !== 'GET'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.waitForURL(/\/user$/);
  }
  const rows = await e.server.db
    .selectFrom('account')
    .select(['_id', 'nickname', 'integrator', 'dealer'])
    .where('_id', 'in', ['brand-b', 'store-b1'])
    .orderBy('_id')
    .execute();
  expect(rows).toEqual([
    { _id: 'brand-b', nickname: 'brand-b renamed', integrator: 'brand_b', dealer: null },
    { _id: 'store-b1', nickname: 'store-b1 renamed', integrator: 'brand_b', dealer: 'store_b1' },
  ]);
});

it('shows a store account the 401 page for every page it may not open, without asking for its rows first', async () => {
  const { page, context } = await e.newPage({ lang: 'en' });
  await e.login(page, 'store-a1');
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
  });
  const forbidden = {
    '/refund-approval': 'refund',
    '/product/copy': 'product',
    '/integrator': 'integrator',
    '/user': 'user',
    '/role': 'role',
    '/authorization': 'authorization',
    '/log': 'log',
  };
  for (const [path, resource] of Object.entries(forbidden)) {
    calls.length = 0;
    await page.goto(`${e.server.url}${path}`);
    await page.getByRole('heading', { name: '401' }).waitFor();
    expect(
      calls.filter((c) => c === `/api${callPath(findResource(resource)!, 'list')}`),
      path,
    ).toEqual([]);
  }
  await e.shot(page, 'walk-store-refund-approval-401');
  // the pages it may open still open
  await page.goto(`${e.server.url}/product/stock`);
  await expect(page.getByRole('heading', { name: '401' }).count()).resolves.toBe(0);
  await context.close();
});

describe('small things an operator notices', () => {
  it('closes the user menu on "Profile"', async () => {
    const page = await e.pooledPage({ lang: 'en' });
    await e.login(page, 'admin', { at: '/role' });
    await page.getByRole('button', { name: 'Profile' }).click(); // react-admin's user menu button
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Log out' }).count()).toBe(0);
  });

  it.each(['en', 'es'])('fits the robot list in a 1366 px window with Export on screen (%s)', async (lang) => {
    const page = await e.pooledPage({ lang, width: 1366, height: 800 });
    await e.login(page, 'admin', { at: `/device` });
    await page.locator('tbody tr').first().waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(1366);
    // the server-side export's two buttons (Excel, CSV); CSV is the last of the toolbar
    const exportButton = page.locator('.RaList-actions').getByTestId('export-csv');
    const box = await exportButton.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    await e.shot(page, `walk-robots-1366-${lang}`);
  });

  it('shows at least 12 robots at 1366×800: row actions are one line of named icons', async () => {
    const page = await e.pooledPage({ lang: 'es', width: 1366, height: 800 });
    await e.login(page, 'admin', { at: `/device` });
    const rows = page.locator('tbody tr');
    await rows.nth(12).waitFor();
    await e.shot(page, 'walk-robots-1366x800-es');
    const seen = await rows.evaluateAll(
      (trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(seen).toBeGreaterThanOrEqual(12);
    // each action keeps its name (tooltip and label), in the user's language
    const bound = rows.filter({ has: page.getByRole('button', { name: 'Desvincular de la tienda' }) }).first();
    await bound.getByRole('button', { name: 'Desvincular de la tienda' }).hover();
    await page.getByRole('tooltip', { name: 'Desvincular de la tienda' }).waitFor();
    // the other generated lists get the same one-line rows (accounts: edit, freeze, roles, password, delete)
    await page.goto(`${e.server.url}/user`);
    await rows.first().getByRole('link', { name: 'Editar' }).waitFor();
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeLessThanOrEqual(48);
    await e.shot(page, 'walk-accounts-1366x800-es');
  });

  it('keeps the robot rows behind the "Login has expired" dialog', async () => {
    const { page, context } = await e.newPage({ lang: 'en' });
    await page.addInitScript(() => localStorage.setItem('vendfleet_settings', JSON.stringify({ tagsView: true })));
    await e.login(page, 'admin', { at: `/device` });
    const rows = page.locator('tbody tr');
    const { n } = await e.server.db
      .selectFrom('device')
      .select((b) => b.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const shown = Math.min(20, Number(n));
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(shown);
    const token = (await context.cookies()).find((c) => c.name === 'vendfleet_session')!.value;
    expect((await e.server.call('GET', '/auth/logout', { token })).status).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Login has expired' });
    // Any call now answers 401: the page's own (names of brands and stores, live badge) may open the dialog
    // first; then "Cancel", to stay on the page as the user may.
    await page
      .getByTestId('tabs-refresh')
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the tab's refresh asks for the rows again: the answer is a 401, and the dialog comes back over the list
    const refused = page.waitForResponse((r) => r.url().includes('/api/device/list') && r.status() === 401);
    await page.getByTestId('tabs-refresh').click();
    await refused;
    await dialog.waitFor();
    // the refresh mounts the page afresh: on a loaded machine its rows may take a moment to come back from
    // the cache; what must not happen is the list reading "No Robots found" instead of them
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(shown);
    await e.shot(page, 'walk-session-expired-list');
    await expect(page.getByText('No Robots found').count()).resolves.toBe(0);
    await context.close();
  });

  it('closes the tabs of pages a previewed role cannot open when the preview starts', async () => {
    const { page, context } = await e.newPage({ lang: 'en' });
    await page.addInitScript(() => localStorage.setItem('vendfleet_settings', JSON.stringify({ tagsView: true })));
    await e.login(page, 'admin');
    const tabs = page.getByTestId('tags-view');
    for (const path of ['/user', '/role', '/device']) {
      await e.go(page, path);
      await tabs.locator(`[data-path="${path}"]`).waitFor();
    }
    await page.getByTestId('role-preview-open').click();
    await page.getByTestId('preview-role').click();
    await page.getByRole('option', { name: /Store manager/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('preview-tenant').click();
    await page.getByRole('option', { name: 'Store A1' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to this role' }).click();
    await page.getByTestId('role-preview-banner').waitFor();
    // a store manager may list robots, not accounts or roles
    await tabs.locator('[data-path="/device"]').waitFor();
    await expect
      .poll(() => tabs.locator('[data-path="/user"], [data-path="/role"]').count(), { timeout: 10_000 })
      .toBe(0);
    await e.shot(page, 'walk-preview-tabs');
    await page.getByTestId('role-preview-banner').getByRole('button', { name: 'Switch back' }).click();
    await page.getByTestId('role-preview-banner').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a newly created permission in the list after saving', async () => {
    const page = await e.pooledPage({ lang: 'en' });
    await e.login(page, 'admin', { at: `/authorization/create` });
    await page.getByLabel('Permission id').fill('voucher_export');
    await page.getByLabel('Name').fill('Export vouchers');
    await page.getByLabel('Group').click();
    await page.getByRole('option', { name: 'Vouchers' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/authorization$/);
    await page.locator('tbody tr').filter({ hasText: 'Export vouchers' }).waitFor({ timeout: 15_000 });
    await e.shot(page, 'walk-new-permission');
  });

  it("names a record's tab after the record, not its id", async () => {
    const { page, context } = await e.newPage({ lang: 'en' });
    await page.addInitScript(() => localStorage.setItem('vendfleet_settings', JSON.stringify({ tagsView: true })));
    const product = await e.server.db
      .selectFrom('product')
      .select(['_id', 'name'])
      .orderBy('_id')
      .executeTakeFirstOrThrow();
    const loaded = page.waitForResponse((r) => r.url().includes(`/api/product/detail/`));
    await e.login(page, 'admin', { at: `/product/${encodeURIComponent(product._id)}` });
    await loaded;
    const tab = page.getByTestId('tags-view').locator(`[data-path="/product/${encodeURIComponent(product._id)}"]`);
    await expect.poll(() => tab.textContent(), { timeout: 15_000 }).toBe(`Edit Product · ${product.name}`);
    await context.close();
  });
});
