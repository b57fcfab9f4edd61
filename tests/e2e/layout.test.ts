// The console's frame as a user meets it, in real Chromium: languages, menu search, tabs, settings,
// phone width, full screen, error log, sidebar.
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const LANGS = ['en', 'zh', 'es', 'ja'] as const;
const ACCOUNTS_MENU: Record<(typeof LANGS)[number], string> = { en: 'Accounts', zh: '账号', es: 'Cuentas', ja: 'アカウント' };

/** Sets the layout settings as the settings drawer stores them, before the app starts. */
async function presetSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript((s) => {
    if (!localStorage.getItem('vendfleet_settings')) localStorage.setItem('vendfleet_settings', JSON.stringify(s));
  }, settings);
}

it.each(LANGS)('shows the desktop and phone layouts in %s', async (lang) => {
  for (const [kind, width, height] of [['desktop', 1366, 860], ['mobile', 375, 740]] as const) {
    const { page, context } = await e.newPage({ lang, width, height });
    await presetSettings(page, { tagsView: true });
    await e.login(page, 'admin');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${e.server.url}/user`);
    await page.getByText('store-a1').first().waitFor();
    const layout = page.getByTestId('app-layout');
    await expect(layout.getAttribute('data-layout')).resolves.toBe(kind);
    if (kind === 'mobile') {
      await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('sidebar-drawer').getByRole('menuitem', { name: ACCOUNTS_MENU[lang] }).waitFor();
    } else {
      await page.getByTestId('sidebar').getByRole('menuitem', { name: ACCOUNTS_MENU[lang] }).waitFor();
    }
    await e.shot(page, `layout-${kind}-${lang}`);
    await context.close();
  }
});
