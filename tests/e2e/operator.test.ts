// The fleet operator's day in real Chromium: bulk actions over selected rows with one confirmation and a
// per-row report; a saved filter that follows the user into another browser; the restock list, its pick list
// and a bulk restock; a brand's webhook endpoint.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';

/** Waits until the open dialogs have finished fading in or out, so a screenshot shows what a user sees. */
const dialogsSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((d) => getComputedStyle(d).opacity === '1'),
  );

let e: E2E;
let admin: string;
beforeAll(async () => {
  e = await startE2E();
  admin = await e.server.login('admin');
});
afterAll(() => e?.close());

async function product(name: string, code: string) {
  const r = await e.server.call('POST', '/product/add', {
    token: admin,
    body: { code, name, price: 800, type: 'icecream', number: 1, dealer: 'store_a1' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data._id as string;
}

it('freezes selected products in one go, confirmed once, and reports what was refused and why', async () => {
  const ids = [
    await product('Bulk Alpha', 'BULK-A'),
    await product('Bulk Beta', 'BULK-B'),
    await product('Bulk Gamma', 'BULK-C'),
  ];
  await e.server.call('POST', '/product/freeze', { token: admin, body: { _id: ids[1] } });
  const { page } = await e.newPage();
  await e.login(page, 'brand-a', { at: `/product?filter=${encodeURIComponent(JSON.stringify({ q: 'Bulk ' }))}` });
  await page.getByText('Bulk Gamma').waitFor();
  await page.getByRole('checkbox', { name: /select all/i }).check();
  await page.getByTestId('bulk-freeze').click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('Unlist: 3 selected').waitFor();
  await dialogsSettled(page);
  await e.shot(page, 'operator-bulk-confirm');
  await confirm.getByRole('button', { name: /confirm/i }).click();
  await page.getByTestId('bulk-report').getByText('2 done, 1 refused').waitFor();
  await page
    .getByRole('dialog')
    .getByText(/^Bulk Beta: Not allowed while/)
    .waitFor();
  await dialogsSettled(page);
  await e.shot(page, 'operator-bulk-report');
  await page.getByRole('button', { name: 'Close' }).click();
  const rows = await e.server.db.selectFrom('product').select(['_id', 'freeze']).where('_id', 'in', ids).execute();
  expect(rows.every((r) => r.freeze)).toBe(true);
});

it("saves a filter as the list's default, and another browser opens the list with it", async () => {
  const first = await e.newPage();
  await e.login(first.page, 'brand-a', {
    at: `/order?filter=${encodeURIComponent(JSON.stringify({ status: 'CLOSE' }))}`,
  });
  await first.page.getByTestId('saved-queries').click();
  await first.page.getByTestId('saved-query-save').click();
  await first.page.locator('input[name="saved_query_name"]').fill('Completed orders');
  await first.page.getByLabel('Open this list with it').check();
  await dialogsSettled(first.page);
  await e.shot(first.page, 'operator-saved-filter-save');
  await first.page.getByTestId('saved-query-confirm').click();
  await first.page.getByText('Filter "Completed orders" saved').waitFor();
  await first.context.close();

  // a new browser context: no local storage, no cookies — the filter comes from the server
  const second = await e.newPage();
  await e.login(second.page, 'brand-a', { at: `/order` });
  await second.page.waitForURL((u) => JSON.parse(u.searchParams.get('filter') ?? '{}').status === 'CLOSE');
  await second.page.getByTestId('saved-queries').click();
  await second.page.getByTestId('saved-query').getByText('Completed orders').waitFor();
  await e.shot(second.page, 'operator-saved-filter-menu');
  await second.context.close();
});

it('lists what to restock, sold out first, downloads the pick list and restocks the lines together', async () => {
  const ids: string[] = [];
  for (const [name, code, stock, warn_stock] of [
    ['Restock Low', 'RST-LOW', 2, 10],
    ['Restock Out', 'RST-OUT', 0, 5],
    ['Restock Fine', 'RST-OK', 50, 5],
  ] as const) {
    const r = await e.server.call('POST', '/product/add', {
      token: admin,
      body: { code, name, price: 800, type: 'icecream', number: 1, dealer: 'store_a1', stock, warn_stock },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.push(r.body.data._id);
  }
  // a robot of the store reports the sold-out product: a stock alarm the bell counts
  const robot = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'E2E-RESTOCK-01',
      name: 'E2E restock bot',
      sn: 'SN-E2E-RST',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  expect(robot.status, JSON.stringify(robot.body)).toBe(200);
  const headers = { 'X-Device-Id': 'E2E-RESTOCK-01', 'X-Device-Key': robot.body.data.device_key };
  expect(
    (
      await e.server.call('POST', '/device-gateway/notify', {
        headers,
        body: { code: 200000, detail: { product: ids[1] } },
      })
    ).status,
  ).toBe(200);
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/restock?filter=${encodeURIComponent(JSON.stringify({ q: 'Restock ' }))}` });
  const bell = page.getByTestId('alarm-badge');
  await expect.poll(() => bell.getAttribute('data-live')).toBe('on');
  // the count has loaded once it holds the robot's alarm
  await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThan(0);
  const alarmsBefore = Number(await bell.getAttribute('data-count'));
  await page.getByText('Restock Low').waitFor();
  const names = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').match(/Restock (Out|Low|Fine)/)?.[0]));
  expect(names).toEqual(['Restock Out', 'Restock Low']);
  await e.shot(page, 'restock-list');

  // the pick list: the same lines, in the same order, in a file that opens
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toBe('excel-list.xlsx');
  const file = path.join(fs.mkdtempSync('/tmp/vf-restock-'), 'excel-list.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
  const picked = [2, 3].map(
    (n) => (book.worksheets[0].getRow(n).values as unknown[]).slice(1)[header.indexOf('Product')],
  );
  expect(picked).toEqual(['Restock Out', 'Restock Low']);

  // both lines filled to 20 in one go
  await page.getByRole('checkbox', { name: /select all/i }).check();
  await page.getByTestId('lines-apply').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Restock 2 products').waitFor();
  await dialog.getByRole('combobox', { name: /Apply to all lines · How/ }).click();
  await page.getByRole('option', { name: 'Fill to' }).click();
  await dialog.getByRole('spinbutton', { name: /Apply to all lines · Quantity/ }).fill('20');
  await dialogsSettled(page);
  await e.shot(page, 'restock-dialog');
  await dialog.getByTestId('lines-confirm').click();
  await page.getByText('2 products restocked').waitFor();
  await page.getByText('Restock Low').waitFor({ state: 'detached' });
  const rows = await e.server.db
    .selectFrom('product')
    .select(['code', 'stock'])
    .where('_id', 'in', ids)
    .orderBy('code')
    .execute();
  expect(rows).toEqual([
    { code: 'RST-LOW', stock: 20 },
    { code: 'RST-OK', stock: 50 },
    { code: 'RST-OUT', stock: 20 },
  ]);
  // the restock ended the robot's sold-out alarm: the bell counts one fewer, without a reload
  await expect
    .poll(async () => Number(await bell.getAttribute('data-count')), { timeout: 15_000 })
    .toBe(alarmsBefore - 1);
});

it('a brand registers a webhook, sees its secret once, sends a test event and sees the delivery in the log', async () => {
  // a receiver on this machine (allowed for tests by WEBHOOK_ALLOW_LOCAL)
  const got: Array<{ body: string; signature: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ body, signature: String(req.headers['vendfleet-signature']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  process.env.WEBHOOK_ALLOW_LOCAL = '1';
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vendfleet`;
    const page = await e.pooledPage();
    await e.login(page, 'brand-a', { at: `/webhook/create` });
    await page.locator('input[name="url"]').fill(url);
    await page.getByLabel('Events').click();
    await page.getByRole('option', { name: 'Alarm opened' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Signing secret for ${url}`).waitFor();
    const secret = await page.getByTestId('one-time-key').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialogsSettled(page);
    await e.shot(page, 'operator-webhook-secret');
    await dialog.getByRole('button', { name: 'I have saved the secret' }).click();
    // once only: the page opened again shows no secret
    await page.reload();
    await page.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await page.getByTestId('one-time-key').count()).toBe(0);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const row = page.getByTestId('related-webhook_delivery').locator('tbody tr', { hasText: 'Delivered' });
    await row.getByText('Test event').waitFor();
    await e.shot(page, 'operator-webhook-deliveries');
    // the receiver got it, signed with the secret the dialog showed
    expect(got).toHaveLength(1);
    const t = /t=(\d+)/.exec(got[0].signature)![1];
    expect(got[0].signature).toBe(
      `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${got[0].body}`).digest('hex')}`,
    );
  } finally {
    delete process.env.WEBHOOK_ALLOW_LOCAL;
    await new Promise((r) => receiver.close(r));
  }
});
