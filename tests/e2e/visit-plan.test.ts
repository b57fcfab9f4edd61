// The visit plan in real Chromium (docs/replenishment.md): a brand opens tomorrow's plan, sees its stops numbered in
// route order on the map (drawn without network: the tiles stay blank) and the van's pick list, prints the
// restocker's sheet, and restocks a robot from the plan in one step; then the forecasts' list.
import { startE2E, type E2E } from '../support/browser';
import { sellHistory } from '../support/sales';
import { refreshForecasts } from '../../server/features/forecast/refresh';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // store A1's strawberry sundae (4 left) and store A2's affogato (25 left) sell out by the next local noon, so
  // both are due whatever the hour ("tomorrow" in the browser's UTC clock may already be today in Shanghai)
  await sellHistory(e.server.db, 'store_a1', 'IC-STRAW-SUN', 6);
  await sellHistory(e.server.db, 'store_a2', 'CI-AFFOGATO', 40);
  await refreshForecasts(e.server.db);
});
afterAll(() => e?.close());

it('opens the plan for tomorrow: stops in order on the map, the pick list, the print view and a restock', async () => {
  const { page } = await e.newPage();
  await e.login(page, 'brand-a', { at: '/visit-plan' });
  const stops = page.getByTestId('plan-stops');
  await stops.getByTestId('stop-2').waitFor();
  await expect(stops.getByTestId('stop-1').textContent()).resolves.toMatch(/Store A[12]/);
  // the map: a numbered circle per stop, 1 then 2, and the route's line between them
  const numbers = page.locator('[data-testid="route-map"] .vf-stop-number');
  await expect.poll(() => numbers.allTextContents()).toEqual(['1', '2']);
  await expect(page.locator('[data-testid="route-map"] path.leaflet-interactive').count()).resolves.toBe(3);
  // how good the forecasts have been, beside the 28-day average
  await expect(page.getByTestId('forecast-accuracy').textContent()).resolves.toMatch(/Our forecast.*28-day average/);
  const pick = page.getByTestId('pick-list');
  await expect(pick.textContent()).resolves.toContain('IC-STRAW-SUN');
  await expect(pick.textContent()).resolves.toContain('CI-AFFOGATO');
  await e.shot(page, 'visit-plan');

  // the restocker's sheet: the console's bar and menu and the buttons are left out of the print
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-header').isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(false);
  await expect(page.getByRole('button', { name: 'Restock' }).first().isVisible()).resolves.toBe(false);
  await expect(stops.isVisible()).resolves.toBe(true);
  await e.shot(page, 'visit-plan-print');
  await page.emulateMedia({ media: 'screen' });

  // restock the strawberry sundae's robot: every line of it through the product's restock, in one click
  const row = stops.locator('tr', { hasText: 'Strawberry sundae' });
  const wanted = Number(/Strawberry sundae \(IC-STRAW-SUN\) × (\d+)/.exec((await row.textContent()) ?? '')?.[1]);
  expect(wanted).toBeGreaterThan(0);
  await row.getByRole('button', { name: 'Restock' }).click();
  await row.getByText('Restocked').waitFor();
  const product = await e.server.db
    .selectFrom('product')
    .select('stock')
    .where('_id', '=', 'demo_store_a1_ic_straw_sun')
    .executeTakeFirstOrThrow();
  expect(product.stock).toBe(4 + wanted);

  // the forecasts' own list (generated from its declaration): soonest empty first, "empty in …"
  await e.go(page, '/forecast');
  await page
    .getByText(/^(empty in .+|empty now)$/)
    .first()
    .waitFor();
  await e.shot(page, 'forecast-list');
});
