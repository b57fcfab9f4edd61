// From a robot's sale to the money, in real Chromium: a store finds the order by its pickup code and requests
// a refund, the brand approves it on the approval page, the dashboard's refund figures change, and the order
// list exports to an Excel file that the test opens.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
const PICKUP = `E2E${String(Date.now()).slice(-5)}`;
const PRICE = 1250; // cents
let orderId: string;
let unpaidId: string;

beforeAll(async () => {
  e = await startE2E();
  const admin = await e.server.login('admin');
  const robot = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'E2E-ORDER-01',
      name: 'E2E cone bot',
      sn: 'SN-E2E-ORDER-01',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  expect(robot.status, JSON.stringify(robot.body)).toBe(200);
  const product = await e.server.call('POST', '/product/add', {
    token: admin,
    body: {
      code: 'E2ECONE',
      name: 'E2E cone',
      price: PRICE,
      type: 'icecream',
      number: 1,
      dealer: 'store_a1',
      stock: 10,
      properties: [],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  const sale = await e.server.call('POST', '/device-gateway/order', {
    headers: { 'X-Device-Id': 'E2E-ORDER-01', 'X-Device-Key': robot.body.data.device_key },
    body: {
      channel: 'MINIPROGRAM',
      pickup_code: PICKUP,
      items: [{ product: product.body.data._id, quantity: 1 }],
      pay: { pay_type: 'WECHAT', transaction_id: 'E2E-T1', amount: PRICE, bank_type: 'CMB' },
    },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  orderId = sale.body.data._id;
  // the robot starts and finishes making it
  for (const work_status of ['START', 'DONE']) {
    const step = await e.server.call('POST', '/device-gateway/order/progress', {
      headers: { 'X-Device-Id': 'E2E-ORDER-01', 'X-Device-Key': robot.body.data.device_key },
      body: { order: orderId, work_status },
    });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
  }
  // a sale the customer has not paid yet (the robot never reported the payment)
  const unpaid = await e.server.call('POST', '/device-gateway/order', {
    headers: { 'X-Device-Id': 'E2E-ORDER-01', 'X-Device-Key': robot.body.data.device_key },
    body: { channel: 'APP', pickup_code: `${PICKUP}U`, items: [{ product: product.body.data._id, quantity: 2 }] },
  });
  expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
  unpaidId = unpaid.body.data._id;
});
afterAll(() => e?.close());

/** An amount of cents as the English console writes it ("1,234.50"). */
const yuanEn = (cents: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
/** A figure's text read back as a number (the English console groups thousands with commas). */
const numberOf = (text: string) => Number(text.replace(/,/g, ''));

/** A dashboard figure once it has loaded ('…' while loading). */
async function figure(page: Page, key: string): Promise<string> {
  const el = page.getByTestId(`figure-${key}`);
  await el.filter({ hasNotText: '…' }).waitFor();
  return (await el.textContent())!.trim();
}

/** A message key shown as is (vf.…, resources.…, ra.…) means a missing translation. */
async function noRawKeys(page: Page) {
  expect(await page.locator('body').innerText()).not.toMatch(/\b(vf|resources|ra)\.[a-z_]+\.[a-z_]/);
}

/** On the order list (opened inside the console already loaded), the one order with the pickup code. */
async function findByPickupCode(page: Page) {
  await e.go(page, '/order');
  await page.locator('input[name="pickup_code"]').fill(PICKUP);
  // the list narrows to the one order once the filter applies
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  await page.locator('tbody tr').filter({ hasText: PICKUP }).waitFor();
}

it('finds an order by pickup code, refunds it through the approval page, and the dashboard follows', async () => {
  // the brand's figures for today before the refund
  const brand = await e.newPage();
  await e.login(brand.page, 'brand-a');
  await brand.page.waitForURL(/\/dashboard$/);
  const refundOrdersBefore = numberOf(await figure(brand.page, 'refund_orders'));
  const refundFeeBefore = numberOf(await figure(brand.page, 'refund_fee'));

  // the store finds the sale by its pickup code and requests a refund (request only: it may not approve)
  const store = await e.newPage();
  await e.login(store.page, 'store-a1', { at: '/order' });
  await findByPickupCode(store.page);
  await e.shot(store.page, 'orders-list-pickup-code');
  await store.page.locator('tbody tr').filter({ hasText: PICKUP }).click();
  await store.page.waitForURL(new RegExp(`/order/${orderId}/show$`));
  await store.page.getByTestId('order-items').getByText('E2E cone').waitFor();
  await store.page.getByTestId('order-basics').getByText('Demo Brand A').waitFor();
  await store.page.getByTestId('order-share').getByText('Success').waitFor();
  await store.page.getByTestId('order-flow').getByText('Item 1: Making').waitFor();
  await store.page.getByTestId('order-flow').getByText('Item 1: Made').waitFor();
  await store.page.getByRole('button', { name: 'Refund' }).click();
  const dialog = store.page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Refund now (request and approve)' }).count()).resolves.toBe(0);
  // the reason is required: nothing is sent without it
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await dialog.getByText('Reason is required').waitFor();
  await dialog.locator('textarea[name="reason"]').fill('Cone melted before pickup');
  await e.shot(store.page, 'orders-refund-dialog');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await store.page.getByTestId('order-refund').getByText('Requested', { exact: true }).waitFor();
  await store.page.getByTestId('order-refund').getByText('Cone melted before pickup').waitFor();
  await e.shot(store.page, 'orders-order-page');

  // the brand approves it on the refund approval page
  await e.go(brand.page, '/refund-approval');
  const row = brand.page.locator('tbody tr').filter({ hasText: PICKUP });
  await row.waitFor();
  await e.shot(brand.page, 'orders-approval-page');
  await row.getByRole('button', { name: 'Approve' }).click();
  await brand.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await row.waitFor({ state: 'detached' });

  // the order page shows the money back, and the dashboard counts it
  await store.page.reload();
  await store.page.getByTestId('order-refund').getByText('Refunded', { exact: true }).waitFor();
  await brand.page.goto(`${e.server.url}/dashboard`);
  await expect(figure(brand.page, 'refund_orders')).resolves.toBe((refundOrdersBefore + 1).toLocaleString('en'));
  await expect(figure(brand.page, 'refund_fee')).resolves.toBe(yuanEn(Math.round(refundFeeBefore * 100) + PRICE));
  await brand.page.getByTestId('chart-sales').locator('svg').first().waitFor();
  await e.shot(brand.page, 'orders-dashboard');
  // narrowed to the other store of the brand, today's refund is not there
  const feeAll = await figure(brand.page, 'refund_fee');
  await brand.page.getByTestId('dashboard-store').click();
  await brand.page.getByRole('option', { name: 'Store A2' }).click();
  await brand.page.getByTestId('figure-refund_fee').filter({ hasNotText: feeAll }).waitFor();
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const a2 = await e.server.db
    .selectFrom('orders')
    .select(['amount', 'refund_amount', 'refund_status', 'pay_status'])
    .where('dealer', '=', 'store_a2')
    .where('create_time', '>=', midnight)
    .execute();
  const a2Fee = a2.filter((o) => o.pay_status === 'PAID' || o.pay_status === 'FREE').reduce((t, o) => t + o.amount, 0);
  const a2Refund = a2.filter((o) => o.refund_status === 'SUCCESS').reduce((t, o) => t + o.refund_amount, 0);
  await expect(figure(brand.page, 'refund_fee')).resolves.toBe(yuanEn(a2Refund));
  await expect(figure(brand.page, 'fee')).resolves.toBe(yuanEn(a2Fee));

  // the order list, filtered by the pickup code, exports to excel-list.xlsx with just that order
  await findByPickupCode(brand.page);
  const [download] = await Promise.all([
    brand.page.waitForEvent('download'),
    brand.page.getByTestId('export-xlsx').click(),
  ]);
  expect(download.suggestedFilename()).toBe('excel-list.xlsx');
  const file = path.join(fs.mkdtempSync('/tmp/vf-export-'), 'excel-list.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  const cell = (name: string) => values[header.indexOf(name)];
  expect(cell('Order id')).toBe(orderId);
  expect(cell('Pickup code')).toBe(PICKUP);
  expect(cell('Amount')).toBe(PRICE / 100);
  expect(cell('Refund')).toBe('Refunded');
  expect(cell('Channel')).toBe('Mini program');

  await brand.context.close();
  await store.context.close();
});

it('changes the pay status by hand only with a reason, and shows the change and the new profit share', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'brand-a', { at: `/order/${unpaidId}/show` });
  await page.getByTestId('order-share').getByText('No profit share (the order is not paid)').waitFor();
  await page.getByRole('button', { name: 'Change pay status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  // the open menu hides the dialog from the accessibility tree: pick once it is open, go on once it is gone
  await page.getByRole('listbox').waitFor();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  // no reason: refused in the form, nothing changes
  await dialog.getByRole('button', { name: 'Change pay status' }).click();
  await dialog.getByText('Reason is required').waitFor();
  await dialog.locator('textarea[name="reason"]').fill('Paid in cash at the counter');
  await e.shot(page, 'orders-pay-status-dialog');
  await dialog.getByRole('button', { name: 'Change pay status' }).click();
  await page.getByTestId('order-pay').getByText('Paid in cash at the counter', { exact: false }).waitFor();
  await page.getByTestId('order-basics').getByText('Paid', { exact: true }).waitFor();
  await page.getByTestId('order-share').getByText('Success').waitFor();
  const row = await e.server.db
    .selectFrom('orders')
    .select(['pay_status', 'pay_history'])
    .where('_id', '=', unpaidId)
    .executeTakeFirstOrThrow();
  expect(row.pay_status).toBe('PAID');
  expect(JSON.stringify(row.pay_history)).toContain('Paid in cash at the counter');
  await e.shot(page, 'orders-pay-status-changed');
});

it('shows the order page, the approval page and the dashboard in Chinese, with no raw keys', async () => {
  const page = await e.pooledPage({ lang: 'zh' });
  await e.login(page, 'brand-a');
  await page.getByText('实收金额').or(page.getByText('退款金额')).first().waitFor();
  await page.getByTestId('chart-top').locator('svg').first().waitFor();
  await e.shot(page, 'orders-dashboard-zh');
  await noRawKeys(page);
  await e.go(page, `/order/${orderId}/show`);
  await page.getByTestId('order-flow').getByText('制作流程').waitFor();
  await e.shot(page, 'orders-order-page-zh');
  await noRawKeys(page);
  await page.goto(`${e.server.url}/refund-approval`);
  await page.locator('tbody tr').first().waitFor();
  await e.shot(page, 'orders-approval-zh');
  await noRawKeys(page);
  // the robot's making step in the operation log: its action and every field in words, not `progress`, `items`
  const step = await e.server.db
    .selectFrom('log')
    .select('_id')
    .where('action', '=', 'progress')
    .where('record', '=', orderId)
    .executeTakeFirstOrThrow();
  await page.goto(`${e.server.url}/log/${step._id}/show`);
  await page.getByTestId('log-changes').getByText('制作项', { exact: true }).waitFor();
  await page.getByText('制作进度', { exact: true }).first().waitFor();
  await e.shot(page, 'orders-robot-log-zh');
  await noRawKeys(page);
  const cells = await page
    .locator('main')
    .getByText(/^(progress|items|CREATED|WAIT|START)$/)
    .allInnerTexts();
  expect(cells).toEqual([]);
});

it('lists the forwarded orders in their own tab and exports exactly them to CSV', async () => {
  const forwarded = await e.server.db
    .selectFrom('orders')
    .select('_id')
    .where('integrator', '=', 'brand_a')
    .where('forward', '=', true)
    .execute();
  expect(forwarded.length).toBeGreaterThan(0);
  const page = await e.pooledPage();
  await e.login(page, 'brand-a', { at: `/order` });
  await page.getByRole('tab', { name: 'Forwarded orders' }).click();
  await page.getByText(new RegExp(`of ${forwarded.length}$`)).waitFor();
  await page.getByRole('columnheader', { name: 'Forwarded from' }).waitFor();
  await e.shot(page, 'orders-forwarded');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe('excel-list.csv');
  const file = path.join(fs.mkdtempSync('/tmp/vf-export-'), 'excel-list.csv');
  await download.saveAs(file);
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0].split(',')[0]).toBe('Order id');
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual(forwarded.map((o) => o._id).sort());
});
