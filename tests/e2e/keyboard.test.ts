// An operator's flows with the keyboard alone (docs/accessibility.md, "Keyboard"): Tab, Enter, arrows and typing,
// never the mouse. Each stop shows a focus ring, and a dialog takes the focus when it opens and gives it back to
// what opened it when it closes.
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { DEMO_PASSWORD } from '../../server/db/seed';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const focused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** What holds the focus when no part of it can be seen: clipped to nothing by an ancestor that hides its overflow
 * (a collapsed toolbar), or hidden (WCAG 2.4.7, 2.4.11); undefined when it shows or the page itself has it. */
const unseenStop = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return undefined;
    const r = el.getBoundingClientRect();
    let [top, bottom, left, right] = [r.top, r.bottom, r.left, r.right];
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      const q = p.getBoundingClientRect();
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, q.top), Math.min(bottom, q.bottom)];
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, q.left), Math.min(right, q.right)];
    }
    const seen = bottom - top >= 1 && right - left >= 1 && getComputedStyle(el).visibility !== 'hidden';
    return seen
      ? undefined
      : `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" (${String(el.className).slice(0, 80)})`;
  });

/** Tab (forward) until `target` holds the focus, as a keyboard user does; fails after `most` presses, or on a stop
 * the user cannot see. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let i = 0; i < most; i++) {
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
    expect(await unseenStop(page)).toBeUndefined();
  }
  throw new Error(`not reached with ${most} Tabs`);
}

/** The focused element draws a ring: an outline wide enough to see (WCAG 2.4.7). */
const ringOf = (page: Page) =>
  page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  });

it('signs in, finds the robots with the menu search, opens a robot and sends it a command, by keyboard', async () => {
  // one of the store's robots (the seed's), as the list shows it
  const robot = await e.server.db
    .selectFrom('device')
    .select(['_id', 'name'])
    .where('dealer', '=', 'store_a1')
    .orderBy('_id')
    .executeTakeFirstOrThrow();
  const { page, context } = await e.newPage({ lang: 'en' });

  // sign in: the name field has the focus on arrival; Tab to the password; Enter signs in
  await page.goto(`${e.server.url}/login`);
  await tabTo(page, page.locator('input[name="username"]'));
  await page.keyboard.type('store-a1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard$/);

  // the menu search opens on Ctrl+K with the focus in it; Enter opens the first match
  await page.locator('.RaMenuItemLink-root').first().waitFor();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search pages' });
  await expect.poll(() => focused(search)).toBe(true);
  await page.keyboard.type('Robots');
  await page
    .getByRole('option', { name: /Robots/ })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/device$/);

  // a robot's row is a Tab stop with a ring; Enter opens its page
  const row = page.locator('tbody tr').filter({ hasText: robot.name });
  await row.waitFor();
  await tabTo(page, row, 120);
  expect(await ringOf(page)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${e.server.url}/device/${encodeURIComponent(robot._id)}/show`);

  // send a command: the dialog takes the focus, the command is chosen with the arrows, and closing the dialog
  // gives the focus back to the button that opened it
  const send = page.getByTestId('device-commands').getByTestId('send-command');
  await send.waitFor();
  await tabTo(page, send, 150);
  expect(await ringOf(page)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  // MUI's focus trap puts the focus on the dialog's container (its modal), or a field of the dialog's own
  await expect
    .poll(() => dialog.evaluate((d) => d.closest('.MuiModal-root')!.contains(document.activeElement)))
    .toBe(true);
  const command = dialog.getByRole('combobox', { name: /Command/ });
  await tabTo(page, command, 10);
  await page.keyboard.press('ArrowDown');
  const option = page.getByRole('option', { name: 'Lock (out of service)' });
  await option.waitFor();
  for (let i = 0; i < 20 && !(await option.evaluate((o) => o.classList.contains('Mui-focusVisible'))); i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await option.waitFor({ state: 'detached' });
  await tabTo(page, dialog.locator('input[name="params.reason"]'), 10);
  await page.keyboard.type('Freezer at 9 °C');
  await tabTo(page, dialog.getByTestId('send-command-submit'), 10);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => focused(send)).toBe(true);
  await page.getByTestId('robot-command').filter({ hasText: 'Lock (out of service)' }).first().waitFor();
  await context.close();
});

it('filters the orders by pickup code, exports them, opens one and requests its refund, by keyboard', async () => {
  // a paid order of the store, not refunded yet (the seed's)
  const order = await e.server.db
    .selectFrom('orders')
    .select(['_id', 'pickup_code', 'products'])
    .where('dealer', '=', 'store_a1')
    .where('pay_status', '=', 'PAID')
    .where('refund_status', 'is', null)
    .where('pickup_code', 'is not', null)
    .orderBy('_id')
    .executeTakeFirstOrThrow();
  const page = await e.pooledPage({ lang: 'en' });
  // the list asks for the columns it shows (`fields`), not the whole orders
  const asked: string[][] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/order/list')) asked.push((r.postDataJSON() as { fields?: string[] }).fields ?? []);
  });
  await e.login(page, 'store-a1', { at: '/order' });

  // the pickup code filter is a field of the list's toolbar: Tab to it and type
  const code = page.locator('input[name="pickup_code"]');
  await tabTo(page, code, 60);
  await page.keyboard.type(String(order.pickup_code));
  await page.waitForFunction(() => document.querySelectorAll('#main-content tbody tr').length === 1);

  // export what the filter shows: Enter on the CSV button downloads it
  await tabTo(page, page.getByTestId('export-csv'), 40);
  expect(await ringOf(page)).toBe(true);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);

  // the one row: Tab, Enter opens the order
  await tabTo(page, page.locator('#main-content tbody tr').first(), 40);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${e.server.url}/order/${encodeURIComponent(order._id)}/show`);
  expect(asked.length).toBeGreaterThan(0);
  for (const fields of asked) expect(fields).toEqual(expect.arrayContaining(['pickup_code', 'amount']));
  expect(asked.flat()).not.toContain('products');
  // its page is the whole record, not the list's row: its items are there
  const item = (order.products as { name: string }[])[0].name;
  await page.getByTestId('order-items').getByText(item, { exact: false }).first().waitFor();

  // request its refund: the dialog's reason, then its button
  const refund = page.getByRole('button', { name: 'Refund' });
  await refund.waitFor();
  await tabTo(page, refund, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.locator('textarea[name="reason"]'), 10);
  await page.keyboard.type('Cone melted before pickup');
  await tabTo(page, dialog.getByRole('button', { name: 'Request refund' }), 10);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('order-refund').getByText('Requested', { exact: true }).waitFor();
  // a requested refund takes its button away: the focus goes to the page's main part, not to nowhere
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
});

it('acknowledges an active alarm from the list with a comment, by keyboard', async () => {
  // a robot of the store faults (its arm, code 22), through the gateway as a robot reports it
  const admin = await e.server.login('admin');
  const added = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'KBD-E2E-01',
      name: 'Keyboard bot',
      sn: 'SN-KBD-1',
      type: 'coffee',
      category: 'drinks',
      dealer: 'store_a1',
    },
  });
  const headers = { 'X-Device-Id': 'KBD-E2E-01', 'X-Device-Key': added.body.data.device_key };
  expect((await e.server.call('POST', '/device-gateway/notify', { headers, body: { code: 22 } })).status).toBe(200);

  const page = await e.pooledPage({ lang: 'en' });
  await e.login(page, 'store-a1', { at: '/alarm' });
  const row = page.locator('#main-content tbody tr').filter({ hasText: 'Keyboard bot' });
  const acknowledge = row.getByRole('button', { name: 'Acknowledge' });
  await acknowledge.waitFor();
  await tabTo(page, acknowledge, 150);
  expect(await ringOf(page)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.locator('textarea[name="comment"]'), 10);
  await page.keyboard.type('Technician on the way');
  await tabTo(page, dialog.getByRole('button', { name: 'Acknowledge' }), 10);
  await page.keyboard.press('Enter');
  await page.getByText('Acknowledge: done').waitFor();
  await expect
    .poll(() =>
      e.server.db
        .selectFrom('alarm')
        .select(['state', 'ack_comment'])
        .where('device', '=', added.body.data._id)
        .executeTakeFirst(),
    )
    .toEqual({ state: 'acknowledged', ack_comment: 'Technician on the way' });
});
