// Export of a list (SPEC §9: default file name excel-list) to .xlsx or CSV, honouring the list's current
// filters and sort. Rows are fetched page by page through the same list call the screen uses, so an export
// can never show rows the account may not see; exceljs is loaded only when someone exports.
import { api } from '../providers/http';

export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_FILE_NAME = 'excel-list';
/** the largest page the list call accepts (server/crud/service.ts MAX_PAGE_SIZE) */
const PAGE = 500;

export interface ExportColumn {
  header: string;
  value: (row: Record<string, unknown>) => string | number | null;
}

export interface ExportRequest {
  path: string;
  filter: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  columns: ExportColumn[];
  format: ExportFormat;
  onProgress?: (done: number, total: number) => void;
}

async function fetchAll(r: ExportRequest): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await api<{ list: Record<string, unknown>[]; total: number }>('POST', r.path, { page, pageSize: PAGE, sort: r.sort, filter: r.filter });
    rows.push(...res.list);
    r.onProgress?.(rows.length, res.total);
    if (res.list.length < PAGE || rows.length >= res.total) return rows;
  }
}

const csvCell = (v: string | number | null) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function toCsv(columns: ExportColumn[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  // The BOM lets Excel open UTF-8 (Chinese, Japanese) correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function toXlsx(columns: ExportColumn[], rows: Record<string, unknown>[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('list');
  sheet.columns = columns.map((c) => ({ header: c.header, width: Math.max(12, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

function download(data: BlobPart, type: string, name: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches every row the filters select and saves them as excel-list.xlsx or excel-list.csv; returns the row count. */
export async function exportList(r: ExportRequest): Promise<number> {
  const rows = await fetchAll(r);
  if (r.format === 'csv') download(toCsv(r.columns, rows), 'text/csv;charset=utf-8', `${EXPORT_FILE_NAME}.csv`);
  else download(await toXlsx(r.columns, rows), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${EXPORT_FILE_NAME}.xlsx`);
  return rows.length;
}
