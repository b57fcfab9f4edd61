// Campaigns in real Chromium (docs/campaigns.md): a firmware image uploaded from its form; a campaign on a robot-list
// filter started from its page, its funnel moving live as the scheduler queues and the robots (driven over HTTP by
// the test) acknowledge, paused and resumed; a second campaign whose robots fail aborts by itself, live. The
// scheduler is ticked by the test (its clock is a parameter), never by waiting.
import { createHash } from 'node:crypto';
import { startE2E, type E2E } from '../support/browser';
import { campaignTick } from '../../server/features/campaigns';

process.env.CAMPAIGN_TICK_SECONDS = '0';

let e: E2E;
let admin: string;
let n = 0;
beforeAll(async () => {
  e = await startE2E();
  admin = await e.server.login('admin');
});
afterAll(() => e?.close());

async function robot(version: string) {
  const device_id = `CMP-E2E-${String(++n).padStart(2, '0')}`;
  const r = await e.server.call('POST', '/device/add', {
    token: admin,
    body: { device_id, name: `Camp ${n}`, sn: `SN-PE${n}`, type: 'coffee', category: 'test', dealer: 'store_a1' },
  });
  const headers = { 'X-Device-Id': device_id, 'X-Device-Key': r.body.data.device_key as string };
  const beat = async () =>
    (await e.server.call('POST', '/device-gateway/heartbeat', { headers, body: { firmware_version: version } })).body
      .data.commands as Array<{ id: string }>;
  await beat();
  return {
    obey: async (status: 'ok' | 'failed') => {
      for (const c of await beat())
        await e.server.call('POST', '/device-gateway/command/ack', { headers, body: { id: c.id, status } });
    },
  };
}

async function campaign(version: string, extra: object = {}) {
  const r = await e.server.call('POST', '/campaign/add', {
    token: admin,
    body: {
      name: `Clean ${version}`,
      command: 'clean',
      target: { filter: { type: 'coffee', firmware_version: version } },
      rate_per_minute: 100,
      abort: { failed_percent: 50, min_outcomes: 2 },
      integrator: 'brand_a',
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}

it('uploads a firmware image from its form: the checksum is the server’s', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'admin', { at: '/firmware/create' });
  const image = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
  await page.getByTestId('firmware-file').locator('input[type=file]').setInputFiles({
    name: 'coffee-3.0.0.bin',
    mimeType: 'application/octet-stream',
    buffer: image,
  });
  const sha256 = createHash('sha256').update(image).digest('hex');
  await page.getByText(`SHA-256 ${sha256}`).waitFor();
  await page.getByRole('combobox', { name: /Robot type/ }).click();
  await page.getByRole('option', { name: 'Coffee', exact: true }).click();
  await page.locator('input[name="firmware_version"]').fill('3.0.0');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(sha256).first().waitFor({ timeout: 15_000 });
  await e.shot(page, 'campaigns-firmware');
  // the create form: the target as a filter counts the robots it reaches as it is typed
  await e.go(page, '/campaign/create');
  await page.getByTestId('campaign-target').locator('input[name="target.filter.firmware_version"]').fill('no-such');
  await page.getByTestId('campaign-target-count').getByText('0 robots').waitFor({ timeout: 15_000 });
  await e.shot(page, 'campaigns-create');
  // from the robot list: "Start a campaign" opens the form with the list's filter as the target
  await e.go(page, `/device?filter=${encodeURIComponent(JSON.stringify({ type: 'coffee' }))}`);
  await page.getByTestId('start-campaign').click();
  await page.getByTestId('campaign-target').getByText('Coffee', { exact: true }).waitFor({ timeout: 15_000 });
  await page
    .getByTestId('campaign-target-count')
    .getByText(/^\d+ robots?$/)
    .waitFor({ timeout: 15_000 });
});

it('starts a campaign on a filter, watches its funnel move live, pauses and resumes; another aborts by itself', async () => {
  const robots = [await robot('1.0.0-e2e'), await robot('1.0.0-e2e'), await robot('1.0.0-e2e')];
  const id = await campaign('1.0.0-e2e');
  const page = await e.pooledPage();
  await e.login(page, 'admin', { at: `/campaign/${id}/show` });
  await expect.poll(() => page.getByTestId('alarm-badge').getAttribute('data-live')).toBe('on');
  await page.getByRole('button', { name: 'Start' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm/i })
    .click();
  const count = (k: string) => page.getByTestId(`campaign-count-${k}`);
  await count('targeted').getByText('3').waitFor({ timeout: 15_000 });
  await count('waiting').getByText('3').waitFor();

  await campaignTick(e.server.db);
  await count('queued').getByText('3').waitFor({ timeout: 15_000 });
  await robots[0].obey('ok');
  await count('acknowledged').getByText('1').waitFor({ timeout: 15_000 });
  // the outcomes chart moves with it: its figures (the table beside the chart) hold the acknowledgement's minute
  await page.getByTestId('campaign-outcomes').waitFor({ timeout: 15_000 });
  await page
    .getByTestId('campaign-outcomes-table')
    .locator('tbody tr td')
    .first()
    .filter({ hasText: '1' })
    .waitFor({ state: 'attached', timeout: 15_000 });
  await e.shot(page, 'campaigns-funnel');

  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('Paused').first().waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByText('Running').first().waitFor({ timeout: 15_000 });
  for (const r of robots.slice(1)) await r.obey('ok');
  await campaignTick(e.server.db);
  await page.getByText('Completed').first().waitFor({ timeout: 15_000 });

  // half of the robots fail: the campaign stops itself, and the page says why
  const failing = [
    await robot('1.0.1-e2e'),
    await robot('1.0.1-e2e'),
    await robot('1.0.1-e2e'),
    await robot('1.0.1-e2e'),
  ];
  const bad = await campaign('1.0.1-e2e', { rate_per_minute: 2 });
  expect((await e.server.call('POST', '/campaign/start', { token: admin, body: { _id: bad } })).status).toBe(200);
  await e.go(page, `/campaign/${bad}/show`);
  await count('targeted').getByText('4').waitFor({ timeout: 15_000 });
  await campaignTick(e.server.db);
  for (const r of failing) await r.obey('failed');
  await campaignTick(e.server.db);
  await page.getByText('Aborted').first().waitFor({ timeout: 15_000 });
  await page
    .getByTestId('campaign-abort-reason')
    .getByText(/failed_percent: 2\/2/)
    .waitFor();
  await count('waiting').getByText('2').waitFor();
  await e.shot(page, 'campaigns-aborted');
});
