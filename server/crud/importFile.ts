// Reading an imported spreadsheet (server/crud/import.ts): a CSV in UTF-8 (with or without its BOM) or GB18030
// (what Chinese Excel writes), or an .xlsx read by exceljs's streaming reader — its header row and then its rows
// as text cells, each with the row number the spreadsheet shows. The rows are streamed, never held: a first pass
// checks the file and counts its rows before anything is written, and each pass after it (`rows()`) reads them again
// from the upload's bytes, so an import holds a batch of rows at a time, whatever the file's length
// (docs/import.md, "Figures"). Limits keep a hostile file small in memory: the bytes (the route's), the rows, the
// columns, a cell's length, and for an .xlsx what its parts unpack to (a zip bomb is refused from its directory
// before anything is inflated). A formula is read as its text, never run.
import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
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
  /** the rows under the header that hold anything */
  count: number;
  /** those rows, read again from the file (each call a pass of its own) */
  rows(): AsyncGenerator<FileRow>;
}

const tooManyRows = () => new ApiError(413, 'vf.import.error.rows', { max: IMPORT_MAX_ROWS });
const tooManyColumns = () => badRequest('vf.import.error.columns', { max: IMPORT_MAX_COLUMNS });
const cellTooLong = (row: number) => badRequest('vf.import.error.cell', { row, max: IMPORT_MAX_CELL });
const unreadable = () => badRequest('vf.import.error.unreadable');

const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Checks the file (an .xlsx by its bytes, a zip; anything else CSV text) in a first pass: its header, its rows
 * counted, every limit — a refusal comes before the import begins. */
export async function readSpreadsheet(bytes: Buffer): Promise<ReadFile> {
  if (bytes.length === 0) throw badRequest('vf.import.error.empty');
  const xlsx = bytes.subarray(0, 4).equals(ZIP_START);
  if (xlsx) checkZip(bytes);
  const encoding = xlsx ? 'xlsx' : encodingOf(bytes);
  // every row the file holds, its header first
  const all = () => (xlsx ? xlsxRows(bytes) : csvRows(bytes, encoding));
  let headers: string[] | undefined;
  let count = 0;
  for await (const r of all()) {
    if (!headers) headers = r.cells.map((c) => c.trim());
    else if (++count > IMPORT_MAX_ROWS) throw tooManyRows();
  }
  if (!headers || headers.every((h) => h === '')) throw badRequest('vf.import.error.empty');
  return {
    encoding,
    headers,
    count,
    async *rows() {
      let header = true;
      for await (const r of all()) {
        if (header) header = false;
        else yield r;
      }
    },
  };
}

/** The text's encoding: its BOM, else UTF-8 when every byte sequence is valid UTF-8, else GB18030. */
export function encodingOf(bytes: Buffer): Encoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8-bom';
  return isUtf8(bytes) ? 'utf-8' : 'gb18030';
}

/** Bytes decoded into text a piece at a time (a character split between pieces is kept for the next). */
function* decoded(bytes: Buffer, encoding: Encoding): Generator<string> {
  const PIECE = 64 * 1024;
  const from = encoding === 'utf-8-bom' ? 3 : 0;
  if (encoding === 'gb18030') {
    const decoder = iconv.getDecoder('gb18030');
    for (let at = from; at < bytes.length; at += PIECE) yield decoder.write(bytes.subarray(at, at + PIECE));
    yield decoder.end() ?? '';
    return;
  }
  const decoder = new TextDecoder('utf-8');
  for (let at = from; at < bytes.length; at += PIECE)
    yield decoder.decode(bytes.subarray(at, at + PIECE), { stream: true });
  yield decoder.decode();
}

/** The export writes text a spreadsheet would run (=, +, -, @ first) behind an apostrophe (exportWriters.ts
 * csvCell): reading it back drops that apostrophe, so the value is the one exported. */
const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** RFC 4180 CSV, row by row, its header first: quoted cells with "" inside, CRLF or LF line ends; comma or semicolon
 * (the header decides). Rows with nothing in them are skipped. */
function* csvRows(bytes: Buffer, encoding: Encoding): Generator<FileRow> {
  let sep: string | undefined;
  let headerDone = false;
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
  /** the row just ended, when it is one to answer */
  const endRow = (): FileRow | undefined => {
    endCell();
    const done = cells;
    cells = [];
    if (!headerDone) {
      headerDone = true;
      return { row: line, cells: done };
    }
    return done.some((c) => c !== '') ? { row: line, cells: done } : undefined;
  };
  // a piece's last character when telling it needs the next one ("" inside quotes, CR LF): carried over
  let carry = '';
  const pieces = decoded(bytes, encoding);
  for (let next = pieces.next(); !next.done;) {
    const text = carry + next.value;
    carry = '';
    next = pieces.next();
    const last = next.done;
    if (sep === undefined) {
      const firstLine = text.slice(0, text.search(/\r?\n|$/));
      sep = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (!last && i === text.length - 1 && (c === '\r' || (quoted && c === '"'))) {
        carry = c;
        break;
      }
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
        const r = endRow();
        if (r) yield r;
        line++;
      } else {
        cell += c;
        if (cell.length > IMPORT_MAX_CELL) throw cellTooLong(line);
      }
    }
  }
  if (cell !== '' || cells.length) {
    const r = endRow();
    if (r) yield r;
  }
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

/** The first sheet of an .xlsx, streamed row by row, its header first (the shared strings are its only part held
 * whole). */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<FileRow> {
  // loaded on the first import, as the export does: exceljs holds ~28 MB in every process that loads it
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let header = true;
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
        if (header) header = false;
        else if (cells.every((c) => c.trim() === '')) continue;
        yield { row: r.number, cells };
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw unreadable();
  }
}
