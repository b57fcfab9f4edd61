// Telemetry in real Chromium: a demo ice-cream robot's freezer chart on its page (24 hours raw, 7 days hourly),
// and a freezer breach under a locking rule seen live: its alarm in the bell and the robot locked on the
// dashboard's fleet panel, without a reload.
import { startE2E, type E2E } from '../support/browser';
import { DEMO_DEVICES, demoDeviceKey } from '../../server/db/seed';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const cone = DEMO_DEVICES.find((d) => d.type === 'icecream')!;
const headers = { 'X-Device-Id': cone.device_id, 'X-Device-Key': demoDeviceKey(cone.device_id) };
const beat = async (freezer_temp: number) => {
  const a = await e.server.call<{ commands: Array<{ id: string; command: string }> }>(
    'POST',
    '/device-gateway/heartbeat',
    { headers, body: { telemetry: { freezer_temp, cups_left: 300, waste_level: 20 } } },
  );
  expect(a.status).toBe(200);
  return a.body.data.commands;
};

it("shows a demo robot's freezer over 24 hours and 7 days on its page", async () => {
  for (const v of [-18.2, -17.9, -18.4, -17.6, -18.0]) await beat(v);
  const robot = await e.server.db
    .selectFrom('device')
    .select('_id')
    .where('device_id', '=', cone.device_id)
    .executeTakeFirstOrThrow();
  const { page } = await e.newPage({ lang: 'en' });
  await e.login(page, 'store-a1', { at: `/device/${robot._id}/show` });
  const chart = page.getByTestId('telemetry-chart-freezer_temp');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(5);
  await chart.getByText('Freezer temperature (°C)').waitFor();
  // drawn (attached), not "visible": five beats a few ms apart on a 24-hour axis make a line under a pixel wide,
  // which Playwright counts as hidden (an empty bounding box) — the points themselves are counted above
  await chart.locator('.recharts-line').first().waitFor({ state: 'attached' });
  await page.getByTestId('device-telemetry').scrollIntoViewIfNeeded();
  await e.shot(page, 'telemetry-robot-24h');
  await page.getByTestId('telemetry-range_7d').click();
  await expect.poll(() => chart.getAttribute('data-step')).toBe('hour');
  await e.shot(page, 'telemetry-robot-7d');
  const narrow = await e.newPage({ lang: 'zh', width: 390, height: 844 });
  await e.login(narrow.page, 'store-a1', { at: `/device/${robot._id}/show` });
  await narrow.page.getByTestId('telemetry-chart-freezer_temp').getByText('冷冻温度 (°C)').waitFor();
  await narrow.page.getByTestId('device-telemetry').scrollIntoViewIfNeeded();
  await e.shot(narrow.page, 'telemetry-robot-390-zh');
});

it('a freezer breach under a locking rule: its alarm in the bell, the robot locked on the fleet panel, live', async () => {
  const admin = await e.server.login('admin');
  const robot = await e.server.db
    .selectFrom('device')
    .select('_id')
    .where('device_id', '=', cone.device_id)
    .executeTakeFirstOrThrow();
  const made = await e.server.call('POST', '/telemetry_rule/add', {
    token: admin,
    body: {
      name: 'Freezer above -12 °C',
      metric: 'freezer_temp',
      op: 'gt',
      threshold: -12,
      for_minutes: 0,
      level: 'error',
      lock: true,
      device: robot._id,
    },
  });
  expect(made.status).toBe(200);

  const { page } = await e.newPage({ lang: 'en' });
  await e.login(page, 'store-a1');
  const bell = page.getByTestId('alarm-badge');
  await expect.poll(() => bell.getAttribute('data-live')).toBe('on');
  const locked = page.getByTestId('fleet-locked');
  await expect.poll(async () => (await locked.textContent())?.trim()).toMatch(/^\d+$/);
  const alarmsBefore = Number(await bell.getAttribute('data-count'));
  const lockedBefore = Number(await locked.textContent());

  // the freezer warms: the rule (in force once this process has read it) opens its alarm and queues the lock
  const handed: Array<{ id: string; command: string }> = [];
  await expect
    .poll(
      async () => {
        handed.push(...(await beat(-6)));
        return handed.some((c) => c.command === 'lock');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect
    .poll(async () => Number(await bell.getAttribute('data-count')), { timeout: 15_000 })
    .toBe(alarmsBefore + 1);

  // the robot obeys the lock: the panel counts it locked without a reload
  const lock = handed.find((c) => c.command === 'lock')!;
  expect(
    (await e.server.call('POST', '/device-gateway/command/ack', { headers, body: { id: lock.id, status: 'ok' } }))
      .status,
  ).toBe(200);
  await expect.poll(async () => Number(await locked.textContent()), { timeout: 15_000 }).toBe(lockedBefore + 1);
  await e.shot(page, 'telemetry-fleet-locked');

  // the bell opens the alarm titled by the rule
  await bell.click();
  await page.waitForURL(/\/alarm\?/);
  await page.getByRole('row').filter({ hasText: 'Freezer above -12 °C' }).first().waitFor();
  await e.shot(page, 'telemetry-alarm-list');

  // the fleet panel's locked figure opens the robots so filtered
  await page.goto(`${e.server.url}/`);
  await page.getByTestId('fleet-locked').getByRole('link').click();
  await page.waitForURL(/\/device\?/);
  await page.getByRole('row').filter({ hasText: cone.name }).first().waitFor();
  const narrow = await e.newPage({ lang: 'en', width: 390, height: 844 });
  await e.login(narrow.page, 'store-a1');
  await narrow.page.getByTestId('fleet-locked').waitFor();
  await e.shot(narrow.page, 'telemetry-fleet-390');
});
