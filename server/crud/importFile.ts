// Reading an imported spreadsheet (server/crud/import.ts): a CSV in UTF-8 (with or without its BOM) or GB18030
// (what Chinese Excel writes), or an .xlsx read by exceljs's streaming reader — its header row and then its rows
// as text cells, each with the row number the spreadsheet shows. Limits keep a hostile file small in memory: the
// bytes (the route's), the rows, the columns, a cell's length, and for an .xlsx what its parts unpack to (a zip
// bomb is refused from its directory before anything is inflated). A formula is read as its text, never run.
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { IMPORT_MAX_CELL, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED } from '../../resources/limits';
import { ApiError, badRequest } from '../http/errors';

export type Encoding = 'utf-8' | 'utf-8-bom' | 'gb18030' | 'xlsx';

/** One row of the file: the number the spreadsheet shows it under (the header is 1), and its cells as text. */
export interface FileRow {
  row: number;
  cells: string[];
}

export interface ReadFile {
  encoding: Encoding;
  headers: string[];
  rows: FileRow[];
}

const tooManyRows = () => new ApiError(413, 'vf.import.error.rows', { max: IMPORT_MAX_ROWS });
const tooManyColumns = () => badRequest('vf.import.error.columns', { max: IMPORT_MAX_COLUMNS });
const cellTooLong = (row: number) => badRequest('vf.import.error.cell', { row, max: IMPORT_MAX_CELL });
const unreadable = () => badRequest('vf.import.error.unreadable');

const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads the file: an .xlsx by its bytes (a zip), anything else as CSV text. */
export async function readSpreadsheet(bytes: Buffer): Promise<ReadFile> {
  if (bytes.length === 0) throw badRequest('vf.import.error.empty');
  const file = bytes.subarray(0, 4).equals(ZIP_START) ? await readXlsx(bytes) : readCsv(bytes);
  if (file.headers.every((h) => h === '')) throw badRequest('vf.import.error.empty');
  return file;
}

/** The text's encoding: its BOM, else UTF-8 when every byte sequence is valid UTF-8, else GB18030. */
export function decodeText(bytes: Buffer): { encoding: Encoding; text: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8-bom', text: bytes.subarray(3).toString('utf8') };
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'gb18030', text: iconv.decode(bytes, 'gb18030') };
  }
}

/** The export writes text a spreadsheet would run (=, +, -, @ first) behind an apostrophe (exportWriters.ts
 * csvCell): reading it back drops that apostrophe, so the value is the one exported. */
const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** RFC 4180 CSV: quoted cells with "" inside, CRLF or LF line ends; comma or semicolon (the header decides). */
export function readCsv(bytes: Buffer): ReadFile {
  const { encoding, text } = decodeText(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: FileRow[] = [];
  let headers: string[] | undefined;
  let line = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quotedCell = false;
  const endCell = () => {
    if (cell.length > IMPORT_MAX_CELL) throw cellTooLong(line);
    cells.push(unguard(quotedCell ? cell : cell.trim()));
    if (cells.length > IMPORT_MAX_COLUMNS) throw tooManyColumns();
    cell = '';
    quotedCell = false;
  };
  const endRow = () => {
    endCell();
    if (!headers) headers = cells.map((c) => c.trim());
    else if (cells.some((c) => c !== '')) {
      if (rows.length >= IMPORT_MAX_ROWS) throw tooManyRows();
      rows.push({ row: line, cells });
    }
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        cell += c;
        if (cell.length > IMPORT_MAX_CELL) throw cellTooLong(line);
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      quotedCell = true;
      cell = '';
    } else if (c === sep) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
    } else {
      cell += c;
      if (cell.length > IMPORT_MAX_CELL) throw cellTooLong(line);
    }
  }
  if (cell !== '' || cells.length) endRow();
  return { encoding, headers: headers ?? [], rows };
}

/**
 * What an .xlsx's parts unpack to, by its central directory: refused past IMPORT_MAX_UNPACKED (and when the
 * directory cannot be read, or uses ZIP64's sizes, which no spreadsheet of 10 MB needs) before inflating a byte.
 */
export function checkZip(bytes: Buffer) {
  const minEnd = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= minEnd; i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw unreadable();
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let unpacked = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) throw new ApiError(413, 'vf.import.error.unpacked');
    unpacked += size;
    if (unpacked > IMPORT_MAX_UNPACKED) throw new ApiError(413, 'vf.import.error.unpacked');
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
}

/** A cell as text: a formula is its own text (`=HYPERLINK(…)`), never its result; a date as ISO text. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.formula === 'string') return `=${o.formula}`;
    if (typeof o.sharedFormula === 'string') return `=${o.sharedFormula}`;
    if (Array.isArray(o.richText)) return o.richText.map((r: { text?: string }) => r.text ?? '').join('');
    if (typeof o.text === 'string') return o.text;
    if (typeof o.error === 'string') return o.error;
  }
  return '';
}

/** The first sheet of an .xlsx, streamed row by row (the shared strings are its only part held whole). */
async function readXlsx(bytes: Buffer): Promise<ReadFile> {
  checkZip(bytes);
  // loaded on the first import, as the export does: exceljs holds ~28 MB in every process that loads it
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let headers: string[] | undefined;
  const rows: FileRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const r of sheet) {
        const values = (r as unknown as { values: unknown[] }).values;
        if (values.length - 1 > IMPORT_MAX_COLUMNS) throw tooManyColumns();
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) {
          const t = cellText(values[i]);
          if (t.length > IMPORT_MAX_CELL) throw cellTooLong(r.number);
          cells.push(t);
        }
        if (!headers) {
          headers = cells.map((c) => c.trim());
          continue;
        }
        if (cells.every((c) => c.trim() === '')) continue;
        if (rows.length >= IMPORT_MAX_ROWS) throw tooManyRows();
        rows.push({ row: r.number, cells });
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw unreadable();
  }
  return { encoding: 'xlsx', headers: headers ?? [], rows };
}
