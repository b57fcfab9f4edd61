// The planner's settings of every session the server opens (server/db/index.ts; npm run bench's bare route too).
/**
 * What a random read costs the planner against a sequential one: 1.1 (solid-state storage, where the data of a
 * console lives) instead of PostgreSQL's 4 (spinning disks). At 4 a list's first page, whenever the planner
 * expects few rows (a table loaded since its last ANALYZE), is read by a bitmap scan of every matching row and a
 * sort rather than a walk of its ordered index that stops after the page (docs/performance.md, "Fresh
 * statistics"; tests/api/list-plans.test.ts). Every bench figure of docs/performance.md was measured at 1.1.
 */
export const PLANNER_COSTS = 'SET random_page_cost = 1.1';
