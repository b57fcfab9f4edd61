// The console's frame as a user meets it, in real Chromium: languages, menu search, tabs, settings,
// phone width, full screen, error log, sidebar.
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { darkenFor } from '../../src/layout/contrast';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const LANGS = ['en', 'zh', 'es', 'ja'] as const;
const ACCOUNTS_MENU: Record<(typeof LANGS)[number], string> = {
  en: 'Accounts',
  zh: '账号',
  es: 'Cuentas',
  ja: 'アカウント',
};

/** Sets the layout settings as the settings drawer stores them, before the app starts. */
async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((s) => {
    if (!localStorage.getItem('vendfleet_settings')) localStorage.setItem('vendfleet_settings', JSON.stringify(s));
  }, settings);
}

it.each(LANGS)('shows the desktop and phone layouts in %s', async (lang) => {
  // one page for both sizes, the console loaded afresh in each as a phone would load it (what the console keeps in
  // the page's storage, such as the sidebar's state, emptied first): a context of its own would cost Chromium ~1.6
  // CPU-s more (docs/testing.md, "Browser files")
  const { page, context } = await e.newPage({ lang, width: 1366, height: 860 });
  await presetSettings(page, { tagsView: true });
  for (const [kind, width, height] of [
    ['desktop', 1366, 860],
    ['mobile', 375, 740],
  ] as const) {
    if (kind === 'mobile') {
      // the console left first, so that nothing of it saves while its storage is emptied
      await page.goto(`${e.server.url}/api/health`);
      await page.evaluate(() => localStorage.clear());
      await page.setViewportSize({ width, height });
    }
    await e.login(page, 'admin', { at: '/user' });
    await page.getByText('store-a1').first().waitFor();
    const layout = page.getByTestId('app-layout');
    await expect(layout.getAttribute('data-layout')).resolves.toBe(kind);
    if (kind === 'mobile') {
      await page.getByTestId('sidebar-toggle').click();
      await page
        .getByTestId('sidebar-drawer')
        .getByRole('menuitem', { name: ACCOUNTS_MENU[lang], exact: true })
        .waitFor();
      // The drawer slides in: photograph it once it is all on screen.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="sidebar-drawer"] .MuiDrawer-paper')?.getBoundingClientRect().left === 0,
      );
    } else {
      await page.getByTestId('sidebar').getByRole('menuitem', { name: ACCOUNTS_MENU[lang], exact: true }).waitFor();
    }
    await e.shot(page, `layout-${kind}-${lang}`);
  }
  await context.close();
});

it('switches to 日本語 from the top bar: the page reloads and the menu is in Japanese', async () => {
  const { page, context } = await e.newPage({ lang: 'en' });
  await e.login(page, 'admin');
  await page.getByTestId('sidebar').getByRole('menuitem', { name: 'Accounts', exact: true }).waitFor();
  await page.getByTestId('language-switch').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: '日本語' }).click()]);
  await page.getByTestId('sidebar').getByRole('menuitem', { name: 'アカウント', exact: true }).waitFor();
  expect((await context.cookies()).find((c) => c.name === 'vendfleet_lang')?.value).toBe('ja');
  // The choice outlives a reload of its own.
  await page.reload();
  await page.getByTestId('sidebar').getByRole('menuitem', { name: 'アカウント', exact: true }).waitFor();
  await e.shot(page, 'layout-switched-ja');
  await context.close();
});

it("finds 订单 by its pinyin initials 'dd' in the menu search and opens the orders list", async () => {
  const page = await e.pooledPage({ lang: 'zh' });
  // on a light page: the dashboard's charts are not this test's subject
  await e.login(page, 'admin', { at: '/profile' });
  await page.getByTestId('menu-search').getByRole('button').click();
  await page.getByTestId('menu-search').getByRole('combobox').fill('dd');
  const first = page.getByRole('option').first();
  await expect(first.textContent()).resolves.toContain('订单');
  await first.click();
  await page.waitForURL(/\/order$/);
});

it('opens a tab per visited page; close others and close all keep the pinned dashboard', async () => {
  const { page, context } = await e.newPage({ lang: 'en' });
  await presetSettings(page, { tagsView: true });
  await e.login(page, 'admin');
  for (const p of ['/user', '/role', '/integrator']) {
    await e.go(page, p);
    await page.getByTestId('tags-view').locator(`[data-path="${p}"]`).waitFor();
  }
  const tabs = page.getByTestId('tags-view').getByRole('tab');
  await expect(tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).resolves.toEqual([
    '/dashboard',
    '/user',
    '/role',
    '/integrator',
  ]);
  // The dashboard tab has no close button.
  await expect(tabs.first().getByRole('button').count()).resolves.toBe(0);

  await page.getByTestId('tags-view').locator('[data-path="/role"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect
    .poll(() => tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-path'))))
    .toEqual(['/dashboard', '/role']);

  await page.getByTestId('tabs-menu').click();
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await page.waitForURL(/\/dashboard$/);
  await expect
    .poll(() => tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-path'))))
    .toEqual(['/dashboard']);
  await context.close();
});

it('keeps the settings drawer choices across a reload', async () => {
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'admin', { at: '/profile' });
  await page.getByTestId('settings-button').waitFor();
  await expect(page.getByTestId('tags-view').count()).resolves.toBe(0); // tabs are off by default
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await drawer.getByLabel('Open tabs').check();
  await drawer.getByRole('radio', { name: '#11a983' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('tags-view').waitFor();
  await page.reload();
  await page.getByTestId('tags-view').waitFor();
  await page.getByTestId('settings-button').click();
  await expect(
    page.getByTestId('settings-drawer').getByRole('radio', { name: '#11a983' }).getAttribute('aria-checked'),
  ).resolves.toBe('true');
  // The picked colour drives the theme: the selected tab wears the primary colour, which is the pick darkened by
  // the least that white text on it and it as text on the page's white and grey read at 4.5:1
  // (docs/accessibility.md, "Colour"): #11a983 itself reads 2.99:1 under white.
  const primary = darkenFor('#11a983', ['#ffffff', '#f0f2f5']);
  const rgb = [1, 3, 5].map((i) => parseInt(primary.slice(i, i + 2), 16)).join(', ');
  expect(primary).not.toBe('#11a983');
  const bg = await page
    .getByTestId('tags-view')
    .locator('[aria-selected="true"]')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe(`rgb(${rgb})`);
});

it("warns 'you browser can not work' where full screen is unsupported", async () => {
  const { page, context } = await e.newPage({ lang: 'en' });
  await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
  await e.login(page, 'admin', { at: '/profile' });
  await page.getByTestId('fullscreen-toggle').click();
  await page.getByText('you browser can not work').waitFor();
  await context.close();
});
