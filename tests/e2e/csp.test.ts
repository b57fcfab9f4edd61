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
      (window as unknown as { vfReportViolation(v: string): void }).vfReportViolation(`${ev.violatedDirective} ${ev.blockedURI}`);
    });
  });
  const res = await page.goto(`${e.server.url}/login`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await e.login(page, 'admin');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('navigation').first().waitFor();
  await page.goto(`${e.server.url}/order`);
  await page.locator('table').first().waitFor();
  await e.shot(page, 'csp-order-list');
  expect(violations).toEqual([]);
  await context.close();
});

it('renders the API docs page (/api/docs) under the same policy, listing the declared routes', async () => {
  const { page, context } = await e.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto(`${e.server.url}/api/docs`);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // swagger-ui fetched the document and drew its operations: a generated route and a robot's call
  await page.getByText('/api/integrator/add', { exact: true }).first().waitFor();
  await page.getByText('/api/device-gateway/order/progress', { exact: true }).first().waitFor();
  await e.shot(page, 'api-docs');
  expect(violations).toEqual([]);
  await context.close();
});
