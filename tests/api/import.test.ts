// Spreadsheets in (docs/import.md): every declared import, a dry run that writes nothing, all-or-nothing versus
// `partial`, headers and words in each language, CSV in UTF-8 (BOM or not) and GB18030, .xlsx with its limits
// (a zip bomb, too many rows, formulas kept as text), tenant scope per row, the undo and its conflicts, one import
// at a time, and the console's own export imported back as all `unchanged`. The files are built here, small.
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { deflateRawSync, crc32 } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server';
import { translate } from '../../i18n';
import type { Lang } from '../../resources/accounts';
import type { ImportAnswer } from '../../resources/limits';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_JOB_ROWS } from '../../resources/limits';

let s: TestServer;
let admin: string;
let brandA: string;
let brandB: string;
let storeA1: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, brandA, brandB, storeA1] = await Promise.all(
    ['admin', 'brand-a', 'brand-b', 'store-a1'].map((u) => s.login(u)),
  );
}, 120_000);
afterAll(() => s?.close());

type Sent = { status: number; body: { code: number; data: ImportAnswer; message?: string } };

/** POSTs a file as the console does: multipart, `file` then `mode` and `partial`. */
async function upload(
  resource: string,
  token: string,
  file: Buffer | string,
  opts: { name?: string; mode?: 'dry_run' | 'apply'; partial?: boolean; lang?: string } = {},
): Promise<Sent> {
  const form = new FormData();
  form.append('mode', opts.mode ?? 'dry_run');
  if (opts.partial) form.append('partial', 'true');
  form.append(
    'file',
    new Blob([new Uint8Array(typeof file === 'string' ? Buffer.from(file) : file)]),
    opts.name ?? 'file.csv',
  );
  const res = await fetch(`${s.url}/api/${resource}/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': opts.lang ?? 'en' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const csv = (rows: unknown[][]) =>
  rows
    .map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n');

async function xlsx(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('list');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const label = (lang: Lang, resource: string, field: string) => translate(lang, `resources.${resource}.fields.${field}`);
const count = async (table: 'device' | 'product' | 'template' | 'dealer' | 'account', col: string, values: string[]) =>
  (
    await s.db
      .selectFrom(table)
      .select('_id')
      .where(col as never, 'in', values as never)
      .execute()
  ).length;

describe('robots', () => {
  it('a dry run writes nothing; the apply adds the robots and answers each new key once', async () => {
    const ids = [`IMP${uid()}01`, `IMP${uid()}02`];
    const file = csv([
      ['device_id', 'name', 'sn', 'type', 'category', 'dealer'],
      [ids[0], 'Cone one', 'SN-1', 'icecream', 'Kiosk', 'store_a1'],
      [ids[1], 'Cone two', 'SN-2', 'icecream', 'Kiosk', 'store_a1'],
    ]);
    const dry = await upload('device', brandA, file);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ state: 'dry_run', rows: 2, created: 2, refused: 0, encoding: 'utf-8' });
    expect(dry.body.data.secrets).toBeUndefined();
    expect(await count('device', 'device_id', ids)).toBe(0);
    const logs = await s.db.selectFrom('log').select('_id').where('record', '=', dry.body.data.import_id).execute();
    expect(logs).toHaveLength(0);

    const applied = await upload('device', brandA, file, { mode: 'apply' });
    expect(applied.body.data).toMatchObject({ state: 'done', created: 2 });
    expect(await count('device', 'device_id', ids)).toBe(2);
    const keys = applied.body.data.secrets!.filter((x) => x.field === 'device_key');
    expect(keys).toHaveLength(2);
    // the key works: the robot signs in to the gateway with it
    const beat = await fetch(`${s.url}/api/device-gateway/heartbeat`, {
      method: 'POST',
      headers: { 'X-Device-Id': ids[0], 'X-Device-Key': keys[0].value, 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'idle' }),
    });
    expect(beat.status).toBeLessThan(300);
    // once: the import's page never shows it again
    const page = await s.call('GET', `/import/${applied.body.data.import_id}`, { token: brandA });
    expect(JSON.stringify(page.body.data)).not.toContain(keys[0].value);
    // one entry for the import, and one per row
    const entry = await s.db
      .selectFrom('log')
      .selectAll()
      .where('record', '=', applied.body.data.import_id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'import', resource: 'import' });
    expect(entry.after).toMatchObject({ list: 'device', created: 2, file_name: 'file.csv' });
  });
});

describe('all or nothing', () => {
  const file = (code: string) =>
    csv([
      ['code', 'name', 'price', 'type', 'number'],
      [`${code}A`, 'Good one', '900', 'coffee', '1'],
      [`${code}B`, 'X', 'cheap', 'coffee', '1'],
      [`${code}C`, 'Good two', '900', 'tea', '1'],
    ]);

  it('refuses the whole file when a row is refused, naming each bad cell by row and column, translated', async () => {
    const code = `AN${uid()}`;
    const r = await upload('template', brandA, file(code), { mode: 'apply', lang: 'es' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ state: 'failed', refused: 2 });
    expect(await count('template', 'code', [`${code}A`, `${code}B`, `${code}C`])).toBe(0);
    const errors = r.body.data.errors;
    expect(errors.find((e) => e.row === 3 && e.column === 'price')?.message).toBe(
      translate('es', 'vf.validation.integer', { field: 'price' }),
    );
    expect(errors.find((e) => e.row === 3 && e.column === 'name')).toBeDefined();
    expect(errors.find((e) => e.row === 4 && e.column === 'type')?.message).toContain('icecream');
  });

  it('with `partial` writes the good rows and refuses the others', async () => {
    const code = `PA${uid()}`;
    const r = await upload('template', brandA, file(code), { mode: 'apply', partial: true });
    expect(r.body.data).toMatchObject({ state: 'done', created: 1, refused: 2 });
    expect(await count('template', 'code', [`${code}A`, `${code}B`, `${code}C`])).toBe(1);
  });
});

describe('headers and words', () => {
  it.each(['zh', 'en', 'es', 'ja'] as const)(
    'reads the export’s titles and words in %s: yuan, choices, yes/no and a store by its name',
    async (lang) => {
      const code = `L${lang}${uid()}`;
      const l = (f: string) => label(lang, 'product', f);
      const file = csv([
        [l('code'), l('name'), l('price'), l('type'), l('number'), l('dealer'), l('hide'), 'Nonsense'],
        [
          code,
          'Cone',
          '12.50',
          translate(lang, 'resources.product.choices.type.coffee'),
          '3',
          'Store A1',
          translate(lang, 'ra.boolean.true'),
          'x',
        ],
      ]);
      const r = await upload('product', brandA, file, { mode: 'apply', lang });
      expect(r.body.data, JSON.stringify(r.body.data.errors)).toMatchObject({ state: 'done', created: 1 });
      expect(r.body.data.ignored).toEqual(['Nonsense']);
      const row = await s.db.selectFrom('product').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ price: 1250, type: 'coffee', number: 3, dealer: 'store_a1', hide: true });
    },
  );
});

describe('encodings', () => {
  const rows = (code: string) => [
    ['code', 'name', 'price', 'type', 'number'],
    [code, '香草甜筒', '900', 'icecream', '1'],
  ];
  it('reads GB18030 (what Chinese Excel writes) and names it', async () => {
    const code = `GB${uid()}`;
    const r = await upload('template', brandA, iconv.encode(csv(rows(code)), 'gb18030'), { mode: 'apply' });
    expect(r.body.data).toMatchObject({ encoding: 'gb18030', created: 1 });
    const row = await s.db.selectFrom('template').select('name').where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.name).toBe('香草甜筒');
  });
  it('reads UTF-8 with its BOM', async () => {
    const code = `BO${uid()}`;
    const r = await upload('template', brandA, `\uFEFF${csv(rows(code))}`, { mode: 'apply' });
    expect(r.body.data).toMatchObject({ encoding: 'utf-8-bom', created: 1 });
    const row = await s.db.selectFrom('template').select(['name', 'code']).where('code', '=', code).executeTakeFirst();
    expect(row?.name).toBe('香草甜筒');
  });
});

/** A zip whose one part inflates to `size` zero bytes: a few hundred kB on the wire. */
function zipBomb(size: number) {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.alloc(size), { level: 1 });
  const crc = crc32(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('limits', () => {
  it('refuses a file of 10 MB and 1 byte with 413, translated', async () => {
    const r = await upload('template', brandA, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'), { lang: 'zh' });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(translate('zh', 'vf.import.error.too_large', { max: '10 MB' }));
  });
  it('refuses an .xlsx that unpacks to hundreds of MB (a zip bomb) before inflating it', async () => {
    const r = await upload('template', brandA, zipBomb(210 * 2 ** 20), { name: 'bomb.xlsx', lang: 'ja' });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(translate('ja', 'vf.import.error.unpacked'));
  });
  it(`refuses a CSV of ${IMPORT_MAX_ROWS + 1} rows, translated, and writes nothing`, async () => {
    const lines = ['code,name,price,type,number'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`R${i},Row,1,coffee,1`);
    const r = await upload('template', brandA, lines.join('\n'), { mode: 'apply', lang: 'es' });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(translate('es', 'vf.import.error.rows', { max: IMPORT_MAX_ROWS }));
    expect(await count('template', 'code', ['R1', 'R2'])).toBe(0);
  });
  it('keeps a formula cell as its text, never its result', async () => {
    const name = `Formula ${uid()}`;
    const file = await xlsx([
      ['name', 'description', 'integrator'],
      [name, { formula: 'HYPERLINK("http://evil.example","click")', result: 'click' }, 'brand_a'],
    ]);
    const r = await upload('dealer', brandA, file, { name: 'stores.xlsx', mode: 'apply' });
    expect(r.body.data, JSON.stringify(r.body.data.errors)).toMatchObject({ encoding: 'xlsx', created: 1 });
    const row = await s.db.selectFrom('dealer').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.description).toBe('=HYPERLINK("http://evil.example","click")');
  });
});

describe('tenant scope, row by row', () => {
  it("refuses another brand's robot as a taken key, and leaves it as it was", async () => {
    const theirs = await s.db
      .selectFrom('device')
      .selectAll()
      .where('integrator', '=', 'brand_a')
      .executeTakeFirstOrThrow();
    const file = csv([
      ['device_id', 'name', 'sn', 'type', 'category', 'integrator'],
      [theirs.device_id, 'Taken over', 'SN', 'noodle', 'Mine', 'brand_b'],
    ]);
    const r = await upload('device', brandB, file, { mode: 'apply', partial: true });
    expect(r.body.data).toMatchObject({ refused: 1, created: 0, updated: 0 });
    expect(r.body.data.errors[0].message).toBe(
      translate('en', 'vf.securityData.unavailable', { field: 'device_id' }).replace(
        'device_id',
        label('en', 'device', 'device_id'),
      ),
    );
    const after = await s.db.selectFrom('device').selectAll().where('_id', '=', theirs._id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: theirs.name, integrator: 'brand_a', version: theirs.version });
  });

  it('a store imports into its own store only', async () => {
    const code = `ST${uid()}`;
    const r = await upload(
      'product',
      storeA1,
      csv([
        ['code', 'name', 'price', 'type', 'number', label('en', 'product', 'dealer')],
        [`${code}1`, 'Mine', '1', 'coffee', '1', ''],
        [`${code}2`, 'Not mine', '1', 'coffee', '1', 'Store A2'],
        [`${code}3`, 'Not mine', '1', 'coffee', '1', 'store_a2'],
      ]),
      { mode: 'apply', partial: true },
    );
    expect(r.body.data).toMatchObject({ created: 1, refused: 2 });
    expect(r.body.data.errors.map((e) => e.row)).toEqual([3, 4]);
    const rows = await s.db
      .selectFrom('product')
      .select(['code', 'dealer'])
      .where('code', 'like', `${code}%`)
      .execute();
    expect(rows).toEqual([{ code: `${code}1`, dealer: 'store_a1' }]);
  });
});

describe('undo', () => {
  it('removes what the import added and gives back what it changed, leaving rows changed since as conflicts; an undo is not undone', async () => {
    const code = `UN${uid()}`;
    const kept = await s.call('POST', '/template/add', {
      token: brandA,
      body: { code: `${code}K`, name: 'Kept', price: 100, type: 'coffee', number: 1, integrator: 'brand_a' },
    });
    expect(kept.status).toBe(200);
    const r = await upload(
      'template',
      brandA,
      csv([
        ['code', 'name', 'price', 'type', 'number'],
        [`${code}K`, 'Renamed', '100', 'coffee', '1'],
        [`${code}1`, 'New one', '100', 'coffee', '1'],
        [`${code}2`, 'New two', '100', 'coffee', '1'],
      ]),
      { mode: 'apply' },
    );
    expect(r.body.data).toMatchObject({ state: 'done', created: 2, updated: 1 });
    const id = r.body.data.import_id;
    // someone edits one of the new rows meanwhile: the undo leaves it
    const two = await s.db
      .selectFrom('template')
      .select('_id')
      .where('code', '=', `${code}2`)
      .executeTakeFirstOrThrow();
    expect(
      (await s.call('POST', '/template/edit', { token: brandA, body: { _id: two._id, name: 'Edited' } })).status,
    ).toBe(200);
    // another brand may not undo it
    expect((await s.call('POST', `/import/${id}/revert`, { token: brandB })).status).toBe(404);

    const undo = await s.call<ImportAnswer>('POST', `/import/${id}/revert`, { token: brandA, lang: 'ja' });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data.state).toBe('reverted');
    expect(undo.body.data.conflicts).toEqual([
      { record: two._id, message: translate('ja', 'vf.import.conflict.changed') },
    ]);
    const left = await s.db
      .selectFrom('template')
      .select(['code', 'name'])
      .where('code', 'like', `${code}%`)
      .orderBy('code')
      .execute();
    expect(left).toEqual([
      { code: `${code}2`, name: 'Edited' },
      { code: `${code}K`, name: 'Kept' },
    ]);
    const again = await s.call('POST', `/import/${id}/revert`, { token: brandA });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(translate('en', 'vf.import.error.reverted'));
  });

  it('an undone robot’s key no longer opens the gateway', async () => {
    const id = `UNDO${uid()}1`;
    const file = csv([
      ['device_id', 'name', 'sn', 'type', 'category', 'dealer'],
      [id, 'Undone', 'SN-U', 'icecream', 'Kiosk', 'store_a1'],
    ]);
    const r = await upload('device', brandA, file, { mode: 'apply' });
    const key = r.body.data.secrets![0].value;
    const beat = () =>
      fetch(`${s.url}/api/device-gateway/heartbeat`, {
        method: 'POST',
        headers: { 'X-Device-Id': id, 'X-Device-Key': key, 'Content-Type': 'application/json' },
        body: '{}',
      });
    expect((await beat()).status).toBe(200);
    expect((await s.call('POST', `/import/${r.body.data.import_id}/revert`, { token: brandA })).status).toBe(200);
    expect((await beat()).status).toBe(401);
  });

  it('refuses to undo a dry run', async () => {
    const r = await upload(
      'template',
      brandA,
      csv([
        ['code', 'name', 'price', 'type', 'number'],
        [`DR${uid()}`, 'Dry', '1', 'coffee', '1'],
      ]),
    );
    expect((await s.call('POST', `/import/${r.body.data.import_id}/revert`, { token: brandA })).status).toBe(409);
  });
});

describe('large files', () => {
  it(`past ${IMPORT_JOB_ROWS} rows runs as a job: a second import of the list meanwhile is refused, and a stopped one writes nothing`, async () => {
    const code = `JB${uid()}`;
    const lines = ['code,name,price,type,number'];
    for (let i = 0; i <= IMPORT_JOB_ROWS; i++) lines.push(`${code}${i},Row ${i},1,coffee,1`);
    const first = await upload('template', brandB, lines.join('\n'), { mode: 'apply' });
    expect(first.body.data).toMatchObject({ state: 'running', total: IMPORT_JOB_ROWS + 1 });
    const second = await upload('template', brandB, lines.slice(0, 2).join('\n'), { mode: 'apply', lang: 'zh' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(translate('zh', 'vf.import.error.running'));
    const stop = await s.call('POST', `/import/${first.body.data.import_id}/cancel`, { token: brandB });
    expect(stop.status).toBe(200);
    let state = 'running';
    while (state === 'running') {
      const page = await s.call<ImportAnswer>('GET', `/import/${first.body.data.import_id}`, { token: brandB });
      state = page.body.data.state;
      if (state === 'running') await new Promise((r) => setImmediate(r));
    }
    expect(state).toBe('cancelled');
    expect(await count('template', 'code', [`${code}0`, `${code}1`])).toBe(0);
    // the list is free again
    expect((await upload('template', brandB, lines.slice(0, 2).join('\n'))).status).toBe(200);
  });
});

describe('accounts and stores', () => {
  it('adds accounts with roles by id and a first password answered once, never read from the file', async () => {
    const login = `imp-${uid().toLowerCase()}`;
    const r = await upload(
      'user',
      brandA,
      csv([
        ['_id', 'nickname', 'account_type', 'roles', 'dealer', 'password'],
        [login, 'Imported', 'DEALER', 'dealer_admin', 'store_a1', 'Secret123'],
      ]),
      { mode: 'apply' },
    );
    expect(r.body.data, JSON.stringify(r.body.data.errors)).toMatchObject({ created: 1, ignored: ['password'] });
    const password = r.body.data.secrets!.find((x) => x.field === 'password')!.value;
    expect(password).not.toBe('Secret123');
    expect(await s.login(login, password)).toBeTruthy();
    await expect(s.login(login, 'Secret123')).rejects.toThrow();
  });

  it('matches a store by brand and name', async () => {
    const name = `Imported ${uid()}`;
    const file = (description: string) =>
      csv([
        ['name', 'description'],
        [name, description],
      ]);
    expect((await upload('dealer', brandA, file('First words'), { mode: 'apply' })).body.data.created).toBe(1);
    const r = await upload('dealer', brandA, file('Second words'), { mode: 'apply' });
    expect(r.body.data).toMatchObject({ created: 0, updated: 1 });
    const rows = await s.db
      .selectFrom('dealer')
      .select(['integrator', 'description'])
      .where('name', '=', name)
      .execute();
    expect(rows).toEqual([{ integrator: 'brand_a', description: 'Second words' }]);
  });
});

describe('the round trip', () => {
  // each list once, in one format and language (the formats and languages alternate across them)
  it.each([
    ['device', 'xlsx', 'zh'],
    ['product', 'csv', 'es'],
    ['template', 'xlsx', 'ja'],
    ['dealer', 'csv', 'en'],
    ['user', 'xlsx', 'es'],
  ] as const)('the console’s export of %s (%s, %s) imports back as all unchanged', async (resource, format, lang) => {
    const res = await fetch(`${s.url}/api/${resource}/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify({ format }),
    });
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer());
    const r = await upload(resource, admin, file, { name: `list.${format}`, lang });
    expect(r.body.data.errors).toEqual([]);
    expect(r.body.data).toMatchObject({ created: 0, updated: 0, refused: 0 });
    expect(r.body.data.unchanged).toBe(r.body.data.rows);
    expect(r.body.data.rows).toBeGreaterThan(0);
  });
});

describe('stock lines', () => {
  it('restocks products of the store by code and quantity, refuses another store’s, and the undo takes the stock back', async () => {
    const mine = await s.db
      .selectFrom('product')
      .selectAll()
      .where('dealer', '=', 'store_a1')
      .where('stock', '>=', 0)
      .executeTakeFirstOrThrow();
    const theirs = await s.db
      .selectFrom('product')
      .selectAll()
      .where('dealer', '=', 'store_a2')
      .where('stock', '>=', 0)
      .executeTakeFirstOrThrow();
    const r = await upload(
      'restock',
      storeA1,
      csv([
        [label('zh', 'restock', 'code'), label('zh', 'restock', 'quantity')],
        [mine.code, '5'],
        [theirs.code === mine.code ? 'NO-SUCH' : theirs.code, '5'],
      ]),
      { mode: 'apply', partial: true, lang: 'zh' },
    );
    expect(r.body.data, JSON.stringify(r.body.data.errors)).toMatchObject({ updated: 1, refused: 1 });
    expect(r.body.data.errors[0]).toMatchObject({ row: 3 });
    const after = await s.db
      .selectFrom('product')
      .select('stock')
      .where('_id', '=', mine._id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(mine.stock + 5);
    const other = await s.db
      .selectFrom('product')
      .select('stock')
      .where('_id', '=', theirs._id)
      .executeTakeFirstOrThrow();
    expect(other.stock).toBe(theirs.stock);
    const undo = await s.call('POST', `/import/${r.body.data.import_id}/revert`, { token: storeA1 });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const back = await s.db.selectFrom('product').select('stock').where('_id', '=', mine._id).executeTakeFirstOrThrow();
    expect(back.stock).toBe(mine.stock);
  });
});

describe('bulk edit', () => {
  it('sets a field declared bulkEdit on the selected rows, each as its own edit: another brand’s row refused, each logged', async () => {
    const ids = (
      await s.db.selectFrom('product').select('_id').where('dealer', '=', 'store_a1').limit(2).execute()
    ).map((r) => r._id);
    const theirs = await s.db
      .selectFrom('product')
      .selectAll()
      .where('dealer', '=', 'store_b1')
      .executeTakeFirstOrThrow();
    const r = await s.call('POST', '/product/bulk', {
      token: brandA,
      body: { action: 'edit', ids: [...ids, theirs._id], body: { price: 1234, hide: true } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ done: 2, refused: 1 });
    const rows = await s.db.selectFrom('product').select(['price', 'hide']).where('_id', 'in', ids).execute();
    expect(rows).toEqual([
      { price: 1234, hide: true },
      { price: 1234, hide: true },
    ]);
    const after = await s.db
      .selectFrom('product')
      .select('price')
      .where('_id', '=', theirs._id)
      .executeTakeFirstOrThrow();
    expect(after.price).toBe(theirs.price);
    const logged = await s.db
      .selectFrom('log')
      .select('record')
      .where('record', 'in', ids)
      .where('action', '=', 'edit')
      .execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a field not declared bulkEdit, and a bad value, once for the call (400, translated), changing nothing', async () => {
    const id = await s.db
      .selectFrom('product')
      .select(['_id', 'name'])
      .where('dealer', '=', 'store_a1')
      .executeTakeFirstOrThrow();
    const name = await s.call('POST', '/product/bulk', {
      token: brandA,
      lang: 'ja',
      body: { action: 'edit', ids: [id._id], body: { name: 'Renamed' } },
    });
    expect(name.status).toBe(400);
    expect(name.body.message).toContain(translate('ja', 'vf.import.error.bulk_field', { fields: '' }).slice(0, 8));
    const bad = await s.call('POST', '/product/bulk', {
      token: brandA,
      body: { action: 'edit', ids: [id._id], body: { price: -1 } },
    });
    expect(bad.status).toBe(400);
    const row = await s.db.selectFrom('product').select('name').where('_id', '=', id._id).executeTakeFirstOrThrow();
    expect(row.name).toBe(id.name);
  });

  it('sets roles on accounts', async () => {
    const r = await s.call('POST', '/user/bulk', {
      token: admin,
      body: { action: 'edit', ids: ['store-a2'], body: { roles: ['dealer_admin'] } },
    });
    expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ done: 1 });
  });
});
