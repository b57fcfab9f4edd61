// Limits and answer shapes both halves follow: the server refuses past them (a translated 400) and the browser
// never asks past them (page sizes, selections) and reads the answers by these types. One home, imported by
// server/ and src/ alike, so the two never drift apart (as resources/permissions.ts is for `holds()`).

/** Rows one list page may carry (`pageSize`); the browser's "all of them" pickers ask for this many. */
export const MAX_PAGE_SIZE = 500;
/** Rows a list page carries when the caller names no size. */
export const DEFAULT_PAGE_SIZE = 20;
/** The page sizes a list offers under it. */
export const PAGE_SIZES: readonly number[] = [10, DEFAULT_PAGE_SIZE, 50, 100];

/** The most rows one bulk request may name (`POST /api/<R>/bulk`): a list page at its largest. */
export const MAX_BULK_ROWS = MAX_PAGE_SIZE;
/** Lines one bulk restock may carry (the screen's selection; the transaction stays short). */
export const MAX_RESTOCK_LINES = MAX_PAGE_SIZE;

/** Products one copy between stores may carry, and the stores it may copy to (`POST /api/product/copy`). */
export const MAX_COPY_PRODUCTS = MAX_PAGE_SIZE;
export const MAX_COPY_TARGETS = 50;

/** What became of one row of a bulk request. */
export type BulkStatus = 'done' | 'refused';
export const BULK_STATUSES: readonly BulkStatus[] = ['done', 'refused'];
export interface BulkRowResult {
  _id: string;
  status: BulkStatus;
  /** the refusal's HTTP status */
  code?: number;
  /** why, in the caller's language */
  message?: string;
}
/** The answer of `POST /api/<R>/bulk`: counts, and each row's outcome. */
export interface BulkAnswer {
  done: number;
  refused: number;
  results: BulkRowResult[];
}

/** An imported spreadsheet's size (`POST /api/<R>/import`): past it a 413. */
export const IMPORT_MAX_BYTES = 10 * 2 ** 20;
/** Rows one import may carry (past them a 413), and the columns and characters of a cell a row may carry. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_CELL = 10_000;
/** An .xlsx whose parts unpack past this is refused before it is read (a zip bomb). */
export const IMPORT_MAX_UNPACKED = 200 * 2 ** 20;
/** Past this many rows an import runs as a job: the answer comes at once, the progress live. */
export const IMPORT_JOB_ROWS = 1000;
/** The errors an import answers (the first ones). */
export const IMPORT_MAX_ERRORS = 1000;
/** How long an import may be undone. */
export const IMPORT_UNDO_HOURS = 24;

export type ImportState = 'dry_run' | 'running' | 'done' | 'failed' | 'cancelled' | 'reverted';
/** One refused cell or row of an import: the spreadsheet's own row number (the header is row 1) and column title. */
export interface ImportError {
  row: number;
  column?: string;
  message: string;
}
/** The answer of `POST /api/<R>/import` and `GET /api/import/{id}`. */
export interface ImportAnswer {
  import_id: string;
  resource: string;
  state: ImportState;
  mode: 'dry_run' | 'apply';
  file_name: string;
  /** how the file's text was read: utf-8, utf-8-bom, gb18030 or xlsx */
  encoding: string;
  rows: number;
  done: number;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  errors: ImportError[];
  /** headers that name no field, ignored */
  ignored: string[];
  /** the first rows as they will be written (a dry run's preview) */
  preview: Array<{
    row: number;
    outcome: 'created' | 'updated' | 'unchanged' | 'refused';
    values: Record<string, unknown>;
  }>;
  /** one-time secrets of new rows (a robot's key, an account's first password): answered once, never stored */
  secrets?: Array<{ row: number; key: string; field: string; value: string }>;
  create_time: string;
  /** rows an undo left alone because they changed since (`POST /api/import/{id}/revert`) */
  conflicts?: Array<{ record: string; message: string }>;
}
