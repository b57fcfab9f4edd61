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
