// Whole-list export on the server: the file holds exactly the rows the list shows for the same filter and sort
// (across the server's read batches), in the caller's language and time zone, money in yuan, tenant-scoped,
// never a secret; bad requests are a 4xx before any byte.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/server';
import { loadWithoutTriggers } from '../support/db';

let s: TestServer;
let admin: string;
let brandB: string;
let storeA1: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, brandB, storeA1] = await Promise.all(['admin', 'brand-b', 'store-a1'].map((u) => s.login(u)));
  // more orders than one read batch (5,000), so the file is stitched from several keyset reads
  // through no trigger: this file reads no dashboard figure (tests/support/db.ts)
  await loadWithoutTriggers(
    s.db,
    sql`INSERT INTO orders
    SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
      '_id', o._id || '-x' || g, 'refund_status', NULL,
      'create_time', CASE WHEN g % 3 = 0 THEN o.create_time ELSE o.create_time - g * interval '1 second' END))).*
    FROM orders o, generate_series(1, 12) g`,
  );
}, 240_000);
afterAll(() => s?.close());

async function download(path: string, token: string, body: unknown, lang = 'en') {
  const res = await fetch(`${s.url}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Every row of a list, page after page by number, as the screen reads it. */
async function listAll(path: string, token: string, filter: object, sort: object) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const r = await s.call('POST', path, { token, body: { page, pageSize: 500, filter, sort } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows.push(...r.body.data.list);
    if (r.body.data.list.length < 500) return rows;
  }
}

function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

async function parseXlsx(bytes: Buffer, formats?: string[][]) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1));
    const own: string[] = [];
    r.eachCell({ includeEmpty: true }, (c) => own.push(c.numFmt ?? ''));
    formats?.push(own);
  });
  return rows;
}

describe('export', () => {
  it("CSV holds exactly the list's rows for a filter and sort, in order, across read batches, with NULL sort values", async () => {
    const filter = { create_time_gte: '2000-01-01T00:00:00Z' };
    const sort = { field: 'refund_status', order: 'ASC' };
    const listed = await listAll('/order/list', admin, filter, sort);
    expect(listed.length).toBeGreaterThan(5000);
    const file = await download('/order/export', admin, { format: 'csv', filter, sort });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="excel-list.csv"');
    const rows = parseCsv(file.bytes.toString('utf8'));
    expect(rows[0][0]).toBe('Order id');
    // yuan with two decimals: 30.00 and 12.50, as the screen shows them
    const amount = rows[0].indexOf('Amount');
    expect(rows.slice(1).map((r) => r[amount])).toEqual(listed.map((r) => ((r.amount as number) / 100).toFixed(2)));
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((r) => r._id));
  });

  it(".xlsx parses back, in the caller's language and time zone, money in yuan, store names for ids", async () => {
    const filter = { status: 'CLOSE', dealer: 'store_a1', create_time_gte: '2000-01-01T00:00:00Z' };
    const sort = { field: 'amount', order: 'DESC' };
    const listed = await listAll('/order/list', admin, filter, sort);
    const file = await download('/order/export', admin, { filter, sort, tz: 'Asia/Tokyo' }, 'ja');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="excel-list.xlsx"');
    const formats: string[][] = [];
    const [header, ...rows] = await parseXlsx(file.bytes, formats);
    const col = (label: string) => header.indexOf(label);
    expect(col('金額')).toBeGreaterThan(0);
    // money shows two decimals in Excel (30.00, not 30); other numbers keep the general format
    expect(formats.slice(1).map((f) => f[col('金額')])).toEqual(rows.map(() => '0.00'));
    expect(formats[1][0]).not.toBe('0.00');
    expect(rows.map((r) => r[0])).toEqual(listed.map((r) => r._id));
    const first = rows[0];
    expect(first[col('金額')]).toBe((listed[0].amount as number) / 100);
    expect(first[col('店舗')]).toBe('Store A1');
    expect(first[col('注文状態')]).not.toBe('CLOSE'); // the choice's label, not its code
    const tokyo = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    expect(first[col('注文日時')]).toBe(tokyo.format(new Date(listed[0].create_time as string)));
  });

  it("stays inside the caller's tenant and never writes a secret", async () => {
    const b = parseCsv((await download('/order/export', brandB, { format: 'csv' })).bytes.toString('utf8'));
    const ids = b.slice(1).map((r) => r[0]);
    const own = await s.db.selectFrom('orders').select('_id').where('integrator', '=', 'brand_b').execute();
    expect(new Set(ids)).toEqual(new Set(own.map((o) => o._id)));
    // another brand's filter gives nothing rather than that brand's rows
    expect(
      parseCsv(
        (await download('/order/export', brandB, { format: 'csv', filter: { integrator: 'brand_a' } })).bytes.toString(
          'utf8',
        ),
      ),
    ).toHaveLength(1);
    const store = parseCsv((await download('/order/export', storeA1, { format: 'csv' })).bytes.toString('utf8'));
    expect(store.length - 1).toBe(
      (await s.db.selectFrom('orders').select('_id').where('dealer', '=', 'store_a1').execute()).length,
    );
    const users = (await download('/user/export', admin, { format: 'csv' })).bytes.toString('utf8');
    const hashes = await s.db.selectFrom('account').select('password').execute();
    for (const h of hashes) if (h.password) expect(users).not.toContain(h.password);
    expect((await download('/user/export', admin, { format: 'csv', fields: ['password'] })).status).toBe(400);
  });

  it('neutralises text a spreadsheet would run (CSV: a leading apostrophe), keeps numbers numbers, and .xlsx writes text cells', async () => {
    // docs/security.md "Files a spreadsheet opens": a store names its product, its store and its manager so that the
    // administrator's file runs them
    const product = "+cmd|' /C calc'!A0";
    const store = '=HYPERLINK("//e.vil","A1")';
    const nickname = "@SUM(1+1)*cmd|' /C calc'!A0";
    const made = await s.call('POST', '/product/add', {
      token: storeA1,
      body: {
        code: 'FORMULA1',
        name: product,
        sub_name: '-2+3',
        price: 1250,
        type: 'icecream',
        number: 1,
        dealer: 'store_a1',
        stock: -1,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    for (const [path, body] of [
      ['/dealer/edit', { _id: 'store_a1', name: store }],
      ['/user/profile/store-a1', { nickname: `\t${nickname}` }],
    ] as const) {
      const r = await s.call('POST', path, { token: admin, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const csv = async (path: string, body: object) =>
      parseCsv((await download(path, admin, { format: 'csv', ...body })).bytes.toString('utf8'));
    const [head, ...products] = await csv('/product/export', { filter: { q: 'calc' }, fields: ['sub_name'] });
    expect(products).toHaveLength(1);
    expect(products[0][head.indexOf('Display name')]).toBe(`'${product}`);
    expect(products[0][head.indexOf('Secondary name')]).toBe("'-2+3");
    expect(products[0][head.indexOf('Price (¥)')]).toBe('12.50'); // a number stays a number
    expect(products[0].some((c) => c === `'${store}`)).toBe(true); // the store's name for its id
    const stores = await csv('/dealer/export', {});
    expect(stores.flat()).toContain(`'${store}`);
    const users = await csv('/user/export', {});
    const stored = (
      await s.db.selectFrom('account').select('nickname').where('_id', '=', 'store-a1').executeTakeFirstOrThrow()
    ).nickname;
    expect(stored).toContain(nickname);
    expect(users.flat()).toContain(`'${stored}`);
    // no cell a spreadsheet would run, but for numbers (a stock of -1: unlimited)
    for (const cell of [...products.flat(), ...stores.flat(), ...users.flat()])
      if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(products[0]).toContain('-1');
    // the .xlsx holds the very same texts as text cells: no formula
    const xbytes = (await download('/product/export', admin, { filter: { q: 'calc' } })).bytes;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xbytes as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    book.worksheets[0].getRow(2).eachCell((c) => cells.push(c));
    const named = cells.find((c) => c.value === product);
    expect(named?.type).toBe(ExcelJS.ValueType.String);
    expect(cells.some((c) => c.value === store && c.type === ExcelJS.ValueType.String)).toBe(true);
    expect(cells.every((c) => c.type !== ExcelJS.ValueType.Formula)).toBe(true);
    expect(xbytes.includes(Buffer.from('<f>'))).toBe(false);
  });

  it('answers bad requests with a translated 4xx before any byte', async () => {
    for (const body of [
      { format: 'pdf' },
      { tz: 'Mars/Olympus' },
      { filter: { nope: 1 } },
      { sort: { field: 'products' } },
      { fields: 'x' },
      { fields: ['flow'] },
      [1],
    ]) {
      const r = await s.call('POST', '/order/export', { token: admin, body, lang: 'es' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect((await s.call('POST', '/user/export', { token: storeA1, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/order/export', { body: {} })).status).toBe(401);
  });
});
