// Real Chromium (Debian's) driven by playwright-core, against the real server serving the built app.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { CSRF_HEADER } from '../../resources/session';
import { ROOT } from '../../scripts/buildIfStale';

const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS = path.join(ROOT, '.tmp', 'screenshots');

/**
 * Features of Chromium the browser files turn off, beside Playwright's own: every window (each context is one)
 * opens the address bar's popup ahead of use as two WebUI pages (chrome://omnibox-popup.top-chrome/), in a
 * renderer of their own, headless too — ~15 % of a browser file's Chromium CPU for a bar nothing shows
 * (docs/testing.md, "What a browser file pays for").
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
let launchOptions: Promise<LaunchOptions> | undefined;

/**
 * Chromium as the browser files drive it. Chromium keeps only the last `--disable-features` it is given, and
 * Playwright passes a list of its own (features that would call out or change navigations), so that list is read
 * from a Chromium launched once per process and extended, not replaced.
 */
export async function launchChromium(): Promise<Browser> {
  launchOptions ??= (async () => {
    const probe = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const own = probe.process().spawnargs.find((a) => a.startsWith('--disable-features='));
    await probe.close();
    const features = [...(own?.slice('--disable-features='.length).split(',') ?? []), ...DISABLED_FEATURES];
    return {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--disable-features=${features.filter(Boolean).join(',')}`],
      ignoreDefaultArgs: own ? [own] : [],
    };
  })();
  return chromium.launch(await launchOptions);
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  newPage(opts?: { lang?: string; width?: number; height?: number }): Promise<{ page: Page; context: BrowserContext }>;
  /**
   * A page for a test that signs in with `login` and needs nothing of its context but the page: one per language
   * and window size for the whole file, handed from test to test as a new context would be — no cookie but the
   * language, empty storage, the console left before (docs/testing.md, "Browser files"). Chromium pays ~2.8 CPU-s
   * for a new context and its first console load, ~1.2 for a load in a page already open. Not for a test that
   * listens to or routes the page, adds init scripts, or reads its context: those take `newPage`.
   */
  pooledPage(opts?: { lang?: string; width?: number; height?: number }): Promise<Page>;
  /**
   * Signs in through the API as the app does (the session cookies set on the page's browser context), then
   * loads the console once: at `at` (a path such as '/order?filter=…'), else on the dashboard. For every test
   * whose subject is not the sign-in page. A test that opens another page next passes it as `at`: each load of
   * the console costs the browser 1–2 CPU seconds (docs/testing.md, "Browser files").
   */
  login(page: Page, username: string, opts?: { at?: string; password?: string }): Promise<void>;
  /**
   * Opens `to` (a path) inside the console already loaded, as a link of the app would (history, not a page
   * load). The caller then waits for what only the new page shows.
   */
  go(page: Page, to: string): Promise<void>;
  /** Signs in through the sign-in page's form, as a user types: for the tests of signing in itself. */
  loginByForm(page: Page, username: string, password?: string): Promise<void>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const server = await startTestServer({ distDir: path.join(ROOT, 'dist') });
  const browser = await launchChromium();
  fs.mkdirSync(SHOTS, { recursive: true });
  /** the language each context was opened in, sent with its API sign-in as the app sends it */
  const langs = new WeakMap<BrowserContext, string>();
  // The language is a saved choice; set it as the console would.
  const langCookie = (lang: string) => [{ name: 'vendfleet_lang', value: lang.slice(0, 2), url: server.url }];
  async function newPage({ lang = 'en', width = 1366, height = 860 } = {}) {
    const context = await browser.newContext({ viewport: { width, height }, locale: lang });
    await context.addCookies(langCookie(lang));
    langs.set(context, lang);
    const page = await context.newPage();
    return { page, context };
  }
  const pool = new Map<string, Page>();
  return {
    server,
    browser,
    newPage,
    async pooledPage({ lang = 'en', width = 1366, height = 860 } = {}) {
      const key = `${lang} ${width}x${height}`;
      const kept = pool.get(key);
      if (kept && !kept.isClosed()) {
        // the console left first, so that nothing of it runs, calls or saves while its storage is emptied
        await kept.goto(`${server.url}/api/health`);
        await kept.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
        await kept.context().clearCookies();
        await kept.context().addCookies(langCookie(lang));
        return kept;
      }
      const { page } = await newPage({ lang, width, height });
      pool.set(key, page);
      return page;
    },
    // The form loads the sign-in page first, then the console into the same page; this loads the console only
    // (docs/testing.md, "Browser files").
    async login(page, username, { at = '/', password = DEMO_PASSWORD } = {}) {
      const r = await page.context().request.post(`${server.url}/api/auth/signin`, {
        data: { username, password },
        headers: { [CSRF_HEADER]: '1', 'Accept-Language': langs.get(page.context()) ?? 'en' },
      });
      if (!r.ok()) throw new Error(`sign-in ${username}: ${r.status()} ${await r.text()}`);
      await page.goto(`${server.url}${at}`);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      // the console is up and drew a page — its frame's main part, or a page of its own such as /404 (the URL alone
      // is '/' before the app has decided anything): a step made earlier races the app's first moves, such as '/'
      // becoming '/dashboard'
      await page.locator('main').first().waitFor();
    },
    // BrowserRouter (react-router) follows the history: a new entry and its popstate is what a link does
    async go(page, to) {
      await page.evaluate((href) => {
        history.pushState(null, '', href);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, to);
      await page.waitForURL(`${server.url}${to}`);
    },
    async loginByForm(page, username, password = DEMO_PASSWORD) {
      await page.goto(`${server.url}/login`);
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    },
    async shot(page, name) {
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
