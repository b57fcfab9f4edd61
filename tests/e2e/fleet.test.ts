// The fleet as an operator sets it up and watches it, in real Chromium: a brand with an uploaded logo, a
// store, a robot whose key is shown once; the simulator drives that robot with the key, and the robot's
// page and the alarm badge follow it live; unbinding the robot and closing the store ask for confirmation.
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { ROOT } from '../../scripts/buildIfStale';

let e: E2E;
let sim: ChildProcess | undefined;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  sim?.kill('SIGKILL');
  await e?.close();
});

// A real 2x2 PNG: the server recognises images by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks `option` in the react-admin autocomplete labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(option.slice(0, 6));
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('sets up a brand with a logo, a store and a robot; the simulator brings it online and its alarm arrives live; unbinding and closing ask first', async () => {
  const page = await e.pooledPage({ lang: 'en' });
  // A brand, with its logo uploaded through the API into object storage.
  await e.login(page, 'admin', { at: '/integrator/create' });
  await page.locator('input[name="name"]').fill('Harbour Treats');
  await page.locator('textarea[name="description"]').fill('Ice cream robots on the waterfront');
  await page
    .locator('input[name="logo__file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByTestId('image-input-logo').locator('img');
  await preview.waitFor();
  expect(await preview.getAttribute('src')).toMatch(/^\/api\/files\/img\/\d{6}\/[a-f0-9]{32}\.png$/);
  await e.shot(page, 'fleet-brand-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/integrator$/);
  const logo = page.locator('img[src^="/api/files/img/"]').first();
  await logo.waitFor();
  // The stored image comes back as an image, never as a page.
  const served = await page.request.get(`${e.server.url}${await logo.getAttribute('src')}`);
  expect(served.headers()['content-type']).toBe('image/png');

  // A store of that brand.
  await e.go(page, '/dealer/create');
  await page.locator('input[name="name"]').fill('Pier 7 Kiosk');
  await page.locator('textarea[name="description"]').fill('Next to the ferry gate');
  await choose(page, 'Brand', 'Harbour Treats');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/dealer$/);
  await page.getByText('Pier 7 Kiosk').waitFor();

  // A robot in that store: its key is shown once, on its page.
  await e.go(page, '/device/create');
  await page.locator('input[name="device_id"]').fill('HT-PIER7-0001');
  await page.locator('input[name="name"]').fill('Pier Cone 01');
  await page.locator('input[name="sn"]').fill('SN-HT-000001');
  await page.getByRole('combobox', { name: 'Robot type' }).click();
  await page.getByRole('option', { name: 'Ice cream', exact: true }).click();
  await page.locator('input[name="category"]').fill('dessert');
  await choose(page, 'Brand', 'Harbour Treats');
  await choose(page, 'Store', 'Pier 7 Kiosk');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/device\/[^/]+\/show$/);
  const key = await page.getByTestId('one-time-key').inputValue();
  expect(key.length).toBeGreaterThanOrEqual(32);
  await e.shot(page, 'fleet-robot-key');
  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await page.getByTestId('one-time-key').waitFor({ state: 'detached' });
  await expect(page.getByTestId('device-online').getAttribute('data-online')).resolves.toBe('no');
  const badge = page.getByTestId('alarm-badge');
  await expect.poll(() => badge.getAttribute('data-live')).toBe('on');
  const alarmsBefore = Number(await badge.getAttribute('data-count'));

  // The simulator drives the new robot with the key the console showed: it comes online, breaks down
  // (a real §8 code) and stays broken, and the page follows without a reload.
  sim = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [
      'scripts/simulate.ts',
      '--url',
      e.server.url,
      '--robot',
      `HT-PIER7-0001:${key}`,
      '--beat',
      '0.5',
      '--fault-rate',
      '1',
      '--recover-rate',
      '0',
      '--sell-rate',
      '0',
      '--writeoff-rate',
      '0',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let simOut = '';
  sim.stdout!.on('data', (d) => (simOut += d));
  sim.stderr!.on('data', (d) => (simOut += d));
  // the simulator is a process of its own, under tsx: on a loaded machine it takes longer to start than the page
  // takes to follow the robot, so the page's waits below count from its first line
  await vi.waitFor(() => expect(simOut).toMatch(/driving 1 robot/), { timeout: 90_000, interval: 100 });
  await page.getByTestId('device-online').and(page.locator('[data-online="yes"]')).waitFor({ timeout: 20_000 });
  await page
    .getByTestId('device-state')
    .filter({ hasText: /Failure|Out of supplies/ })
    .waitFor({ timeout: 20_000 });
  await page
    .getByTestId('device-messages')
    .getByText(/^(21|22|23|300|750|751) · /)
    .first()
    .waitFor({ timeout: 20_000 });
  await expect
    .poll(async () => Number(await badge.getAttribute('data-count')), { timeout: 20_000 })
    .toBeGreaterThan(alarmsBefore);
  await e.shot(page, 'fleet-robot-live');

  // Ctrl-C stops the simulator cleanly, with its summary.
  const exited = new Promise<number | null>((r) => sim!.once('exit', (code) => r(code)));
  sim.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(simOut).toMatch(/simulated 1 robot\(s\) for [\d.]+ s: \d+ heartbeats .* 0 errors/);

  // Closing a store asks first; cancelling leaves it open; confirming closes it.
  await e.go(page, '/dealer');
  const row = page.getByRole('row').filter({ hasText: 'Pier 7 Kiosk' });
  await row.getByRole('button', { name: 'Close store' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // (the page is hidden from the accessibility tree until the dialog has gone)
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expect(row.getByText('Open', { exact: true }).count()).resolves.toBe(1);
  // A new store's notification and payment switches start on, as declared.
  await expect(row.locator('[data-testid="true"]').count()).resolves.toBe(2);
  // Unbinding the robot from its store asks first too.
  await e.go(page, '/device');
  await page
    .getByRole('row')
    .filter({ hasText: 'HT-PIER7-0001' })
    .getByRole('button', { name: 'Unbind from store' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Unbind from store: done').waitFor();
  await e.go(page, '/dealer');
  await row.getByRole('button', { name: 'Close store' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await row.getByText('Closed', { exact: true }).waitFor();
  await e.shot(page, 'fleet-store-closed');
  // a brand, a store and a robot set up through the forms, and a simulator process started: more than the default
  // 90 s on a machine shared with the other test runs
}, 180_000);

it("edits a brand's payment, notification and pickup settings as forms of their declared keys; a bad key is refused under its input", async () => {
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'admin', { at: `/integrator/brand_b` });
  await page.getByRole('combobox', { name: 'Pickup by' }).click();
  await page.getByRole('option', { name: 'Pickup code' }).click();
  await page.locator('input[name="pickup_config.code_length"]').fill('6');
  await page.locator('input[name="pickup_config.pickup_minutes"]').fill('15');
  await page.locator('input[name="pay_info.merchant_id"]').fill('M-77');
  await page.locator('input[name="notify_info.webhook"]').fill('http://hooks.example.com/harbour');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('json-input-notify_info').getByText('An https:// address is required').waitFor();
  await e.shot(page, 'fleet-brand-settings-invalid');
  await page.locator('input[name="notify_info.webhook"]').fill('https://hooks.example.com/harbour');
  await e.shot(page, 'fleet-brand-settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/integrator$/);
  const settings = await e.server.db
    .selectFrom('integrator')
    .select(['pickup_config', 'pay_info', 'notify_info'])
    .where('_id', '=', 'brand_b')
    .executeTakeFirstOrThrow();
  expect(settings).toEqual({
    pickup_config: { mode: 'code', code_length: 6, pickup_minutes: 15 },
    pay_info: { merchant_id: 'M-77' },
    notify_info: { webhook: 'https://hooks.example.com/harbour' },
  });
});

it('takes a profile avatar as an uploaded image, as the account form does, not as a typed path', async () => {
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'store-b1', { at: `/profile` });
  await page
    .locator('input[name="avatar__file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('image-input-avatar').locator('img').waitFor();
  await e.shot(page, 'fleet-profile-avatar');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await page.getByText('Profile saved').waitFor();
  const me = await e.server.db
    .selectFrom('account')
    .select('avatar')
    .where('_id', '=', 'store-b1')
    .executeTakeFirstOrThrow();
  expect(me.avatar).toMatch(/^img\/\d{6}\/[a-f0-9]{32}\.png$/);
});

it('shows a store account only its robots, without the brand it may not read; /device/info/{id} opens a robot', async () => {
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'store-b1', { at: `/device` });
  const rows = page.locator('tbody tr');
  await rows.first().waitFor();
  const mine = await e.server.db
    .selectFrom('device')
    .select(['_id', 'name'])
    .where('dealer', '=', 'store_b1')
    .execute();
  await expect.poll(() => rows.count()).toBe(mine.length);
  // No brand column (a store account cannot list brands) and so no error icons in its place.
  await expect(page.getByRole('columnheader', { name: 'Brand' }).count()).resolves.toBe(0);
  await expect(page.locator('tbody [data-testid="ErrorIcon"]').count()).resolves.toBe(0);
  await page.goto(`${e.server.url}/device/info/${mine[0]._id}`);
  await page.waitForURL(new RegExp(`/device/${mine[0]._id}/show$`));
  await page.getByText(`Robot ${mine[0].name}`).first().waitFor();
});
