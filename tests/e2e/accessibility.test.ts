// WCAG 2.2 AA, checked by axe-core on every screen (docs/accessibility.md): every route of the menu as each account
// type sees it at 1366 px (a generic list with rows once, for the first account that has it), the main screens at
// 390 px, and a record's page and form of each kind the declarations draw. The routes are read from the menu the
// page draws and from resources/, so a new screen is checked without an edit here. Cheap by design: one browser, one context per account, each page opened inside the loaded console (no page
// load) and axe run once on it.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { resources } from '../../resources';
import { callPath, type FieldDef, type ResourceDef } from '../../resources/types';
import { overrides } from '../../src/overrides';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

let axeMs = 0;
let audits = 0;
/** the file's cost, printed: docs/accessibility.md records it */
afterAll(() => console.log(`axe: ${audits} pages, ${axeMs} ms`));
/** What is left below serious, by rule (docs/accessibility.md records it): printed once at the end. */
const lesser = new Map<string, Set<string>>();
afterAll(() => {
  const lines = [...lesser].map(([rule, where]) => `${rule}: ${where.size} screens (${[...where].join(' ')})`);
  if (lines.length) console.log(`axe minor/moderate violations:\n${lines.join('\n')}`);
});

/** The page's own loading is over: no progress shown (a lazy screen, rows, charts, a record). */
async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('[role="progressbar"], .MuiSkeleton-root, .RaLoading-root'),
    undefined,
    { polling: 100, timeout: 20_000 },
  );
}

/** axe on the page as it is (`main`: only the page's own part, the frame around it having been audited once in
 * this context): the serious and critical violations, one line each ("where rule: target html"). */
async function audit(page: Page, where: string, main = false): Promise<string[]> {
  const t0 = Date.now();
  // axe-core once per page load: the builder sends its source (~550 KB, parsed twice in legacy mode, ~0.3 CPU-s of
  // Chromium's) on every run, and the walks open page after page inside one load — a page that has it is given
  // an empty source instead (its `window.axe` is what runs)
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // legacy mode: axe runs in the page itself (the console has no frames), not in parts joined in a blank page
  // opened for each run
  let axe = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
  if (main) axe = axe.include('#main-content');
  const { violations } = await axe.analyze();
  axeMs += Date.now() - t0;
  audits++;
  const blocking: string[] = [];
  for (const v of violations) {
    if (BLOCKING.has(v.impact ?? '')) {
      for (const n of v.nodes)
        blocking.push(
          `${where} ${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary?.slice(0, 160)}`,
        );
    } else lesser.set(v.id, (lesser.get(v.id) ?? new Set()).add(where));
  }
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

/** Cumulative layout shift since the last reset (a `layout-shift` PerformanceObserver in the page; shifts right
 * after the user's own input do not count, as in the metric). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { vfShift: number };
    w.vfShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.vfShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftSoFar = (page: Page, reset = false) =>
  page.evaluate((r) => {
    const w = window as unknown as { vfShift: number };
    const v = w.vfShift;
    if (r) w.vfShift = 0;
    return v;
  }, reset);

/** The generic lists (src/declared/screens.tsx, a resource without a screen of its own in src/overrides) audited
 * with rows at 1366 px, by path. */
const listsAudited = new Set<string>();
/** Whether `path` is a generic list that has rows for the account of `token` (asked of the API, as the page asks:
 * the page's own rows may not be drawn yet when its loading indicator has not shown). */
async function genericListWithRows(path: string, token: string): Promise<boolean> {
  const def = resources.find((d) => `/${d.name}` === path && !overrides[d.name]);
  if (!def) return false;
  const r = await e.server.call<{ list: unknown[] }>('POST', callPath(def, 'list'), {
    token,
    body: { pageSize: 1 },
  });
  return r.status === 200 && r.body.data.list.length > 0;
}

/** Opens each path inside the console and audits it: the first whole, the rest their own part only. A list
 * must not shift its layout as it loads: CLS under 0.1. With `token` (the account's), a generic list already
 * audited with rows for another account is opened and measured but not audited again when it has rows too: the
 * same List screen drawn from the same declaration, with another account's rows and fewer of its columns and
 * buttons; shown empty it is another template (react-admin's empty page) and is audited. */
async function walk(page: Page, paths: readonly string[], tag: string, token?: string): Promise<string[]> {
  const found: string[] = [];
  for (const [i, path] of paths.entries()) {
    await shiftSoFar(page, true);
    await e.go(page, path);
    await settled(page);
    const rows = token !== undefined && (await genericListWithRows(path, token));
    if (!(rows && listsAudited.has(path))) found.push(...(await audit(page, `${tag}${path}`, i > 0)));
    if (rows) listsAudited.add(path);
    // the palette as people see it (docs/accessibility.md, "Colour"): two screens of each walk
    if (path === '/dashboard' || path === '/device') await e.shot(page, `a11y-${tag}${path.replace('/', '-')}`);
    const shift = await shiftSoFar(page);
    if (shift >= 0.1 && (await page.locator('#main-content .RaList-main').count()))
      found.push(`${tag}${path} cumulative layout shift ${shift.toFixed(3)}`);
  }
  return found;
}

describe.each(['admin', 'brand-a', 'store-a1'])('%s at 1366 px', (account) => {
  it('has no serious or critical violation on any screen of its menu', async () => {
    const { page, context } = await e.newPage({ width: 1366, height: 860 });
    await watchShifts(page);
    await e.login(page, account);
    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(3);
    const found = await walk(page, ['/dashboard', ...paths], account, await e.server.login(account));
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

/** What a record's page or form is drawn from, each part a word: the generic screens (src/declared/screens.tsx)
 * draw a field by its kind — type, named renderer or input, choices, reference, nesting, flags that change the
 * control — and the record's own parts (cells, related lists, actions, a one-time secret); a resource whose screen
 * is replaced (src/overrides) is a part of its own. Two pages with the same words are the same template filled
 * with other data. */
function parts(def: ResourceDef, view: 'show' | 'edit'): Set<string> {
  const out = new Set<string>();
  if (overrides[def.name]) out.add(`${view} override ${def.name}`);
  const field = (prefix: string, f: FieldDef) => {
    if (f.hidden || f.secret || (view === 'edit' && (f.hideInForm || f.readOnly))) return;
    const flags = [
      f.type,
      f.render && `render=${f.render}`,
      f.input && `input=${f.input}`,
      f.choices && 'choices',
      f.reference && 'reference',
      f.multiline && 'multiline',
      f.fraction && 'fraction',
      f.createOnly && 'createOnly',
      f.when && 'when',
      f.shapes && 'shapes',
    ].filter(Boolean);
    out.add(`${view} ${prefix}${flags.join(' ')}`);
    for (const sub of Object.values(f.fields ?? {})) field(`${prefix}${f.type}>`, sub);
    for (const shape of Object.values(f.shapes ?? {}))
      for (const sub of Object.values(shape)) field(`${prefix}${f.type}>`, sub);
  };
  for (const f of Object.values(def.fields)) field('', f);
  if (view === 'show') {
    for (const c of def.cells ?? []) if (c.only !== 'list') out.add(`show cell ${c.cell}`);
    for (const r of def.related ?? []) out.add(`show related${r.poll ? ' polled' : ''}`);
    for (const a of Object.values(def.actions ?? {}))
      out.add(`show action${a.body ? ' body' : ''}${a.lines ? ' lines' : ''}${a.reveals ? ' reveals' : ''}`);
  } else if (def.lockedWhen) out.add('edit locked');
  return out;
}

it("has no serious or critical violation on each kind of record page and form the declarations draw, and each resource's own", async () => {
  const { page, context } = await e.newPage({ width: 1366, height: 860 });
  await e.login(page, 'admin');
  // every declared resource's page and form that has a record to show, with what it is drawn from
  const candidates: Array<{ path: string; parts: Set<string> }> = [];
  for (const def of resources) {
    const row = await e.server.db
      .selectFrom(def.table as 'device')
      .select('_id')
      .limit(1)
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row) continue;
    const id = encodeURIComponent(String(row._id));
    candidates.push({ path: `/${def.name}/${id}/show`, parts: parts(def, 'show') });
    if (def.permissions.edit) candidates.push({ path: `/${def.name}/${id}`, parts: parts(def, 'edit') });
  }
  expect(candidates.length).toBeGreaterThan(10);
  // the fewest pages that draw every part at least once (greedy: the page with most parts not yet drawn first):
  // the other pages are the same templates with other data (axe on all of them cost ~0.5 CPU-s a page)
  const left = new Set(candidates.flatMap((c) => [...c.parts]));
  const paths: string[] = [];
  while (left.size) {
    const best = candidates
      .map((c) => ({ c, n: [...c.parts].filter((w) => left.has(w)).length }))
      .sort((a, b) => b.n - a.n)[0];
    paths.push(best.c.path);
    for (const w of best.c.parts) left.delete(w);
  }
  console.log(`record pages: ${paths.length} of ${candidates.length} draw every part`);
  const found = await walk(page, paths, 'record');
  await context.close();
  expect(found).toEqual([]);
}, 400_000);

/** Samples the widths of the list's header cells every 50 ms, from now on, with the count of rows and the page's
 * path at each (the sampling starts on the page before the list, whose own tables may have rows). */
async function sampleColumns(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      vfColumns: Array<{ path: string; rows: number; widths: string }>;
      vfSampler?: number;
    };
    w.vfColumns = [];
    clearInterval(w.vfSampler);
    w.vfSampler = window.setInterval(() => {
      // the list's own table (react-admin's list root): while the list's screen loads, the page before it (the
      // dashboard, its tables) stays drawn under the new path, as a router transition keeps it
      const list = document.getElementById('main-content')?.querySelector('.list-page');
      w.vfColumns.push({
        path: window.location.pathname,
        rows: list?.querySelectorAll('tbody tr').length ?? 0,
        widths: [...(list?.querySelectorAll('thead th') ?? [])]
          .map((th) => th.getBoundingClientRect().width.toFixed(1))
          .join(' '),
      });
    }, 50);
  });
}
const samples = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { vfColumns: Array<{ path: string; rows: number; widths: string }> }).vfColumns,
  );

/** How often the columns changed width once rows were there. */
function relayouts(seen: Array<{ rows: number; widths: string }>): number {
  const withRows = seen.filter((s) => s.rows > 0).map((s) => s.widths);
  return withRows.filter((w, i) => i > 0 && w !== withRows[i - 1]).length;
}

describe('lists hold still (docs/accessibility.md, "Lists that hold still")', () => {
  it.each([
    ['robots', '/device', 'device', 'name'],
    ['accounts', '/user', 'account', 'nickname'],
    ['orders', '/order', undefined, undefined],
  ] as const)(
    'lays the %s out at most once after its rows arrive, and not again when a row changes',
    async (_, path, table, field) => {
      const { page, context } = await e.newPage({ width: 1366, height: 860 });
      await e.login(page, 'admin');
      await page.locator('.RaMenuItemLink-root').first().waitFor();
      await sampleColumns(page);
      await e.go(page, path);
      await settled(page);
      // a second's samples after the rows (the old fit narrowed columns in steps for up to 2 s after them)
      await expect
        .poll(async () => (await samples(page)).filter((s) => s.path === path && s.rows > 0).length)
        .toBeGreaterThan(20);
      const first = (await samples(page)).filter((s) => s.path === path);
      // a row's selection checkbox is named after its row (the theme's, src/layout/selectionCheckbox.tsx)
      if (path === '/device') await page.getByRole('checkbox', { name: 'Select Cone Bot 01', exact: true }).waitFor();
      expect(relayouts(first), first.map((s) => `${s.rows}: ${s.widths}`).join('\n')).toBeLessThanOrEqual(1);
      if (!table || !field) return void (await context.close());

      // a row changes (a name ten times as long) and the list refetches it, as a live update does
      const widths = first.at(-1)!.widths;
      const row = await e.server.db
        .selectFrom(table)
        .select(['_id', field])
        .orderBy('_id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const renamed = `${String((row as Record<string, unknown>)[field])} `.repeat(10).trim();
      await e.server.db
        .updateTable(table)
        .set({ [field]: renamed })
        .where('_id', '=', row._id)
        .execute();
      await sampleColumns(page);
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      await page
        .locator('#main-content tbody tr')
        .filter({ hasText: renamed.slice(0, 60) })
        .first()
        .waitFor();
      await expect.poll(async () => (await samples(page)).length).toBeGreaterThan(10);
      expect(new Set((await samples(page)).filter((s) => s.rows > 0).map((s) => s.widths))).toEqual(new Set([widths]));
      await context.close();
    },
  );
});
