// Vouchers, fault reports and role preview as an operator meets them, in real Chromium: generate a batch,
// void a voucher through its confirmation, resolve a fault report, preview as a store role.
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';

let e: E2E;
let admin: string;
const PRODUCT = 'e2e_svc_cone';
let robot: string;
let robotKey: string;

beforeAll(async () => {
  e = await startE2E();
  admin = await e.server.login('admin');
  await e.server.db
    .insertInto('product')
    .values([
      {
        _id: PRODUCT,
        integrator: 'brand_a',
        dealer: 'store_a1',
        code: 'E2ECONE',
        name: 'E2E Vanilla Cone',
        price: 900,
        type: 'icecream',
        number: 0,
      },
      // the same name in another store: the picker must tell them apart
      {
        _id: `${PRODUCT}_a2`,
        integrator: 'brand_a',
        dealer: 'store_a2',
        code: 'E2ECONE',
        name: 'E2E Vanilla Cone',
        price: 950,
        type: 'icecream',
        number: 0,
      },
    ])
    .execute();
  const r = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'E2E-SVC-ROBOT',
      name: 'E2E Robot',
      sn: 'SN-E2E-SVC',
      type: 'icecream',
      category: 'dessert',
      dealer: 'store_a1',
    },
  });
  expect(r.status).toBe(200);
  robot = r.body.data._id;
  robotKey = r.body.data.device_key;
});
afterAll(() => e?.close());

const sidebarItems = (page: Page) => page.getByTestId('sidebar').getByRole('menuitem');

it('generates a batch of vouchers through the dialog, then voids one through its confirmation', async () => {
  const page = await e.pooledPage();
  // the voucher list is /marketing (docs/rules.md, Screens)
  await e.login(page, 'admin', { at: '/marketing' });
  await page.waitForURL(/\/lecode/);
  await page
    .getByText(/^DEMO-STORE/)
    .first()
    .waitFor(); // the demo batches
  await e.shot(page, 'service-voucher-list');
  await page.getByTestId('lecode-generate').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Number of vouchers').fill('5');
  await dialog.getByLabel('Product').fill('E2E Vanilla');
  // two products share the name: each option names its store
  await page.getByRole('option', { name: 'E2E Vanilla Cone · Store A2' }).waitFor();
  await expect(dialog.getByLabel('Product').inputValue()).resolves.toBe('E2E Vanilla'); // what was typed stays
  await e.shot(page, 'service-voucher-product-picker');
  await page.getByRole('option', { name: 'E2E Vanilla Cone · Store A1' }).click();
  await dialog.getByLabel('Details').fill('Opening week giveaway');
  // the server's rule that validity ends after it starts shows under the input, and nothing is made
  // the picker (in the console's language, English here: MM/DD/YYYY hh:mm AM) is typed section by section
  const validTo = dialog.getByRole('group', { name: /Valid until/ });
  const typeValidTo = async (year: number) => {
    await validTo.getByRole('spinbutton').first().click();
    await page.keyboard.type(`0101${year}1000A`);
  };
  await typeValidTo(2020);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await dialog.getByText('Valid until must be later than the start of validity').waitFor();
  await e.shot(page, 'service-voucher-generate-invalid');
  await expect(
    e.server.db.selectFrom('lecode').select('_id').where('product', '=', PRODUCT).execute(),
  ).resolves.toHaveLength(0);
  await typeValidTo(new Date().getFullYear() + 1);
  await e.shot(page, 'service-voucher-generate');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await page.getByText(/5 vouchers generated in batch/).waitFor();

  const batch = (
    await e.server.db.selectFrom('lecode').select('batch').where('product', '=', PRODUCT).executeTakeFirstOrThrow()
  ).batch;
  const codes = (await e.server.db.selectFrom('lecode').select('code').where('batch', '=', batch).execute()).map(
    (r) => r.code,
  );
  expect(codes).toHaveLength(5);
  // the list now shows the new batch, and only it
  for (const code of codes) await page.getByText(code, { exact: true }).waitFor();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
  await e.shot(page, 'service-voucher-batch');

  const row = page.locator('tbody tr', { hasText: codes[0] });
  await row.getByRole('button', { name: 'Void' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText(codes[0]).first().waitFor();
  await e.shot(page, 'service-voucher-void-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await row.getByText('Voided').waitFor();
  await expect(row.getByRole('button', { name: 'Void' }).count()).resolves.toBe(0);
  const statuses = await e.server.db
    .selectFrom('lecode')
    .select(['code', 'status'])
    .where('batch', '=', batch)
    .execute();
  expect(statuses.filter((s) => s.status === 'DELETE').map((s) => s.code)).toEqual([codes[0]]);
  await e.shot(page, 'service-voucher-voided');
});

// A 1×1 PNG: the upload route checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

it('raises a fault report with a photo, takes it in hand and resolves it, recording who handled it', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/report` });
  await page.getByText('Out of cups').waitFor(); // a demo report of this store
  await e.shot(page, 'service-report-list');
  await page.getByRole('link', { name: 'Create' }).click();
  await page.waitForURL(/\/report\/create$/);
  await page.getByRole('combobox', { name: 'Robot' }).fill('E2E');
  await page.getByRole('option', { name: 'E2E Robot' }).click();
  await page.getByLabel('Fault code').fill('E21');
  await page.getByLabel('Fault', { exact: true }).fill('Robot arm stuck');
  await page.getByLabel('Description').fill('The arm stops above the cup holder');
  await page.getByTestId('report-photo-file').setInputFiles({ name: 'arm.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('report-photos').getByRole('img').waitFor();
  await e.shot(page, 'service-report-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/report$/);
  const saved = await e.server.db
    .selectFrom('report')
    .selectAll()
    .where('fault', '=', 'Robot arm stuck')
    .executeTakeFirstOrThrow();
  expect(saved).toMatchObject({
    device: robot,
    dealer: 'store_a1',
    status: 'open',
    source: 'console',
    reporter: 'store-a1',
  });
  expect(saved.photos).toHaveLength(1);

  const row = page.locator('tbody tr', { hasText: 'Robot arm stuck' });
  await row.getByText('Open').waitFor();
  await row.getByRole('link', { name: 'Edit' }).waitFor();
  await row.getByRole('button', { name: 'Take in hand' }).click();
  await row.getByText('In progress').waitFor();
  await row.getByText('store-a1').waitFor();
  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Resolution').fill('Re-seated the arm sensor cable');
  await e.shot(page, 'service-report-resolve');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await row.getByText('Resolved').waitFor();
  await expect(row.getByRole('button', { name: 'Resolve' }).count()).resolves.toBe(0);
  await expect(row.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0); // a resolved report is closed
  const resolved = await e.server.db
    .selectFrom('report')
    .selectAll()
    .where('_id', '=', saved._id)
    .executeTakeFirstOrThrow();
  expect(resolved).toMatchObject({
    status: 'resolved',
    handler: 'store-a1',
    resolution: 'Re-seated the arm sensor cable',
  });
  await e.shot(page, 'service-report-resolved');
  // the report's own page shows the resolution and the photo, which loads from object storage
  await row.click();
  await page.getByText('Re-seated the arm sensor cable').first().waitFor();
  const photo = page.getByTestId('report-photos').getByRole('img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await e.shot(page, 'service-report-page');
});

it('previews the console as a store role in one store: the menu shrinks, a banner names both, lists show that store only, and switching back restores it', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'admin');
  await page.waitForURL(/\/dashboard$/);
  await sidebarItems(page)
    .filter({ hasText: /^Accounts$/ })
    .waitFor();
  const full = await sidebarItems(page).count();

  await page.getByTestId('role-preview-open').click();
  await page.getByTestId('preview-role').click();
  await page.getByRole('option', { name: /Store manager/ }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.getByTestId('preview-menu').getByText('Fault reports').waitFor();
  // a store role is previewed in one store: the switch waits for the choice
  const switchTo = page.getByRole('button', { name: 'Switch to this role' });
  await expect(switchTo.isDisabled()).resolves.toBe(true);
  await page.getByTestId('preview-tenant').click();
  await page.getByRole('option', { name: 'Store A2' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await e.shot(page, 'service-preview-pick');
  await switchTo.click();

  await page.getByTestId('role-preview-banner').getByText('Previewing as Store manager').waitFor();
  await page.getByTestId('role-preview-banner').getByText('Showing Store A2').waitFor();
  await sidebarItems(page).filter({ hasText: 'Fault reports' }).waitFor();
  const narrowed = await sidebarItems(page).count();
  expect(narrowed).toBeLessThan(full);
  await expect(
    sidebarItems(page)
      .filter({ hasText: /^Accounts$/ })
      .count(),
  ).resolves.toBe(0);
  await expect(sidebarItems(page).filter({ hasText: 'Operation log' }).count()).resolves.toBe(0);
  await e.shot(page, 'service-preview-on');
  // the data narrows to the store: every order listed is Store A2's
  await page.goto(`${e.server.url}/order`);
  const storeCells = page.locator('tbody tr td.column-dealer');
  await storeCells.first().waitFor();
  // a store's name arrives after its row (a reference read): until then the cell is empty, as a one-shot read found
  await expect.poll(async () => [...new Set(await storeCells.allInnerTexts())]).toEqual(['Store A2']);
  await e.shot(page, 'service-preview-orders');
  // the screens narrow too: the account list is not open to a store manager
  await page.goto(`${e.server.url}/user`);
  await page.getByText('You do not have permission to open this page.').waitFor();

  await page.goto(`${e.server.url}/dashboard`);
  await page.getByTestId('role-preview-banner').getByRole('button', { name: 'Switch back' }).click();
  await sidebarItems(page)
    .filter({ hasText: /^Accounts$/ })
    .waitFor();
  await expect(page.getByTestId('role-preview-banner').count()).resolves.toBe(0);
  await expect(sidebarItems(page).count()).resolves.toBe(full);
  const logged = await e.server.db
    .selectFrom('log')
    .select('action')
    .where('resource', '=', 'role')
    .where('operator', '=', 'admin')
    .where('action', 'in', ['preview', 'preview_end'])
    .execute();
  expect(logged.map((l) => l.action).sort()).toEqual(['preview', 'preview_end']);
});

it('searches the customer-service Q&A history as free text, and shows the operation log read-only', async () => {
  const ask = (question: string, answer: string, language: string) =>
    e.server.call('POST', '/device-gateway/chatchat', {
      body: { question, answer, language },
      headers: { 'X-Device-Id': 'E2E-SVC-ROBOT', 'X-Device-Key': robotKey },
    });
  expect(
    (await ask('How do I get a refund for a melted cone?', 'Tap "Help" on the screen and choose "Refund".', 'en'))
      .status,
  ).toBe(200);
  expect((await ask('¿Tienen helado sin lactosa?', 'Sí, el sabor de coco no lleva lactosa.', 'es')).status).toBe(200);
  const page = await e.pooledPage();
  await e.login(page, 'admin', { at: `/chatchat` });
  await page.getByText('¿Tienen helado sin lactosa?').waitFor();
  await page.getByPlaceholder('Search').fill('refund');
  await page.getByText('¿Tienen helado sin lactosa?').waitFor({ state: 'detached' });
  await page.getByText('How do I get a refund for a melted cone?').waitFor();
  await expect(page.locator('tbody tr').count()).resolves.toBe(1);
  await e.shot(page, 'service-chatchat-search');
  // a long answer is cut to a few lines in the list, and shown whole on its own page
  const long = `Our cones are made fresh every morning. ${'Each flavour is churned in small batches. '.repeat(40)}End of answer.`;
  expect((await ask('Tell me everything about your ice cream', long, 'en')).status).toBe(200);
  await page.getByPlaceholder('Search').fill('everything');
  const cell = page.locator('tbody tr', { hasText: 'Tell me everything' }).locator('td.column-answer');
  await cell.waitFor();
  expect((await cell.boundingBox())!.height).toBeLessThan(100);
  await e.shot(page, 'service-chatchat-long');
  await cell.click();
  await page.getByText('End of answer.', { exact: false }).waitFor();

  // the logs are under /message (docs/rules.md, Screens)
  await page.goto(`${e.server.url}/message/logs`);
  await page.waitForURL(/\/log/);
  await page.locator('tbody tr').first().waitFor();
  await e.shot(page, 'service-log-list');
  // filters: who, which action, which record, when, from where, and the brand and store
  await page.getByRole('button', { name: 'Add filter' }).click();
  for (const name of ['Operator', 'Action', 'Record', 'Address', 'Brand', 'Store'])
    await page.getByRole('menuitemcheckbox', { name, exact: true }).waitFor();
  await page.getByRole('menuitemcheckbox', { name: 'Operator', exact: true }).click();
  await page.getByRole('textbox', { name: 'Operator', exact: true }).fill('admin');
  await page.locator('tbody tr', { hasText: 'device:E2E-SVC-ROBOT' }).first().waitFor({ state: 'detached' });
  const operators = await page.locator('tbody td.column-operator').allInnerTexts();
  expect(operators.length).toBeGreaterThan(0);
  expect(new Set(operators)).toEqual(new Set(['admin']));
  await page.goto(`${e.server.url}/log?filter=${encodeURIComponent('{}')}`); // the list remembers its filter
  await page.locator('tbody tr', { hasText: 'device:E2E-SVC-ROBOT' }).first().waitFor();
  for (const name of ['Edit', 'Delete', 'Create'])
    await expect(page.getByRole('button', { name }).count()).resolves.toBe(0);
  await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
  // actions and resources read in the user's language, not as codes
  const qa = page.locator('tbody tr', { hasText: 'Q&A' });
  await expect(qa.count()).resolves.toBe(3);
  await qa.filter({ hasText: 'Robot' }).filter({ hasText: 'Create' }).first().waitFor();
  await qa.last().click();
  await page.getByTestId('log-changes').getByText('How do I get a refund for a melted cone?').waitFor();
  await e.shot(page, 'service-log-record');
  await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
});
