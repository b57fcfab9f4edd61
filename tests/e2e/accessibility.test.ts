// WCAG 2.2 AA, checked by axe-core on every screen (docs/accessibility.md): every route of the menu as each account
// type sees it at 1366 px, the main screens at 390 px, and a record's page and form of each declared resource. The
// routes are read from the menu the page draws and from resources/, so a new screen is checked without an edit
// here. Cheap by design: one browser, one context per account, each page opened inside the loaded console (no page
// load) and axe run once on it.
import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { resources } from '../../resources';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

let axeMs = 0;
let settleMs = 0;
afterAll(() => console.log(`settle: ${settleMs} ms`));
afterAll(() => console.log(`axe: ${axeMs} ms`));
/** What is left below serious, by rule (docs/accessibility.md records it): printed once at the end. */
const lesser = new Map<string, Set<string>>();
afterAll(() => {
  const lines = [...lesser].map(([rule, where]) => `${rule}: ${where.size} screens (${[...where].join(' ')})`);
  if (lines.length) console.log(`axe minor/moderate violations:\n${lines.join('\n')}`);
});

/** The page's own loading is over: no progress shown (lazy screens, rows, charts) for two frames in a row. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[role="progressbar"], .MuiSkeleton-root, .RaLoadingIndicator-loadedLoading'),
    undefined,
    { polling: 100, timeout: 20_000 },
  );
}

/** axe on the page as it is: the serious and critical violations, one line each ("rule: target"). */
async function audit(page: Page, where: string): Promise<string[]> {
  const t0 = Date.now();
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  axeMs += Date.now() - t0;
  const blocking: string[] = [];
  for (const v of violations) {
    if (BLOCKING.has(v.impact ?? '')) {
      for (const n of v.nodes) blocking.push(`${where} ${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`);
    } else lesser.set(v.id, (lesser.get(v.id) ?? new Set()).add(where));
  }
  if (blocking.length) fs.appendFileSync('/tmp/a11y-found.txt', blocking.join('\n') + '\n');
  return blocking;
}

/** The paths the menu offers this account, as drawn (sections unfolded, the default). */
async function menuPaths(page: Page): Promise<string[]> {
  await page.locator('.RaMenuItemLink-root').first().waitFor();
  const hrefs = await page
    .locator('.RaMenuItemLink-root')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

async function walk(page: Page, paths: readonly string[], tag: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const t0 = Date.now();
    await e.go(page, path);
    await settled(page);
    settleMs += Date.now() - t0;
    found.push(...(await audit(page, `${tag}${path}`)));
  }
  return found;
}

describe.each(['admin', 'brand-a', 'store-a1'])('%s at 1366 px', (account) => {
  it('has no serious or critical violation on any screen of its menu', async () => {
    const { page, context } = await e.newPage({ width: 1366, height: 860 });
    await e.login(page, account);
    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(3);
    const found = await walk(page, ['/dashboard', ...paths], account);
    await context.close();
    expect(found).toEqual([]);
  }, 400_000);
});

it('has no serious or critical violation on the sign-in page and the main screens at 390 px', async () => {
  const { page, context } = await e.newPage({ width: 390, height: 844 });
  await page.goto(`${e.server.url}/login`);
  await page.locator('input[name="username"]').waitFor();
  const found = await audit(page, 'phone/login');
  await e.login(page, 'admin');
  found.push(...(await walk(page, ['/dashboard', '/device', '/order', '/alarm', '/user'], 'phone')));
  await context.close();
  expect(found).toEqual([]);
});

it("has no serious or critical violation on each declared resource's record page and form", async () => {
  const { page, context } = await e.newPage({ width: 1366, height: 860 });
  await e.login(page, 'admin');
  const paths: string[] = [];
  for (const def of resources) {
    const row = await e.server.db
      .selectFrom(def.table as 'device')
      .select('_id')
      .limit(1)
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row) continue;
    const id = encodeURIComponent(String(row._id));
    paths.push(`/${def.name}/${id}/show`);
    if (def.permissions.edit) paths.push(`/${def.name}/${id}`);
  }
  expect(paths.length).toBeGreaterThan(10);
  const found = await walk(page, paths, 'record');
  await context.close();
  expect(found).toEqual([]);
});
