// Export of a whole list (default file name excel-list, docs/rules.md) to .xlsx or CSV, made by the server from the
// list's current filter and sort (POST /api/<R>/export, server/crud/export.ts) and read here as it arrives,
// so the screen shows progress and can cancel. The server applies the same scope and columns as the list.
import { apiStream } from '../providers/http';
import { csvCounter, xlsxRows } from './exportRows';

export type ExportFormat = 'xlsx' | 'csv';
export const EXPORT_FILE_NAME = 'excel-list';

export interface ExportRequest {
  /** the resource's export call, e.g. /order/export */
  path: string;
  filter: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** fields beyond the list's columns (e.g. a refund's pickup code) */
  fields?: string[];
  format: ExportFormat;
  signal: AbortSignal;
  /** bytes received so far, and the list's (possibly estimated) row count */
  onProgress?: (bytes: number, rows: number) => void;
}

export function save(data: Blob, name: string) {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the file and saves it as excel-list.xlsx or excel-list.csv; rejects with an AbortError when cancelled.
 * `rows`: how many rows the saved file holds, counted in it (src/lib/exportRows.ts). */
export async function exportList(r: ExportRequest): Promise<{ name: string; bytes: number; rows: number }> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const res = await apiStream(
    r.path,
    { format: r.format, filter: r.filter, sort: r.sort, fields: r.fields, tz: timeZone },
    r.signal,
  );
  const rows = Number(res.headers.get('X-Total-Count') ?? 0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const csv = r.format === 'csv' ? csvCounter() : undefined;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    csv?.add(value);
    bytes += value.length;
    r.onProgress?.(bytes, rows);
  }
  const name = `${EXPORT_FILE_NAME}.${r.format}`;
  const file = new Blob(chunks, { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
  save(file, name);
  return { name, bytes, rows: csv ? csv.rows() : await xlsxRows(file) };
}
