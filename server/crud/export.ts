// A whole list as a file (default name excel-list, docs/rules.md): `POST /api/<R>/export { format, filter, sort, tz,
// fields? }`. The rows are the list's rows (same permission, tenant scope and filter), read in keyset batches
// and streamed out as they are read — exceljs's streaming workbook writer for .xlsx, plain lines for CSV — so
// a million orders never sit in memory. Headers, choices and yes/no are in the caller's language, times in the
// caller's time zone, money in yuan; the columns are the list's, by the same readable rule as the screen.
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db';
import { byName } from './table';
import type { CallContext } from '../auth/context';
import { exportColumns, type FieldDef, type ResourceDef } from '../../resources/types';
import type { Lang } from '../../resources/accounts';
import { findResource } from '../../resources';
import { translate } from '../../i18n';
import { localeTag } from '../../i18n/locale';
import { holds, requirePermission } from '../auth/permissions';
import { badRequest } from '../http/errors';
import { whereOf, sortOf, totalOf, tenantReadable, tenantRuleColumns, type ListBody } from './service';
import { keysetSortable, sortKey, SORT_KEY, type Sort } from './cursor';
import { hooksOf } from './hooks';

export const EXPORT_FILE_NAME = 'excel-list';
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** rows read per query: big enough to amortise the round trip, small enough that a batch's rows, their cells and
 * XML stay a few MB (on 200,000 orders: 5,000 a batch peaked 140 MB over the process's resting size, 2,000 97 MB) */
const BATCH = 2000;
/** bytes of a file's rows written and not yet compressed or sent that the export waits below */
const BACKLOG = 4 * 2 ** 20;
/** reference titles remembered across batches (stores, robots: few); past this the memory is dropped */
const TITLE_CACHE = 20_000;

type Row = Record<string, unknown>;
export interface Column {
  name: string;
  field: FieldDef;
  header: string;
}

/** The list's columns and asked-for extra fields by the declaration's one rule (resources/types.ts
 * exportColumns: never a secret, hidden or JSON field), minus references the caller may not list. */
function columnsOf(def: ResourceDef, ctx: CallContext, lang: Lang, extra: unknown): Column[] {
  if (extra !== undefined && (!Array.isArray(extra) || extra.length > 50 || extra.some((x) => typeof x !== 'string'))) throw badRequest('vf.operator.export.error.fields');
  const chosen = exportColumns(def, (extra as string[] | undefined) ?? []);
  if ('refused' in chosen) throw badRequest('vf.operator.export.error.fields');
  const readable = (f: FieldDef) =>
    (f.type !== 'reference' && f.type !== 'references') || holds(ctx.user, findResource(f.reference ?? '')?.permissions.list);
  const label = (n: string) => translate(lang, `resources.${def.name}.fields.${n}`);
  return [
    { name: '_id', field: { type: 'text' }, header: label('_id') },
    ...chosen.columns.filter((n) => readable(def.fields[n])).map((name) => ({ name, field: def.fields[name], header: label(name) })),
  ];
}

export function timeZoneOf(tz: unknown): string {
  if (tz === undefined) return 'UTC';
  if (typeof tz !== 'string' || tz.length > 64) throw badRequest('vf.operator.export.error.tz');
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw badRequest('vf.operator.export.error.tz');
  }
}

/** After the row (value, id) in the list's order, NULL sort values included (PostgreSQL: first going down, last going up). */
function afterRow(sort: Sort, value: string | null, id: string): Expression<SqlBool> {
  const col = sql.ref(sort.field);
  if (value === null) {
    return sort.order === 'asc'
      ? sql<SqlBool>`(${col} IS NULL AND _id > ${id})`
      : sql<SqlBool>`((${col} IS NULL AND _id < ${id}) OR ${col} IS NOT NULL)`;
  }
  return sort.order === 'desc' ? sql<SqlBool>`(${col}, _id) < (${value}, ${id})` : sql<SqlBool>`((${col}, _id) > (${value}, ${id}) OR ${col} IS NULL)`;
}

/** Reference titles by column, then by id: a store's name rather than its id. */
type Titles = Map<string, Map<string, string>>;
export type Cell = string | number | null;

/**
 * Turns stored values into what a reader of the file expects, for one export: one function per column, chosen
 * once, so the per-cell work is the conversion itself (a CPU profile of 200,000 orders showed the per-cell
 * type switch and key building among the export's own costs).
 */
function formatters(def: ResourceDef, columns: Column[], lang: Lang, timeZone: string, titles: Titles, format: ExportFormat): Array<(v: unknown) => Cell> {
  const dates = new Intl.DateTimeFormat(localeTag(lang), {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  const yes = translate(lang, 'ra.boolean.true');
  const no = translate(lang, 'ra.boolean.false');
  const choiceOf = (field: string) => {
    const cache = new Map<string, string>();
    return (v: string) => {
      let s = cache.get(v);
      if (s === undefined) {
        const key = `resources.${def.name}.choices.${field}.${v}`;
        s = translate(lang, key);
        if (s === key) s = v;
        cache.set(v, s);
      }
      return s;
    };
  };
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  return columns.map((c): ((v: unknown) => Cell) => {
    switch (c.field.type) {
      case 'money':
        // yuan: a number the .xlsx shows with two decimals (its column's format), the text `12.50` in a CSV
        return format === 'csv' ? (v) => (empty(v) ? null : yuan(Number(v))) : (v) => (empty(v) ? null : Number(v) / 100);
      case 'number':
        return (v) => (empty(v) ? null : Number(v));
      case 'boolean':
        return (v) => (empty(v) ? null : v ? yes : no);
      case 'datetime':
        return (v) => (empty(v) ? null : dates.format(v instanceof Date ? v : new Date(v as string)));
      case 'choice': {
        const choice = choiceOf(c.name);
        return (v) => (empty(v) ? null : choice(String(v)));
      }
      case 'choices': {
        const choice = choiceOf(c.name);
        return (v) => (empty(v) ? null : (v as string[]).map(choice).join(', '));
      }
      case 'reference':
      case 'references': {
        const own = new Map<string, string>();
        titles.set(c.name, own);
        return c.field.type === 'reference'
          ? (v) => (empty(v) ? null : (own.get(v as string) ?? String(v)))
          : (v) => (empty(v) ? null : (v as string[]).map((x) => own.get(x) ?? x).join(', '));
      }
      default:
        return (v) => (empty(v) ? null : String(v));
    }
  });
}

/** The names of the rows a batch refers to, looked up once per id (a column's map is dropped past TITLE_CACHE). */
async function loadTitles(db: DB, columns: Column[], rows: Row[], titles: Titles) {
  for (const c of columns) {
    const own = titles.get(c.name);
    if (!own) continue;
    const target = findResource(c.field.reference ?? '');
    if (!target?.title || target.title === '_id') continue;
    if (own.size > TITLE_CACHE) own.clear();
    const ids = new Set<string>();
    for (const r of rows) {
      const v = r[c.name];
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        for (const id of v) if (!own.has(id)) ids.add(String(id));
      } else if (!own.has(v as string)) ids.add(String(v));
    }
    if (!ids.size) continue;
    const found = await byName(db).selectFrom(target.table).select(['_id', target.title]).where('_id', 'in', [...ids]).execute();
    for (const f of found) own.set(String(f._id), String(f[target.title] ?? f._id));
  }
}

/** Cents as yuan with two decimals, in integers (no float rounding): 1250 → "12.50", -5 → "-0.05". */
const yuan = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

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

export interface ExportAnswer {
  format: ExportFormat;
  fileName: string;
  contentType: string;
  /** the list's total (exact up to 1,000, estimated beyond): the browser's progress bar */
  total: number;
  stream: Readable;
  /** stops reading (the caller went away) */
  cancel(): void;
}

/** Checks the request (any problem is a 4xx before a byte is sent), then streams the file. */
export async function exportList(db: DB, ctx: CallContext, def: ResourceDef, rawBody: unknown, lang: Lang, onError: (e: unknown) => void): Promise<ExportAnswer> {
  requirePermission(ctx.user, def.permissions.list);
  if (rawBody !== undefined && (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody))) throw badRequest('vf.error.body');
  const body = (rawBody ?? {}) as ListBody & { format?: unknown; tz?: unknown; fields?: unknown };
  const format = body.format === undefined ? 'xlsx' : body.format;
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw badRequest('vf.operator.export.error.format');
  const filter = body.filter ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest('vf.error.body');
  const sort = sortOf(def, body);
  if (!keysetSortable(def, sort)) throw badRequest('vf.error.unknown_sort', { field: sort.field });
  const where = whereOf(def, ctx, filter);
  const columns = columnsOf(def, ctx, lang, body.fields);
  const timeZone = timeZoneOf(body.tz);
  const { total } = await totalOf(db, def, where);

  const out = new PassThrough();
  let cancelled = false;
  // a `derived` field has no column: the resource's hooks give its value, as they do for the list (below)
  const derived = columns.some((c) => c.field.derived);
  const select = [...new Set(['_id', ...columns.filter((c) => !c.field.derived).map((c) => c.name), ...tenantRuleColumns(def, ctx)])];
  const read = (after?: Expression<SqlBool>) => {
    let q = byName(db).selectFrom(def.table).select([...select, sortKey(sort)]).where(where);
    if (after) q = q.where(after);
    return q.orderBy(sort.field, sort.order).orderBy('_id', sort.order).limit(BATCH).execute();
  };
  const produce = async () => {
    const titles: Titles = new Map();
    const cells = formatters(def, columns, lang, timeZone, titles, format as ExportFormat);
    const writeRows = format === 'csv' ? csvWriter(out, columns) : await xlsxWriter(out, columns);
    let next: Promise<Row[]> | undefined = read();
    try {
      while (next && !cancelled) {
        const rows = await next;
        next = undefined;
        if (rows.length === 0) break;
        if (rows.length === BATCH) {
          // the next batch is read while this one is written: the database works while this process formats
          const last = rows[rows.length - 1];
          next = read(afterRow(sort, (last[SORT_KEY] as string | null) ?? null, String(last._id)));
        }
        tenantReadable(def, ctx, rows);
        if (derived) await hooksOf(def.name).present?.(rows, db, ctx);
        await loadTitles(db, columns, rows, titles);
        await writeRows.rows(rows.map((r) => columns.map((c, i) => cells[i](r[c.name]))));
        // wait while the reader or the zip is behind, so a slow download holds a few MB, not the whole list
        while (!cancelled && (out.readableLength > out.readableHighWaterMark * 16 || writeRows.backlog() > BACKLOG)) await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      // cancelled (or failed) with a batch still being read: it ends unobserved
      next?.catch(() => undefined);
    }
    if (!cancelled) await writeRows.end();
  };
  produce().catch((e) => {
    onError(e);
    out.destroy(e as Error);
  });
  return {
    format: format as ExportFormat,
    fileName: `${EXPORT_FILE_NAME}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    total,
    stream: out,
    cancel() {
      cancelled = true;
    },
  };
}

/** Excel's built-in number format 2: two decimals (Excel shows 30.00, not 30). */
const MONEY_FORMAT = '0.00';
const BUILT_IN_TWO_DECIMALS = 2;

/**
 * Money cells' style in a book written without styles: the writer's stand-in style table (which answers 0, no
 * style, for every cell) gets one style more — format 2, two decimals — and answers it for the cells of the
 * money columns, so they show 30.00 at the cost of one comparison per cell rather than a style lookup.
 */
function moneyStyle(book: object) {
  type Styles = { model: { styles: object[] }; addStyleModel(model: { numFmt?: string } | undefined, cellType?: number): number };
  const styles = (book as { styles: Styles }).styles;
  const id = styles.model.styles.push({ numFmtId: BUILT_IN_TWO_DECIMALS, fontId: 0, fillId: 0, borderId: 0, xfId: 0 }) - 1;
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
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
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
  const zipInput = () => ((sheet as unknown as { stream: { pipes?: Buffered[] } }).stream.pipes ?? []);
  return {
    async rows(values) {
      for (const v of values) sheet.addRow(v).commit();
    },
    backlog: () => zipInput().reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0),
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}
