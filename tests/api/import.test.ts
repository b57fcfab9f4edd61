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
  form.append('file', new Blob([typeof file === 'string' ? Buffer.from(file) : file]), opts.name ?? 'file.csv');
  const res = await fetch(`${s.url}/api/${resource}/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': opts.lang ?? 'en' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const csv = (rows: unknown[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');

async function xlsx(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('list');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const label = (lang: Lang, resource: string, field: string) => translate(lang, `resources.${resource}.fields.${field}`);
const count = async (table: 'device' | 'product' | 'template' | 'dealer' | 'account', col: string, values: string[]) =>
  (await s.db.selectFrom(table).select('_id').where(col as never, 'in', values as never).execute()).length;

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
