// Notifications in real Chromium (docs/notifications.md): a brand makes an e-mail channel (and one of its own with
// "Notify me") and a policy with the tier editor, a robot of its store reports a fault, and the message is read in
// the outbox (Fleet › Notifications) — no SMTP_URL is set, as in the demo — and on the alarm's page.
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { DEMO_DEVICES, demoDeviceKey } from '../../server/db/seed';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // the demo's own policy would tell the same fault to its on-call e-mail: this test reads its own channel's
  await e.server.db.updateTable('notify_policy').set({ enabled: false }).execute();
});
afterAll(() => e?.close());

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('creates a channel and a policy, a robot faults, and the message reads in the outbox and on the alarm page', async () => {
  const { page } = await e.newPage({ lang: 'en' });
  await e.login(page, 'brand-a', { at: '/notify_channel/create' });
  await page.locator('input[name="name"]').fill('Night shift mail');
  await choose(page, 'Kind', 'E-mail');
  await page.locator('input[name="target"]').fill('night@brand-a.example');
  await e.shot(page, 'notify-channel-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/notify_channel(\/[^/]+\/show)?$/);

  // "Notify me": the account's own e-mail as a channel, in one click
  await e.go(page, '/notify_channel');
  await page.getByTestId('notify-me').click();
  await page.getByText('brand-a@demo.vendfleet.test').first().waitFor();

  await e.go(page, '/notify_policy/create');
  await page.locator('input[name="name"]').fill('Faults at night');
  await page.getByRole('combobox', { name: 'Levels' }).click();
  await page.getByRole('option', { name: 'Error', exact: true }).click();
  await page.keyboard.press('Escape');
  const tiers = page.getByTestId('tiers-input');
  await tiers.getByRole('combobox', { name: 'Channels' }).first().click();
  await page.getByRole('option', { name: 'Night shift mail' }).click();
  await e.shot(page, 'notify-policy-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/notify_policy(\/[^/]+\/show)?$/);

  // a robot of Store A1 reports a fault, as a real one does
  const robot = DEMO_DEVICES.find((d) => d.integrator === 'brand_a' && d.type === 'icecream')!;
  const r = await e.server.call('POST', '/device-gateway/notify', {
    headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': demoDeviceKey(robot.device_id) },
    body: { code: 22 },
  });
  expect(r.status).toBe(200);

  await e.go(page, '/notification');
  const row = page.getByText(`— ${robot.name}`).first();
  await row.waitFor({ timeout: 20_000 });
  await row.click();
  const text = page.getByTestId('notification-text');
  await text.waitFor();
  expect(await text.innerText()).toContain('Store: Store A1');
  expect(await text.innerText()).toMatch(/Open the alarm: http:\/\/localhost:8080\/alarm\/[^/]+\/show/);
  await e.shot(page, 'notify-outbox-message');

  // the alarm's page says who was told, when and by which tier
  const alarm = await e.server.db
    .selectFrom('alarm')
    .innerJoin('device', 'device._id', 'alarm.device')
    .select('alarm._id')
    .where('device.device_id', '=', robot.device_id)
    .where('alarm.code', '=', 22)
    .executeTakeFirstOrThrow();
  await e.go(page, `/alarm/${alarm._id}/show`);
  const told = page.getByTestId('related-notification');
  await told.getByText('Night shift mail').waitFor();
  await told.scrollIntoViewIfNeeded();
  await e.shot(page, 'notify-alarm-told');
});
