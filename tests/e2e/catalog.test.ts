// The catalog as a store and a brand meet it, in real Chromium: a product with nested properties and
// options, a template imported only after a confirmation, stock adjusted (a bad value refused with the
// server's message), products copied to other stores with a progress bar, and a group published onto the
// robots' menu.
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { DEMO_DEVICES, demoDeviceKey } from '../../server/db/seed';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const addButton = (page: Page, source: string) => page.locator(`[class~="button-add-${source}"]`);

/** Waits until the open dialogs have finished fading in, so a screenshot shows them as a user sees them. */
const dialogsSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((d) => getComputedStyle(d).opacity === '1'),
  );

/** Waits until the progress bar has finished moving to its value (for the screenshot). */
const barSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.MuiLinearProgress-bar1')?.getAnimations().length === 0);

/** Picks an option of a react-admin AutocompleteInput or a MUI Autocomplete by its label. */
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
async function pick(page: Page, label: string, option: string) {
  await labelled(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('creates a product with two properties, each with options', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/product/create` });
  await input(page, 'code').waitFor();
  await e.shot(page, 'catalog-product-create');
  // A store account's product is in its own store, unlimited until a stock is set. The store's name is a reference
  // read after the form draws: awaited (read once, it was '' when nothing delayed the read — CI without screenshots).
  await expect.poll(() => labelled(page, 'Store').inputValue()).toBe('Store A1');
  await expect(input(page, 'stock').inputValue()).resolves.toBe('-1');
  await input(page, 'code').fill('E2E-CONE');
  await input(page, 'name').fill('E2E cone');
  await input(page, 'price').fill('12.5');
  await pick(page, 'Type', 'Ice cream');
  await input(page, 'number').fill('7');

  const props = [
    {
      code: 'size',
      name: 'Size',
      options: [
        ['small', 'Small', '0'],
        ['large', 'Large', '3'],
      ],
    },
    {
      code: 'topping',
      name: 'Topping',
      options: [
        ['choco', 'Chocolate', '1.5'],
        ['nuts', 'Nuts', '1'],
      ],
    },
  ];
  for (const [i, p] of props.entries()) {
    await addButton(page, 'properties').click();
    await input(page, `properties.${i}.code`).fill(p.code);
    await input(page, `properties.${i}.name`).fill(p.name);
    for (const [j, [code, name, price]] of p.options.entries()) {
      await addButton(page, `properties.${i}.options`).click();
      await input(page, `properties.${i}.options.${j}.code`).fill(code);
      await input(page, `properties.${i}.options.${j}.name`).fill(name);
      await input(page, `properties.${i}.options.${j}.price`).fill(price);
    }
  }
  await e.shot(page, 'catalog-product-properties');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/product$/);
  await page.getByText('E2E cone').waitFor();

  const saved = await e.server.db
    .selectFrom('product')
    .selectAll()
    .where('code', '=', 'E2E-CONE')
    .executeTakeFirstOrThrow();
  expect(saved).toMatchObject({ dealer: 'store_a1', price: 1250, type: 'icecream', number: 7, stock: -1 });
  expect(saved.properties).toEqual([
    {
      code: 'size',
      name: 'Size',
      hide: false,
      options: [
        { code: 'small', name: 'Small', price: 0, type: null },
        { code: 'large', name: 'Large', price: 300, type: null },
      ],
    },
    {
      code: 'topping',
      name: 'Topping',
      hide: false,
      options: [
        { code: 'choco', name: 'Chocolate', price: 150, type: null },
        { code: 'nuts', name: 'Nuts', price: 100, type: null },
      ],
    },
  ]);
});

it('imports a template into the product form only after a confirmation', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/product/create` });
  await input(page, 'code').fill('TYPED-1');
  await input(page, 'name').fill('Typed by hand');
  await page.getByRole('button', { name: 'Import a template' }).click();
  await pick(page, 'Template', 'Caffe latte (CF-LATTE)');
  await page.getByRole('dialog').getByRole('button', { name: 'Import a template' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import template "Caffe latte"?' });
  await confirm.getByText('Importing overwrites the data you have entered in this form. Continue?').waitFor();
  await page.getByRole('dialog', { name: 'Import a template' }).waitFor({ state: 'detached' });
  await dialogsSettled(page);
  await e.shot(page, 'catalog-template-confirm');
  // Nothing is overwritten until the user confirms.
  await expect(input(page, 'code').inputValue()).resolves.toBe('TYPED-1');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(input(page, 'name').inputValue()).resolves.toBe('Typed by hand');

  // Importing again asks again; this time the user confirms.
  await page.getByRole('button', { name: 'Import a template' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Import a template' }).click();
  await page
    .getByRole('dialog', { name: 'Import template "Caffe latte"?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await page.getByText('Template "Caffe latte" imported').waitFor();
  await expect(input(page, 'code').inputValue()).resolves.toBe('CF-LATTE');
  await expect(input(page, 'name').inputValue()).resolves.toBe('Caffe latte');
  await expect(input(page, 'price').inputValue()).resolves.toBe('18');
  await expect(input(page, 'properties.0.code').inputValue()).resolves.toBe('size');
  await e.shot(page, 'catalog-template-imported');
  await expect(labelled(page, 'Store').inputValue()).resolves.toBe('Store A1');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/product$/);

  const tpl = await e.server.db
    .selectFrom('template')
    .selectAll()
    .where('code', '=', 'CF-LATTE')
    .where('integrator', '=', 'brand_a')
    .executeTakeFirstOrThrow();
  const made = await e.server.db
    .selectFrom('product')
    .selectAll()
    .where('code', '=', 'CF-LATTE')
    .where('dealer', '=', 'store_a1')
    .executeTakeFirstOrThrow();
  expect(made).toMatchObject({
    name: tpl.name,
    price: tpl.price,
    type: tpl.type,
    number: tpl.number,
    properties: tpl.properties,
  });
});

it("adjusts and restocks on the stock screen; a bad value is refused with the server's message", async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1');
  await page.getByRole('menuitem', { name: 'Stock management' }).click();
  await page.waitForURL(/\/product\/stock$/);
  const row = page.getByRole('row').filter({ hasText: 'IC-STRAW-SUN' });
  // 4 left with a warning at 5: shown as low.
  await row.getByText('4 · Low').waitFor();
  await e.shot(page, 'catalog-stock-list');
  const product = await e.server.db
    .selectFrom('product')
    .select(['_id', 'stock'])
    .where('code', '=', 'IC-STRAW-SUN')
    .where('dealer', '=', 'store_a1')
    .executeTakeFirstOrThrow();
  const token = await e.server.login('store-a1');

  await row.getByRole('button', { name: 'Adjust' }).click();
  const dialog = page.getByRole('dialog');
  for (const bad of ['abc', '1.5', '-2']) {
    await dialog.getByLabel('New stock (-1 = unlimited)').fill(bad);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const expected = (
      await e.server.call('POST', '/product/stock', {
        token,
        body: { _id: product._id, stock: bad.includes('.') || bad === 'abc' ? bad : Number(bad) },
      })
    ).body.message;
    expect(expected).toBeTruthy();
    await dialog.getByRole('alert').getByText(expected!, { exact: true }).waitFor();
    if (bad === 'abc') {
      await dialogsSettled(page);
      await e.shot(page, 'catalog-stock-refused');
    }
  }
  expect(
    (await e.server.db.selectFrom('product').select('stock').where('_id', '=', product._id).executeTakeFirstOrThrow())
      .stock,
  ).toBe(4);

  await dialog.getByLabel('New stock (-1 = unlimited)').fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('cell', { name: '12', exact: true }).waitFor();
  await row.getByRole('button', { name: 'Restock' }).click();
  await page.getByRole('dialog').getByLabel('Quantity to add').fill('3');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await row.getByRole('cell', { name: '15', exact: true }).waitFor();
  await e.shot(page, 'catalog-stock-restocked');

  // -1 is unlimited; unlimited stock has nothing to restock.
  await row.getByRole('button', { name: 'Adjust' }).click();
  await page.getByRole('dialog').getByLabel('New stock (-1 = unlimited)').fill('-1');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await row.getByText('Unlimited').waitFor();
  await expect(row.getByRole('button', { name: 'Restock' }).count()).resolves.toBe(0);

  // Copying is for brands: a store account has no menu entry, and typing the address gives the 401 page.
  await expect(page.getByRole('menuitem', { name: 'Copy products between stores' }).count()).resolves.toBe(0);
  await page.goto(`${e.server.url}/product/copy`);
  await page.getByText('You do not have permission to open this page.').waitFor();

  const logs = await e.server.db
    .selectFrom('log')
    .select('action')
    .where('record', '=', product._id)
    .where('action', 'in', ['stock', 'restock'])
    .execute();
  expect(logs.map((l) => l.action).sort()).toEqual(['restock', 'stock', 'stock']);
});

it('copies products to other stores with a progress bar and a result per target, without duplicating on a second run', async () => {
  const { page, context } = await e.newPage();
  await e.login(page, 'brand-a');
  const extra = (
    await e.server.call('POST', '/dealer/add', {
      token: await e.server.login('brand-a'),
      body: { name: 'Store A3 airport', description: 'A new store to fill', integrator: 'brand_a' },
    })
  ).body.data;
  await page.getByRole('menuitem', { name: 'Copy products between stores' }).click();
  await page.waitForURL(/\/product\/copy$/);
  await pick(page, 'Source store', 'Store A1');
  await page.getByText(/All products of the source store \(\d+\)/).waitFor();
  // Pick two products rather than all.
  await page.getByLabel('All products of the source store', { exact: false }).uncheck();
  await page.getByLabel('Vanilla cone (IC-VANILLA)').check();
  await page.getByLabel('Twist swirl (IC-SWIRL)').check();
  await pick(page, 'Target stores', 'Store A2');
  await pick(page, 'Target stores', 'Store A3 airport');
  await e.shot(page, 'catalog-copy-form');
  // Hold the second store's call until the page has shown the first one done, to watch the progress move.
  let calls = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/product/copy', async (route) => {
    if (++calls === 2) await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Copy products between stores' });
  await page.getByTestId('copy-progress').getByText('Copying… 1 of 2 stores').waitFor();
  await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('50');
  await expect(page.getByTestId('copy-result-store_a2').locator('td').nth(1).innerText()).resolves.toBe('2');
  await barSettled(page);
  await e.shot(page, 'catalog-copy-progress');
  release();
  await page.getByTestId('copy-progress').getByText('Copy finished').waitFor();
  await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('100');
  await page.unroute('**/api/product/copy');
  await barSettled(page);
  const resultRow = (id: string) => page.getByTestId(`copy-result-${id}`);
  await expect(resultRow('store_a2').locator('td').allInnerTexts()).resolves.toEqual(['Store A2', '2', '0', '0', '']);
  await expect(resultRow(extra._id).locator('td').allInnerTexts()).resolves.toEqual([
    'Store A3 airport',
    '2',
    '0',
    '0',
    '',
  ]);
  await e.shot(page, 'catalog-copy-done');

  // Again: everything is already there by code, so it is skipped, not doubled.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.getByTestId('copy-progress').getByText('Copy finished').waitFor();
  await expect(resultRow('store_a2').locator('td').allInnerTexts()).resolves.toEqual(['Store A2', '0', '2', '0', '']);
  const copies = await e.server.db
    .selectFrom('product')
    .select(['dealer', 'code'])
    .where('code', 'in', ['IC-VANILLA', 'IC-SWIRL'])
    .where('dealer', 'in', ['store_a2', extra._id])
    .execute();
  expect(copies.length).toBe(4);
  await context.close();
});

it("creates a group of products and publishes it onto the robots' menu", async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/product_classify/create` });
  await input(page, 'name').fill('Morning picks');
  await input(page, 'tag').fill('am');
  await input(page, 'sortIndex').fill('5');
  // A store account's group is in its own store: not asked (its brand is the store's, filled in by the server).
  await expect(labelled(page, 'Store').count()).resolves.toBe(0);
  await pick(page, 'Products', 'Strawberry sundae');
  await pick(page, 'Products', 'Vanilla cone');
  await e.shot(page, 'catalog-group-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/product_classify$/);

  const row = page.getByRole('row').filter({ hasText: 'Morning picks' });
  await row.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await row.getByRole('button', { name: 'Withdraw' }).waitFor();
  await e.shot(page, 'catalog-group-published');

  const group = await e.server.db
    .selectFrom('product_classify')
    .selectAll()
    .where('name', '=', 'Morning picks')
    .executeTakeFirstOrThrow();
  expect(group).toMatchObject({ dealer: 'store_a1', integrator: 'brand_a', online: true, sortIndex: 5 });
  // The store's robot now offers the group first (lowest sortIndex), its products in the chosen order.
  const robot = DEMO_DEVICES.find((d) => d.dealer === 'store_a1')!;
  const menu = await e.server.call('GET', '/device-gateway/menu', {
    headers: { 'X-Device-Id': robot.device_id, 'X-Device-Key': demoDeviceKey(robot.device_id) },
  });
  expect(menu.status).toBe(200);
  expect(menu.body.data.groups[0].name).toBe('Morning picks');
  expect(menu.body.data.groups[0].products.map((p: { code: string }) => p.code)).toEqual([
    'IC-STRAW-SUN',
    'IC-VANILLA',
  ]);

  // On edit the store account's own store is not asked either (the server refuses a change too); the products
  // keep their order.
  await page.goto(`${e.server.url}/product_classify/${group._id}`);
  await page
    .getByRole('button', { name: 'Strawberry sundae' })
    .or(page.getByText('Strawberry sundae'))
    .first()
    .waitFor();
  await expect(labelled(page, 'Store').count()).resolves.toBe(0);
  await e.shot(page, 'catalog-group-edit');
});

it("edits a product's properties in place; a bad property code is refused with its position", async () => {
  const page = await e.pooledPage();
  const p = await e.server.db
    .selectFrom('product')
    .select(['_id', 'properties'])
    .where('code', '=', 'IC-CHOCO')
    .where('dealer', '=', 'store_a1')
    .executeTakeFirstOrThrow();
  await e.login(page, 'store-a1', { at: `/product/${p._id}` });
  await expect(input(page, 'properties.0.code').inputValue()).resolves.toBe('size');
  await expect(input(page, 'properties.1.options.2.name').inputValue()).resolves.toBe('Chocolate chips');
  await input(page, 'properties.1.code').fill('x');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Property 2: the code must be 2 to 20 letters, digits or _ - .').first().waitFor();
  await e.shot(page, 'catalog-product-property-error');
  await input(page, 'properties.1.code').fill('extras');
  await input(page, 'properties.1.options.2.price').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/product$/);
  const after = await e.server.db
    .selectFrom('product')
    .select('properties')
    .where('_id', '=', p._id)
    .executeTakeFirstOrThrow();
  const props = after.properties as Array<{ code: string; options: Array<{ code: string; price: number }> }>;
  expect(props.map((x) => x.code)).toEqual(['size', 'extras', 'holder', 'calib']);
  expect(props[1].options[2]).toMatchObject({ code: 'choco', price: 200 });
});

it('shows the catalog screens in Chinese without a raw message key', async () => {
  const page = await e.pooledPage({ lang: 'zh' });
  await e.login(page, 'brand-a', { at: '/product/stock' });
  for (const [path, title, shot] of [
    ['/product/stock', '库存管理', 'catalog-zh-stock'],
    ['/product/copy', '门店间复制商品', 'catalog-zh-copy'],
    ['/product/create', '导入模板', 'catalog-zh-product-form'],
    ['/product', '商品', 'catalog-zh-product-list'],
  ] as const) {
    if (path !== '/product/stock') await page.goto(`${e.server.url}${path}`);
    await page.getByText(title).first().waitFor();
    if (path === '/product/stock') {
      await pick(page, '门店', 'Store A1');
      await page.getByRole('button', { name: '调整' }).first().waitFor();
    }
    if (path === '/product') await page.getByRole('cell', { name: 'Store A1' }).first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text, path).not.toMatch(/\b(vf|resources|ra)\.[a-z_]+\.[a-z_]+/);
    await e.shot(page, shot);
  }
});

it('lets a brand write a template with nested properties, as a product is written', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'brand-a', { at: `/template/create` });
  // a brand account's new template is in its own brand: not asked
  await input(page, 'code').fill('TPL-MATCHA');
  await expect(labelled(page, 'Brand').count()).resolves.toBe(0);
  await input(page, 'name').fill('Matcha latte');
  await input(page, 'price').fill('19');
  await pick(page, 'Type', 'Coffee');
  await input(page, 'number').fill('9');
  await addButton(page, 'properties').click();
  await input(page, 'properties.0.code').fill('milk');
  await input(page, 'properties.0.name').fill('Milk');
  await addButton(page, 'properties.0.options').click();
  await input(page, 'properties.0.options.0.code').fill('oat');
  await input(page, 'properties.0.options.0.name').fill('Oat milk');
  await input(page, 'properties.0.options.0.price').fill('3');
  await e.shot(page, 'catalog-template-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/template$/);
  const saved = await e.server.db
    .selectFrom('template')
    .selectAll()
    .where('code', '=', 'TPL-MATCHA')
    .executeTakeFirstOrThrow();
  expect(saved).toMatchObject({
    integrator: 'brand_a',
    price: 1900,
    properties: [
      { code: 'milk', name: 'Milk', hide: false, options: [{ code: 'oat', name: 'Oat milk', price: 300, type: null }] },
    ],
  });
});
