// Commands in real Chromium (docs/commands.md): a store manager sends a lock from a robot's page with the form the
// catalogue generates, and watches it go queued → sent → acknowledged without a reload while the robot (driven
// over HTTP by the test) beats and acknowledges; the page then shows the robot locked, by whom and why. Then a
// bulk send from the robot list, with its report naming the refused robot.
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

it('sends a lock from the robot page and watches it queued → sent → acknowledged live; the robot shows locked', async () => {
  const admin = await e.server.login('admin');
  const added = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'CMD-E2E-01',
      name: 'Cmd bot',
      sn: 'SN-CE2E-1',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  const robot = added.body.data;
  const headers = { 'X-Device-Id': 'CMD-E2E-01', 'X-Device-Key': robot.device_key };

  const { page, context } = await e.newPage({ lang: 'en' });
  await e.login(page, 'store-a1', { at: `/device/${robot._id}/show` });
  await expect.poll(() => page.getByTestId('alarm-badge').getAttribute('data-live')).toBe('on');
  const card = page.getByTestId('device-commands');
  await card.getByText('No commands yet').waitFor();

  // the form offers the catalogue, and lock's declared reason (required, checked before anything is sent)
  await card.getByTestId('send-command').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Command/ }).click();
  await page.getByRole('option', { name: 'Lock (out of service)' }).click();
  await dialog.getByTestId('send-command-submit').click();
  await dialog
    .getByText(/Reason/)
    .first()
    .waitFor();
  expect(await e.server.db.selectFrom('command').select('_id').where('device', '=', robot._id).execute()).toEqual([]);
  await dialog.locator('input[name="params.reason"]').fill('Freezer at 9 °C');
  await e.shot(page, 'commands-send-dialog');
  await dialog.getByTestId('send-command-submit').click();
  await dialog.waitFor({ state: 'hidden' });

  const row = card.getByTestId('robot-command').filter({ hasText: 'Lock (out of service)' });
  await row.and(page.locator('[data-state="queued"]')).waitFor();
  // the robot beats: the command rides on the answer, and the page sees it sent
  const beat = await e.server.call('POST', '/device-gateway/heartbeat', { headers, body: {} });
  const [handed] = beat.body.data.commands;
  expect(handed).toMatchObject({ command: 'lock', params: { reason: 'Freezer at 9 °C' } });
  await row.and(page.locator('[data-state="sent"]')).waitFor({ timeout: 15_000 });
  // it obeys and acknowledges: acknowledged, and the robot is shown locked with who and why
  expect(
    (await e.server.call('POST', '/device-gateway/command/ack', { headers, body: { id: handed.id, status: 'ok' } }))
      .status,
  ).toBe(200);
  await row.and(page.locator('[data-state="acknowledged"]')).waitFor({ timeout: 15_000 });
  await page.getByTestId('device-locked').getByText('Locked by store-a1: Freezer at 9 °C').waitFor({ timeout: 15_000 });
  await e.shot(page, 'commands-robot-acknowledged');

  // a command still queued can be cancelled from the card
  await card.getByTestId('send-command').click();
  await dialog.getByRole('combobox', { name: /Command/ }).click();
  await page.getByRole('option', { name: 'Clean' }).click();
  await dialog.getByTestId('send-command-submit').click();
  const clean = card.getByTestId('robot-command').filter({ hasText: 'Clean' });
  await clean.and(page.locator('[data-state="queued"]')).waitFor();
  await clean.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm/i })
    .click();
  await clean.and(page.locator('[data-state="cancelled"]')).waitFor({ timeout: 15_000 });
  await context.close();

  // on a phone: the card and its rows fit the screen
  const narrow = await e.newPage({ lang: 'en', width: 390, height: 844 });
  await e.login(narrow.page, 'store-a1', { at: `/device/${robot._id}/show` });
  await narrow.page.getByTestId('device-commands').getByTestId('robot-command').first().scrollIntoViewIfNeeded();
  await e.shot(narrow.page, 'commands-robot-390');
  await narrow.context.close();
});

it('sends one command to the robots selected in the list, and reports each robot', async () => {
  const admin = await e.server.login('admin');
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const r = await e.server.call('POST', '/device/add', {
      token: admin,
      body: {
        device_id: `CMD-BULK-0${n}`,
        name: `Bulk cmd ${n}`,
        sn: `SN-CB-${n}`,
        type: 'coffee',
        category: 'drinks',
        dealer: 'store_a1',
      },
    });
    ids.push(r.body.data._id);
  }
  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'store-a1', { at: `/device?filter=${encodeURIComponent(JSON.stringify({ q: 'Bulk cmd' }))}` });
  await page.getByRole('row').filter({ hasText: 'Bulk cmd 2' }).waitFor();
  await page.getByRole('checkbox', { name: /select all/i }).check();
  await page.getByTestId('bulk-send-command').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Command/ }).click();
  await page.getByRole('option', { name: 'Set business state' }).click();
  await dialog.getByRole('combobox', { name: /Business state/ }).click();
  await page.getByRole('option', { name: 'Paused' }).click();
  await dialog.getByTestId('send-command-submit').click();
  await page.getByTestId('bulk-report').getByText('2 done, 0 refused').waitFor();
  await e.shot(page, 'commands-bulk-report');
  const rows = await e.server.db
    .selectFrom('command')
    .select(['device', 'command', 'params', 'state', 'created_by'])
    .where('device', 'in', ids)
    .execute();
  expect(rows.map((r) => [r.command, r.params, r.state, r.created_by])).toEqual([
    ['set_business_state', { state: 'pause' }, 'queued', 'store-a1'],
    ['set_business_state', { state: 'pause' }, 'queued', 'store-a1'],
  ]);
});
