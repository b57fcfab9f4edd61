// The console's finish as an operator sees it, in real Chromium: exports whose money reads 30.00 and whose
// message counts the rows saved; names and words where codes and ids were; rows one line tall at 1366 px; and a
// phone walk at 390×844 through robots, orders, alarms and restock made of cards, never scrolled sideways.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from '../support/browser';
import { CATEGORY_LABELS } from '../../i18n/resources/alarm';
import { translate } from '../../i18n';
import { notifyText } from '../../i18n/notify';
import type { Lang } from '../../resources/accounts';
import { callPath } from '../../resources/types';
import integrator from '../../resources/integrator';

const LANGS: Lang[] = ['zh', 'en', 'es', 'ja'];

let e: E2E;
let admin: string;
/** a robot of store A1 with alarms open: 300 (out of cups), 21 and 22 (arm faults) */
let robot: { _id: string; device_key: string };
/** a robot of store A1 at work: work status "fault 22", alarm 21 open, one order paid with UnionPay */
let faulty: { _id: string; device_key: string };
let unionOrder: string;
const gateway = (code: number) =>
  e.server.call('POST', '/device-gateway/notify', {
    headers: { 'X-Device-Id': 'FINISH-E2E-01', 'X-Device-Key': robot.device_key },
    body: { code },
  });

beforeAll(async () => {
  e = await startE2E();
  admin = await e.server.login('admin');
  const added = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'FINISH-E2E-01',
      name: 'Finish bot',
      sn: 'SN-FIN-1',
      type: 'coffee',
      category: 'drinks',
      dealer: 'store_a1',
    },
  });
  robot = added.body.data;
  for (const code of [300, 21, 22]) expect((await gateway(code)).status).toBe(200);
  // a second robot at work: it reports a fault with a number, has an alarm open and sells for UnionPay
  const second = await e.server.call('POST', '/device/add', {
    token: admin,
    body: {
      device_id: 'FINISH-E2E-02',
      name: 'Faulty bot',
      sn: 'SN-FIN-2',
      type: 'coffee',
      category: 'drinks',
      dealer: 'store_a1',
    },
  });
  faulty = second.body.data;
  const headers = { 'X-Device-Id': 'FINISH-E2E-02', 'X-Device-Key': faulty.device_key };
  expect(
    (
      await e.server.call('POST', '/device-gateway/heartbeat', {
        headers,
        body: { state: 'failure', work_status: 'fault 22' },
      })
    ).status,
  ).toBe(200);
  expect((await e.server.call('POST', '/device-gateway/notify', { headers, body: { code: 21 } })).status).toBe(200);
  const product = await e.server.call('POST', '/product/add', {
    token: admin,
    body: {
      code: 'FIN-UNION',
      name: 'Finish union',
      price: 800,
      type: 'coffee',
      number: 1,
      dealer: 'store_a1',
      stock: 50,
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(200);
  const sold = await e.server.call('POST', '/device-gateway/order', {
    headers,
    body: { channel: 'APP', items: [{ product: product.body.data._id }], pay: { pay_type: 'UNIONPAY', amount: 800 } },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(200);
  unionOrder = sold.body.data._id;
});
afterAll(() => e?.close());

/** The page is never wider than the window (nothing to scroll sideways). */
const noSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
const toast = (page: Page) => page.locator('.MuiSnackbarContent-message');

/** Where a list draws its rows: a table, or cards on a narrow window. */
const ROWS = '#main-content :is(table, [data-testid="list-cards"])';
/**
 * Opens another list inside the console already loaded, as the menu would (a page load costs the browser ~1 CPU-s,
 * a step inside it ~0.1: docs/testing.md, "Browser files"), and waits for its own rows: the tables and cards drawn
 * before are marked first, so that a list still shown while the next screen loads is never taken for it.
 */
async function openList(page: Page, to: string) {
  await page.locator(ROWS).evaluateAll((all) => all.forEach((el) => el.setAttribute('data-left', '')));
  await e.go(page, to);
  await page.locator(`${ROWS}:not([data-left]) :is(tbody tr, [data-testid="list-card"])`).first().waitFor();
}

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const to = path.join(fs.mkdtempSync('/tmp/vf-finish-'), file.suggestedFilename());
  await file.saveAs(to);
  return to;
}

it('exports money with two decimals, and the message counts the rows the file holds', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', { at: `/order?filter=${encodeURIComponent(JSON.stringify({ status: 'CLOSE' }))}` });
  await page.locator('tbody tr').first().waitFor();
  const expected = (
    await e.server.db
      .selectFrom('orders')
      .select('amount')
      .where('dealer', '=', 'store_a1')
      .where('status', '=', 'CLOSE')
      .execute()
  ).length;
  expect(expected).toBeGreaterThan(0);

  const xlsx = await download(page, 'export-xlsx');
  await toast(page)
    .filter({ hasText: `Exported excel-list.xlsx: ${expected.toLocaleString('en')} rows` })
    .waitFor();
  await e.shot(page, 'finish-export-toast-en');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx);
  const sheet = book.worksheets[0];
  const amount = (sheet.getRow(1).values as unknown[]).indexOf('Amount');
  expect(amount).toBeGreaterThan(0);
  expect(sheet.rowCount - 1).toBe(expected);
  const formats = new Set<string>();
  for (let r = 2; r <= sheet.rowCount; r++) formats.add(String(sheet.getRow(r).getCell(amount).numFmt));
  expect([...formats]).toEqual(['0.00']);

  // read as text, cell by cell (exceljs's CSV reader, its values kept as written)
  const csvBook = new ExcelJS.Workbook();
  const csvSheet = await csvBook.csv.readFile(await download(page, 'export-csv'), { map: (v: string) => v });
  const csv: string[][] = [];
  csvSheet.eachRow((r) => csv.push((r.values as string[]).slice(1).map((v) => String(v ?? '').replace(/^\uFEFF/, ''))));
  await toast(page)
    .filter({ hasText: `Exported excel-list.csv: ${expected.toLocaleString('en')} rows` })
    .waitFor();
  const column = csv[0].indexOf('Amount');
  for (const line of csv.slice(1)) expect(line[column]).toMatch(/^\d+\.\d\d$/);
  expect(csv.length - 1).toBe(expected);
});

it('names each refused row of a bulk report after a live refresh took it out of the list, its state in words', async () => {
  const page = await e.pooledPage();
  await e.login(page, 'store-a1', {
    at: `/alarm?filter=${encodeURIComponent(JSON.stringify({ device: robot._id, state: 'active' }))}`,
  });
  const arm = page.getByRole('row').filter({ hasText: /^.*21 · / });
  await arm.waitFor();
  await page.getByRole('checkbox', { name: /select all/i }).check();
  // the robot clears fault 22 itself while it is selected: the live list drops it
  expect((await gateway(3022)).status).toBe(200);
  await page.getByRole('row').filter({ hasText: /22 · / }).waitFor({ state: 'detached', timeout: 15_000 });
  const title22 = notifyText(22, 'en')!.title;
  await page.getByTestId('bulk-clear').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm/i })
    .click();
  const report = page.getByRole('dialog').filter({ has: page.getByTestId('bulk-report') });
  await report.getByTestId('bulk-report').getByText('2 done, 1 refused').waitFor();
  // named as the list showed it, not by its database id; its state said in words
  await report.getByText(`22 · ${title22}: Not allowed while State is Cleared`).waitFor();
  const ids = await e.server.db.selectFrom('alarm').select('_id').where('device', '=', robot._id).execute();
  for (const { _id } of ids) expect(await report.textContent()).not.toContain(_id);
  await e.shot(page, 'finish-bulk-report-en');
});

it.each(LANGS)('shows stored codes in words and names for ids (%s)', async (lang) => {
  const alarm = await e.server.db
    .selectFrom('alarm')
    .select(['_id', 'code'])
    .where('device', '=', robot._id)
    .where('code', '=', 300)
    .executeTakeFirstOrThrow();
  const paid = await e.server.db
    .selectFrom('orders')
    .select('_id')
    .where('dealer', '=', 'store_a1')
    .where('pay_type', '=', 'WECHAT')
    .executeTakeFirstOrThrow();
  const page = await e.pooledPage({ lang, width: 390, height: 844 });
  // an alarm's category
  await e.login(page, 'store-a1', { at: `/alarm/${alarm._id}/show` });
  const category = page.locator('.ra-field-category');
  await category.getByText(CATEGORY_LABELS[lang].cup, { exact: true }).waitFor();
  expect(await category.textContent()).not.toMatch(/\bcup\b/);
  if (lang === 'es' || lang === 'en') await e.shot(page, `finish-alarm-page-${lang}`);

  // an order's pay type, on a phone
  await e.go(page, `/order/${paid._id}/show`);
  const basics = page.getByTestId('order-basics');
  await basics.getByText(translate(lang, 'resources.order.choices.pay_type.WECHAT'), { exact: true }).waitFor();
  expect(await basics.textContent()).not.toContain('WECHAT');
  if (lang === 'es' || lang === 'en') await e.shot(page, `finish-order-page-${lang}`);

  // a pay type other than WeChat or Alipay, in words
  await e.go(page, `/order/${unionOrder}/show`);
  await basics.getByText(translate(lang, 'resources.order.choices.pay_type.UNIONPAY'), { exact: true }).waitFor();
  expect(await basics.textContent()).not.toContain('UNIONPAY');

  // a robot's own work status with a number: the words and the number; its alarms on the first screen
  await e.go(page, `/device/${faulty._id}/show`);
  await page
    .getByText(`${translate(lang, 'resources.device.choices.work_status.fault')} 22`, { exact: false })
    .waitFor();
  expect(await page.locator('main').textContent()).not.toContain('fault 22');
  const alarms = page.getByTestId('device-alarms');
  await alarms.getByTestId('robot-alarm').filter({ hasText: '21 · ' }).first().waitFor();
  expect((await alarms.boundingBox())!.y).toBeLessThan(844);
  // acknowledged with one tap: an icon inside the screen, not a label-less button
  const ack = alarms
    .getByTestId('robot-alarm')
    .filter({ hasText: '21 · ' })
    .first()
    .getByRole('button', { name: translate(lang, 'resources.alarm.actions.acknowledge') });
  expect(await ack.locator('svg').count()).toBe(1);
  const ackBox = (await ack.boundingBox())!;
  expect(ackBox.x + ackBox.width).toBeLessThanOrEqual(390);
  if (lang === 'es' || lang === 'en') await e.shot(page, `finish-phone-faulty-robot-${lang}`);

  // a robot that never beat says so, with its reason
  const silent = await e.server.db
    .selectFrom('device')
    .select('_id')
    .where('device_id', '=', 'FINISH-E2E-01')
    .executeTakeFirstOrThrow();
  await e.go(page, `/device/${silent._id}/show`);
  await page.getByText(translate(lang, 'vf.fleet.device.never')).waitFor();

  // a refusal names the state in words (the API's message in the caller's language)
  const token = await e.server.login('store-a1');
  const cleared = await e.server.db
    .selectFrom('alarm')
    .select('_id')
    .where('device', '=', robot._id)
    .where('state', '=', 'cleared')
    .executeTakeFirstOrThrow();
  const refused = await e.server.call('POST', '/alarm/bulk', {
    token,
    lang,
    body: { action: 'clear', ids: [cleared._id] },
  });
  expect(refused.body.data.results[0].message).toContain(translate(lang, 'resources.alarm.choices.state.cleared'));
  expect(refused.body.data.results[0].message).not.toMatch(/\bcleared\b/);
});

it('says what was saved, and a tab names the record it shows, never its id', async () => {
  for (const lang of ['en', 'zh'] as const) {
    const { page, context } = await e.newPage({ lang });
    await e.login(page, 'store-a1', { at: `/product_classify/create` });
    // the store account's own brand and store are not asked
    await page.locator('input[name="name"]').fill(`Finish ${lang}`);
    await page.locator('input[name="tag"]').fill('finish');
    await page.locator('input[name="sortIndex"]').fill('7');
    expect(await page.locator('input[name="dealer"], input[name="integrator"]').count()).toBe(0);
    await page.getByRole('button', { name: translate(lang, 'ra.action.save') }).click();
    await toast(page).getByText(translate(lang, 'resources.product_classify.notifications.created')).waitFor();
    if (lang === 'en') expect(await toast(page).textContent()).toBe('Product group created');
    await context.close();
  }
  // a brand's new webhook: no brand select holding its one brand
  const { page, context } = await e.newPage();
  await page.addInitScript(() => localStorage.setItem('vendfleet_settings', JSON.stringify({ tagsView: true })));
  await e.login(page, 'brand-a', { at: `/webhook/create` });
  await page.locator('input[name="url"]').waitFor();
  // in the form: the user menu's name starts with the user's, "Brand A manager · Profile" (WCAG 2.5.3)
  expect(await page.locator('form').getByLabel('Brand').count()).toBe(0);
  // an alarm's tab: its code and title, not its id
  const alarm = await e.server.db
    .selectFrom('alarm')
    .select('_id')
    .where('device', '=', robot._id)
    .where('code', '=', 300)
    .executeTakeFirstOrThrow();
  await e.go(page, `/alarm/${alarm._id}/show`);
  const tab = page.getByTestId('tags-view').getByRole('tab', { selected: true });
  await tab.getByText(`300 · ${notifyText(300, 'en')!.title}`, { exact: false }).waitFor();
  expect(await tab.textContent()).not.toContain(alarm._id.slice(0, 8));
  await context.close();
});

it('keeps product, order and webhook rows one text line tall at 1366 px', async () => {
  // endpoints on this machine (allowed for tests by WEBHOOK_ALLOW_LOCAL): many events, a long address
  process.env.WEBHOOK_ALLOW_LOCAL = '1';
  try {
    for (const events of [
      ['order_created', 'order_paid', 'order_refunded', 'alarm_opened'],
      ['alarm_cleared', 'robot_offline'],
    ]) {
      const r = await e.server.call('POST', '/webhook/add', {
        token: admin,
        body: {
          url: `http://127.0.0.1:9/vendfleet/a-rather-long-path/for-the-receiver/${events[0]}`,
          events,
          description: 'Finish',
          integrator: 'brand_a',
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  } finally {
    delete process.env.WEBHOOK_ALLOW_LOCAL;
  }
  for (const lang of ['en', 'es']) {
    const page = await e.pooledPage({ lang, width: 1366, height: 860 });
    await e.login(page, 'admin', { at: '/product' });
    for (const list of ['product', 'order', 'webhook']) {
      if (list !== 'product') await openList(page, `/${list}`);
      await page.locator('tbody tr').first().waitFor();
      await page.locator('tbody tr .MuiSkeleton-root').first().waitFor({ state: 'detached' });
      const rows = await page.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const cell = [...tr.querySelectorAll('td')].find((td) => !td.querySelector('input[type="checkbox"]'))!;
          const s = getComputedStyle(cell);
          const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.43;
          // one line of text (a small chip, 24 px, is as tall as a line and a quarter) plus the cell's padding
          return {
            height: tr.getBoundingClientRect().height,
            max: parseFloat(s.paddingTop) + parseFloat(s.paddingBottom) + line * 1.25 + 1,
          };
        }),
      );
      await e.shot(page, `finish-rows-${list}-${lang}`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.height, `${list} (${lang})`).toBeLessThanOrEqual(r.max);
      expect(await noSideways(page)).toBe(true);
    }
  }
});

it('finds the device gateway in the API docs without scrolling, and an operation through its search box', async () => {
  const { page, context } = await e.newPage();
  await page.goto(`${e.server.url}/api/docs`);
  // every tag drawn at once, so find-in-page finds "device-gateway" where it stands, not scrolled to
  const tag = page.locator('.opblock-tag[data-tag="device-gateway"]');
  await tag.waitFor();
  const tags = await page.evaluate(() =>
    [...document.querySelectorAll('.opblock-tag')].map((t) => t.getAttribute('data-tag')),
  );
  expect(tags).toEqual(expect.arrayContaining(['session', 'device-gateway', 'order', 'refund', 'telemetry_rule']));
  // the search finds operations by what they do, not only tags: "heartbeat" is no tag
  await page.locator('input.operation-filter-input').fill('heartbeat');
  await page.locator('[data-path="/api/device-gateway/heartbeat"]').first().waitFor();
  expect(await page.locator('.opblock-tag').evaluateAll((t) => t.map((x) => x.getAttribute('data-tag')))).toEqual([
    'device-gateway',
  ]);
  await e.shot(page, 'finish-apidocs-search');
  await context.close();
});

it.each(['en', 'es'] as const)(
  "names a record in react-admin's own titles by its words, never its id, also while it loads (%s)",
  async (lang) => {
    const product = await e.server.db
      .selectFrom('product')
      .select(['_id', 'name'])
      .where('code', '=', 'FIN-UNION')
      .executeTakeFirstOrThrow();
    const { page, context } = await e.newPage({ lang });
    // every title the page ever showed, from its first paint
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { titles: string[] }).titles = seen;
      new MutationObserver(() => {
        const t = document.getElementById('react-admin-title')?.textContent;
        if (t && seen.at(-1) !== t) seen.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // each page loaded as a link from outside opens it (what a load shows is the subject); the first at sign-in
    await e.login(page, 'store-a1', { at: '/product/create' });
    const title = page.locator('#react-admin-title');
    const productWord = translate(lang, 'resources.product.name', { smart_count: 1 });
    /** every title this page load showed: never an id, never react-admin's "#id" stand-in */
    const shownTitles = async (id?: string) => {
      const titles = (await page.evaluate(() => (window as unknown as { titles: string[] }).titles)).join(' | ');
      expect(titles).not.toContain('#');
      if (id) expect(titles).not.toContain(id);
      return titles;
    };
    await expect.poll(() => title.textContent()).toBe(translate(lang, 'ra.page.create', { name: productWord }));
    await shownTitles();
    await page.goto(`${e.server.url}/product/${product._id}`);
    await expect.poll(() => title.textContent()).toBe(`${productWord} ${product.name}`);
    await shownTitles(product._id);
    await page.goto(`${e.server.url}/device/${faulty._id}/show`);
    await page.getByTestId('device-alarms').waitFor();
    expect(await shownTitles(faulty._id)).toContain('Faulty bot');
    // an alarm is named by its code and title, as its tab names it
    const alarm = await e.server.db
      .selectFrom('alarm')
      .select('_id')
      .where('device', '=', faulty._id)
      .where('code', '=', 21)
      .executeTakeFirstOrThrow();
    await page.goto(`${e.server.url}/alarm/${alarm._id}/show`);
    await expect.poll(() => title.textContent()).toContain(`21 · ${notifyText(21, lang)!.title}`);
    await shownTitles(alarm._id);
    await context.close();
  },
);

describe('a phone at 390×844', () => {
  it.each(['en', 'es'] as const)('approves a refund from its card on the approval page (%s)', async (lang) => {
    const headers = { 'X-Device-Id': 'FINISH-E2E-02', 'X-Device-Key': faulty.device_key };
    const product = await e.server.db
      .selectFrom('product')
      .select('_id')
      .where('code', '=', 'FIN-UNION')
      .executeTakeFirstOrThrow();
    const sold = await e.server.call('POST', '/device-gateway/order', {
      headers,
      body: { channel: 'APP', items: [{ product: product._id }], pay: { pay_type: 'WECHAT', amount: 800 } },
    });
    const store = await e.server.login('store-a1');
    const asked = await e.server.call('POST', '/order/refund', {
      token: store,
      body: { _id: sold.body.data._id, amount: 800, reason: `Cold ${lang}` },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const { page, context } = await e.newPage({ lang, width: 390, height: 844 });
    await e.login(page, 'brand-a', { at: `/refund-approval` });
    const card = page.getByTestId('list-card').filter({ hasText: `Cold ${lang}` });
    await card.waitFor();
    const approve = card.getByRole('button', { name: translate(lang, 'resources.refund.actions.approve') });
    const box = (await approve.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // on a phone react-admin draws a button as its icon alone: each decision has one to be seen by
    for (const b of [approve, card.getByRole('button', { name: translate(lang, 'resources.refund.actions.reject') })])
      expect(await b.locator('svg').count()).toBe(1);
    expect(await card.getByTestId('card-status').textContent()).toBe(
      translate(lang, 'resources.refund.choices.status.CREATED'),
    );
    expect(await card.getByTestId('card-primary').textContent()).toContain('8');
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-approval-${lang}`);
    await approve.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: translate(lang, 'ra.action.confirm') })
      .click();
    await card.waitFor({ state: 'detached' });
    expect(
      (
        await e.server.db
          .selectFrom('refund')
          .select('status')
          .where('_id', '=', asked.body.data.refund._id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('SUCCESS');
    await context.close();
    // at 1366 px the decisions stand inside the window, at the end of a one-line row
    const desk = await e.newPage({ lang });
    await e.login(desk.page, 'brand-a', { at: `/refund-approval` });
    const decide = desk.page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: translate(lang, 'resources.refund.actions.reject') });
    await decide.waitFor();
    const at = (await decide.boundingBox())!;
    expect(at.x + at.width).toBeLessThanOrEqual(1366);
    expect(await noSideways(desk.page)).toBe(true);
    await e.shot(desk.page, `finish-approval-${lang}`);
    await desk.context.close();
  });

  it.each(['en', 'es'] as const)('walks through robots, orders, alarms and restock as cards (%s)', async (lang) => {
    const r = await e.server.call('POST', '/product/add', {
      token: admin,
      body: {
        code: `FIN-OUT-${lang}`,
        name: `Finish out ${lang}`,
        price: 1250,
        type: 'coffee',
        number: 1,
        dealer: 'store_a1',
        stock: 0,
        warn_stock: 5,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await gateway(23)).status).toBe(200);
    const page = await e.pooledPage({ lang, width: 390, height: 844 });
    // robots first, opened as a link from outside; the other lists inside the console
    await e.login(page, 'store-a1', {
      at: `/device?filter=${encodeURIComponent(JSON.stringify({ q: 'Finish bot' }))}`,
    });
    const inView = async (testId: string) => {
      // the list's own cards, not those of the page before it (openList)
      const card = page.locator('[data-testid="list-cards"]:not([data-left]) [data-testid="list-card"]').first();
      await card.getByTestId(testId).waitFor();
      const box = await card.getByTestId(testId).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      return (await card.getByTestId(testId).textContent()) ?? '';
    };

    // robots: the name, whether it is online and its state, at a glance
    expect(await inView('card-primary')).toContain('Finish bot');
    const status = await inView('card-status');
    expect(status).toContain(translate(lang, 'resources.device.choices.online.false'));
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-robots-${lang}`);
    // one tap opens it: its state and its alarms
    await page.getByTestId('list-card').first().click();
    await page.waitForURL(/\/device\/[^/]+\/show$/);
    await page
      .getByTestId('robot-alarms-active')
      .getByTestId('robot-alarm')
      .filter({ hasText: '23 · ' })
      .first()
      .waitFor();
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-robot-${lang}`);

    // orders: amount and robot, time, and whether it was paid, not a 24-character id
    await openList(page, '/order');
    expect(await inView('card-primary')).toMatch(/\d+[.,]\d\d/);
    expect(await inView('card-status')).toMatch(
      new RegExp(
        Object.values({
          a: translate(lang, 'resources.order.choices.pay_status.PAID'),
          b: translate(lang, 'resources.order.choices.pay_status.UNPAY'),
          c: translate(lang, 'resources.order.choices.pay_status.CANCEL'),
          d: translate(lang, 'resources.order.choices.pay_status.FREE'),
          e: translate(lang, 'resources.order.choices.pay_status.WAITPAY'),
          f: translate(lang, 'resources.order.choices.pay_status.PAYERROR'),
        }).join('|'),
      ),
    );
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-orders-${lang}`);

    // alarms: what is wrong with which robot, its level and state, acknowledged with one tap
    await openList(page, `/alarm?filter=${encodeURIComponent(JSON.stringify({ device: robot._id }))}`);
    expect(await inView('card-primary')).toMatch(/^\d+ · .+/);
    expect(await inView('card-secondary')).toContain('Finish bot');
    await page
      .getByTestId('list-card')
      .first()
      .getByRole('button', { name: translate(lang, 'resources.alarm.actions.acknowledge') })
      .waitFor();
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-alarms-${lang}`);

    // restock: the sold-out line, selected and restocked from the phone
    await openList(page, `/restock?filter=${encodeURIComponent(JSON.stringify({ q: `Finish out ${lang}` }))}`);
    expect(await inView('card-primary')).toContain(`Finish out ${lang}`);
    expect(await inView('card-status')).toBe(translate(lang, 'vf.restock.sold_out'));
    await page.getByTestId('list-card').first().getByRole('checkbox').check();
    await page.getByTestId('lines-apply').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('lines-all').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container')].every((d) => getComputedStyle(d).opacity === '1'),
    );
    expect(await noSideways(page)).toBe(true);
    await e.shot(page, `finish-phone-restock-${lang}`);
  });
});

it('fits every list at 1366 px: no column under the row actions, a time never cut (the robots’ last heartbeat)', async () => {
  const page = await e.pooledPage({ lang: 'en', width: 1366, height: 860 });
  await e.login(page, 'admin', { at: '/device' });
  for (const list of ['device', 'alarm', 'dealer', 'user']) {
    if (list !== 'device') await openList(page, `/${list}`);
    await page.locator('tbody tr').first().waitFor();
    await page.locator('tbody tr .MuiSkeleton-root').first().waitFor({ state: 'detached' });
    // every cell left of the row's actions ends before them; a time stands whole
    const under = () =>
      page.locator('tbody tr').evaluateAll((trs) =>
        trs.flatMap((tr, row) => {
          const actions = tr.querySelector('td.vf-row-actions');
          const edge = actions ? actions.getBoundingClientRect().left : window.innerWidth;
          return [...tr.querySelectorAll('td:not(.vf-row-actions)')]
            .filter((td) => td.getBoundingClientRect().width > 0)
            .flatMap((td, col) => {
              const r = td.getBoundingClientRect();
              const time = /\d{1,2}:\d{2}/.test(td.textContent ?? '');
              return r.right > edge + 0.5 || (time && td.scrollWidth > td.clientWidth)
                ? [`row ${row + 1} column ${col + 1}: ${td.textContent}`]
                : [];
            });
        }),
      );
    await expect.poll(under, { message: list }).toEqual([]);
    await e.shot(page, `finish-fit-${list}-1366`);
  }
  // the robot list's last heartbeat column is there, whole, beside the actions
  await openList(page, '/device');
  await page.locator('th.column-last_heartbeat').waitFor();
});

it('names a store’s brand on its robot’s page, while the brand itself stays refused to the store', async () => {
  const token = await e.server.login('store-a1');
  const read = callPath(integrator, 'read').replace(':id', 'brand_a');
  expect((await e.server.call('GET', read, { token })).status).toBe(403);
  expect((await e.server.call('POST', callPath(integrator, 'list'), { token, body: {} })).status).toBe(403);
  for (const [width, height] of [
    [1366, 860],
    [390, 844],
  ]) {
    const page = await e.pooledPage({ lang: 'en', width, height });
    await e.login(page, 'store-a1', { at: `/device/${robot._id}/show` });
    // the robot's details: its brand by name, where a failed fetch of the brand showed an error icon
    const main = page.locator('main');
    await main.getByText('Demo Brand A', { exact: true }).waitFor();
    expect(await main.getByTestId('ErrorIcon').count()).toBe(0);
    await e.shot(page, `finish-store-robot-brand-${width}`);
  }
});
