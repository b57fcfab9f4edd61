// A whole list as a file (default name excel-list, docs/rules.md): `POST /api/<R>/export { format, filter, sort, tz,
// fields? }`. The rows are the list's rows (same permission, tenant scope and filter), read in keyset batches
// and streamed out as they are read — exceljs's streaming workbook writer for .xlsx, plain lines for CSV — so
// a million orders never sit in memory. Headers, choices and yes/no are in the caller's language, times in the
// caller's time zone, money in yuan; the columns are the list's, by the same readable rule as the screen.
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import type { DB } from '../db';
import { byName } from './table';
import type { CallContext } from '../auth/context';
import { exportColumns, type FieldDef, type ResourceDef } from '../../resources/types';
import type { Lang } from '../../resources/accounts';
import { findResource } from '../../resources';
import { translate } from '../../i18n';
import { holds, requirePermission } from '../auth/permissions';
import { badRequest } from '../http/errors';
import { whereOf } from './filters';
import { derivedColumns, sortOf, type ListBody } from './query';
import { totalOf } from './count';
import { tenantReadable, tenantRuleColumns } from './scope';
import { afterPosition, keysetSortable, sortColumn, sortKey, SORT_KEY } from './cursor';
import type { Row, Served } from './hooks';
import { formatters, loadTitles, type Titles } from './exportCells';
import {
  csvWriter,
  xlsxWriter,
  CONTENT_TYPES,
  EXPORT_FORMATS,
  type Cell,
  type Column,
  type ExportFormat,
} from './exportWriters';

export { EXPORT_FORMATS, type Cell, type Column, type ExportFormat };

export const EXPORT_FILE_NAME = 'excel-list';
/** rows read per query: big enough to amortise the round trip, small enough that a batch's rows, their cells and
 * XML stay a few MB (on 200,000 orders: 5,000 a batch peaked 140 MB over the process's resting size, 2,000 97 MB) */
const BATCH = 2000;
/** bytes of a file's rows written and not yet compressed or sent that the export waits below */
const BACKLOG = 4 * 2 ** 20;

/** The list's columns and asked-for extra fields by the declaration's one rule (resources/types.ts
 * exportColumns: never a secret, hidden or JSON field), minus references the caller may not list. */
function columnsOf(def: ResourceDef, ctx: CallContext, lang: Lang, extra: unknown): Column[] {
  if (extra !== undefined && (!Array.isArray(extra) || extra.length > 50 || extra.some((x) => typeof x !== 'string')))
    throw badRequest('vf.operator.export.error.fields');
  const chosen = exportColumns(def, (extra as string[] | undefined) ?? []);
  if ('refused' in chosen) throw badRequest('vf.operator.export.error.fields');
  const readable = (f: FieldDef) =>
    (f.type !== 'reference' && f.type !== 'references') ||
    holds(ctx.user, findResource(f.reference ?? '')?.permissions.list);
  const label = (n: string) => translate(lang, `resources.${def.name}.fields.${n}`);
  return [
    { name: '_id', field: { type: 'text' }, header: label('_id') },
    ...chosen.columns
      .filter((n) => readable(def.fields[n]))
      .map((name) => ({ name, field: def.fields[name], header: label(name) })),
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

export interface StreamedFile {
  format: ExportFormat;
  fileName: string;
  contentType: string;
  stream: Readable;
  /** stops producing (the caller went away) */
  cancel(): void;
}

/** What a file's producer writes to: rows of cells, and whether the caller is still there. */
export interface FileRows {
  /** writes the rows, then waits while the reader or the zip is behind, so a slow download holds a few MB, not the
   * whole file */
  write(rows: Cell[][]): Promise<void>;
  readonly cancelled: boolean;
}

/**
 * A file streamed as `produce` writes its rows, in `format`'s writer with these columns as its header. Anything
 * the caller checks must be checked before: once this returns, the answer is a 200 and a failure can only cut
 * the file short (logged by `onError`, the stream destroyed so the download fails rather than looks whole).
 */
export function streamedFile(
  format: ExportFormat,
  fileName: string,
  columns: Column[],
  produce: (file: FileRows) => Promise<void>,
  onError: (e: unknown) => void,
): StreamedFile {
  const out = new PassThrough();
  let cancelled = false;
  const run = async () => {
    const writer = format === 'csv' ? csvWriter(out, columns) : await xlsxWriter(out, columns);
    await produce({
      async write(rows) {
        await writer.rows(rows);
        while (!cancelled && (out.readableLength > out.readableHighWaterMark * 16 || writer.backlog() > BACKLOG))
          await new Promise((r) => setTimeout(r, 5));
      },
      get cancelled() {
        return cancelled;
      },
    });
    if (!cancelled) await writer.end();
  };
  run().catch((e) => {
    onError(e);
    out.destroy(e as Error);
  });
  return {
    format,
    fileName,
    contentType: CONTENT_TYPES[format],
    stream: out,
    cancel() {
      cancelled = true;
    },
  };
}

/** Answers a streamed file as a download; a caller that goes away stops it. */
export function sendFile(reply: FastifyReply, file: StreamedFile & { total?: number }) {
  reply.raw.on('close', () => file.cancel());
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`);
  if (file.total !== undefined) reply.header('X-Total-Count', String(file.total));
  return reply.header('Cache-Control', 'no-store').send(file.stream);
}

export interface ExportAnswer extends StreamedFile {
  /** the list's total (exact up to 1,000, estimated beyond): the browser's progress bar */
  total: number;
}

/** Checks the request (any problem is a 4xx before a byte is sent), then streams the file. */
export async function exportList(
  db: DB,
  ctx: CallContext,
  { def, hooks }: Served,
  rawBody: unknown,
  lang: Lang,
  onError: (e: unknown) => void,
): Promise<ExportAnswer> {
  requirePermission(ctx.user, def.permissions.list);
  if (rawBody !== undefined && (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody)))
    throw badRequest('vf.error.body');
  const body = (rawBody ?? {}) as ListBody & { format?: unknown; tz?: unknown; fields?: unknown };
  const format = body.format === undefined ? 'xlsx' : body.format;
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw badRequest('vf.operator.export.error.format');
  const filter = body.filter ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest('vf.error.body');
  const sort = sortOf(def, body, ctx);
  if (!keysetSortable(def, sort)) throw badRequest('vf.error.unknown_sort', { field: sort.field });
  const where = whereOf(def, ctx, filter, hooks.filters);
  const columns = columnsOf(def, ctx, lang, body.fields);
  const timeZone = timeZoneOf(body.tz);
  const { total } = await totalOf(db, def, where);

  // a `derived` field has no column: the resource's hooks give its value, as SQL read with the row or (below) after
  const derived = columns.some((c) => c.field.derived);
  const select = [
    ...new Set(['_id', ...columns.filter((c) => !c.field.derived).map((c) => c.name), ...tenantRuleColumns(def, ctx)]),
  ];
  const read = (after?: Expression<SqlBool>) => {
    let q = byName(db)
      .selectFrom(def.table)
      .select([...select, sortKey(sort)])
      .select(derived ? derivedColumns(hooks) : [])
      .where(where);
    if (after) q = q.where(after);
    return q.orderBy(sortColumn(sort), sort.order).orderBy('_id', sort.order).limit(BATCH).execute();
  };
  const file = streamedFile(
    format as ExportFormat,
    `${EXPORT_FILE_NAME}.${format}`,
    columns,
    async (out) => {
      const titles: Titles = new Map();
      const cells = formatters(def, columns, lang, timeZone, titles, format as ExportFormat);
      let next: Promise<Row[]> | undefined = read();
      try {
        while (next && !out.cancelled) {
          const rows = await next;
          next = undefined;
          if (rows.length === 0) break;
          if (rows.length === BATCH) {
            // the next batch is read while this one is written: the database works while this process formats
            const last = rows[rows.length - 1];
            next = read(afterPosition(sort, (last[SORT_KEY] as string | null) ?? null, String(last._id)));
          }
          tenantReadable(def, ctx, rows);
          if (derived) await hooks.present?.(rows, db, ctx);
          await loadTitles(db, columns, rows, titles);
          await out.write(rows.map((r) => columns.map((c, i) => cells[i](r[c.name]))));
        }
      } finally {
        // cancelled (or failed) with a batch still being read: it ends unobserved
        next?.catch(() => undefined);
      }
    },
    onError,
  );
  return { ...file, total };
}
