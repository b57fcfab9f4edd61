// The writers of a streamed file (export.ts streamedFile): plain CSV lines, or exceljs's streaming workbook
// writer for .xlsx — each told the columns once and then handed rows of cells, saying how much it holds unsent.
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import type { FieldDef } from '../../resources/types';

export interface Column {
  name: string;
  field: FieldDef;
  header: string;
}
export type Cell = string | number | null;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What makes a spreadsheet read a text cell as a formula (OWASP, CSV injection): =, +, -, @, a tab or a carriage
 * return first. A store's product, nickname or store name like `=HYPERLINK(…)` reaches the administrator's file. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal (a refund of -0.05 yuan written with its two decimals) is a number to a spreadsheet, never a
 * formula: it keeps its sign and stays a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV cell: numbers as they are (−5 stays a number); text that a spreadsheet would run is kept as text by a
 * leading apostrophe, quoted. (The .xlsx writer writes text cells, which no spreadsheet runs.) */
const csvCell = (v: Cell) => {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const s = FORMULA_START.test(v) && !PLAIN_NUMBER.test(v) ? `'${v}` : v;
  return s !== v || /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Excel's built-in number format 2: two decimals (Excel shows 30.00, not 30). */
const MONEY_FORMAT = '0.00';
const BUILT_IN_TWO_DECIMALS = 2;

/**
 * Money cells' style in a book written without styles: the writer's stand-in style table (which answers 0, no
 * style, for every cell) gets one style more — format 2, two decimals — and answers it for the cells of the
 * money columns, so they show 30.00 at the cost of one comparison per cell rather than a style lookup.
 */
function moneyStyle(book: object) {
  type Styles = {
    model: { styles: object[] };
    addStyleModel(model: { numFmt?: string } | undefined, cellType?: number): number;
  };
  const styles = (book as { styles: Styles }).styles;
  const id =
    styles.model.styles.push({ numFmtId: BUILT_IN_TWO_DECIMALS, fontId: 0, fillId: 0, borderId: 0, xfId: 0 }) - 1;
  const plain = styles.addStyleModel.bind(styles);
  styles.addStyleModel = (model, cellType) => (model?.numFmt === MONEY_FORMAT ? id : plain(model, cellType));
}

export interface RowWriter {
  rows(values: Cell[][]): Promise<void>;
  /** bytes written and not yet passed on to `out` (beyond what `out` itself holds) */
  backlog(): number;
  end(): Promise<void>;
}

export function csvWriter(out: PassThrough, columns: Column[]): RowWriter {
  // the BOM lets Excel open UTF-8 (Chinese, Japanese) correctly
  out.write(`\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`);
  return {
    async rows(values) {
      if (!out.write(values.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n')) await once(out, 'drain');
    },
    backlog: () => 0,
    async end() {
      out.end();
    },
  };
}

export async function xlsxWriter(out: PassThrough, columns: Column[]): Promise<RowWriter> {
  // loaded on the first .xlsx export, not at start: exceljs and its zip and XML parts hold ~28 MB of memory
  // in every server process, most of which never exports
  const { default: ExcelJS } = await import('exceljs');
  // No styles: exceljs merges a row's and a column's style into a new object for every cell and then renders it
  // to find its style id — in a CPU profile of 200,000 orders that was the largest single cost and much of the
  // garbage. Money gets its two decimals all the same (moneyStyle below). Level 1 compression: the rows are
  // repetitive text, so fast compression loses little size and saves much time.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  const sheet = book.addWorksheet('list');
  moneyStyle(book);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: Math.max(12, Math.min(40, c.header.length + 4)),
    ...(c.field.type === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  sheet.getRow(1).commit();
  // exceljs hands the sheet's XML to the zip without waiting for it (utils/stream-buf.js writes to its pipes and
  // goes on), so when compressing falls behind the XML piles up in the zip's input stream: on 1,000,000 orders
  // the server peaked at 566 MB. That stream's buffered bytes are the backlog the export waits on.
  type Buffered = { _writableState?: { length: number }; _readableState?: { length: number } };
  const zipInput = () => (sheet as unknown as { stream: { pipes?: Buffered[] } }).stream.pipes ?? [];
  return {
    async rows(values) {
      for (const v of values) sheet.addRow(v).commit();
    },
    backlog: () =>
      zipInput().reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0),
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}
