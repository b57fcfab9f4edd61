// The built app works under the Content-Security-Policy the server sends (server/app.ts): sign-in,
// the dashboard and a list page load with no policy violation reported by Chromium.
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

it('signs in and shows the dashboard and the order list with no Content-Security-Policy violation', async () => {
  const { page, context } = await e.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('vfReportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (ev) => {
      (window as unknown as { vfReportViolation(v: string): void }).vfReportViolation(
        `${ev.violatedDirective} ${ev.blockedURI}`,
      );
    });
  });
  const res = await page.goto(`${e.server.url}/login`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await e.loginByForm(page, 'admin');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('navigation').first().waitFor();
  await page.goto(`${e.server.url}/order`);
  await page.locator('table').first().waitFor();
  await e.shot(page, 'csp-order-list');
  expect(violations).toEqual([]);
  await context.close();
});

it('renders the API docs page (/api/docs) under the same policy, drawing every declared route down to the last', async () => {
  const { page, context } = await e.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto(`${e.server.url}/api/docs`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // swagger-ui fetched the document and drew its operations (the shown path is broken by <wbr>s: its data-path
  // attribute keeps it whole)
  await page.getByText('VendFleet API').first().waitFor();
  // tags start folded (so that find-in-page meets every tag at once); a reader opens them: every folded tag on
  // screen is opened, here and as the page scrolls below
  const folded = page.locator('.opblock-tag[data-is-open="false"]');
  const openFolded = async () => {
    let n = 0;
    for (; n < 50 && (await folded.count()) > 0; n++) await folded.first().click();
    return n;
  };
  await page.locator('.opblock-tag').first().waitFor();
  await openFolded();
  // opening a tag scrolls to it: the walk below starts from the top
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('[data-path]').first().waitFor();
  await e.shot(page, 'api-docs');
  // swagger-ui (5.34+) virtualizes a list of 150 rows or more: only the operations near the viewport are in the
  // DOM, the rest are drawn as the page scrolls. Scroll to the end, collecting every drawn path: each one of the
  // document's paths must be drawn, the device gateway's and the last tag's included.
  const doc = (await (await page.request.get(`${e.server.url}/api/openapi.json`)).json()) as {
    paths: Record<string, unknown>;
  };
  const expected = Object.keys(doc.paths).sort();
  const seen = new Set<string>();
  let lastY = -1;
  for (let i = 0; i < 400; i++) {
    // opening a tag scrolls the page to it, past rows not yet read (a tag's first operations, above the one
    // opened): back to where the walk was, read on the next round
    const before = await page.evaluate(() => window.scrollY);
    if ((await openFolded()) > 0) {
      await page.evaluate((y) => window.scrollTo(0, y), before);
      await page.waitForTimeout(50);
      continue;
    }
    for (const p of await page
      .locator('[data-path]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-path') ?? '')))
      seen.add(p);
    const y = await page.evaluate(() => window.scrollY);
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd && y === lastY) break;
    lastY = y;
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  // the document's last path (the last tag's last operation) is on screen at the end of the page
  await page
    .locator(`[data-path="${Object.keys(doc.paths).at(-1)}"]`)
    .first()
    .waitFor();
  await e.shot(page, 'api-docs-end');
  expect(seen.has('/api/device-gateway/heartbeat')).toBe(true);
  expect(expected.filter((p) => !seen.has(p))).toEqual([]);
  expect(violations).toEqual([]);
  await context.close();
});
