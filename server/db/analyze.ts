// Fresh statistics after a bulk write (docs/performance.md, "Fresh statistics"). The planner chooses a list's
// plan from the statistics ANALYZE keeps; a table filled in one go and never analyzed looks to it like a few rows
// of anything, and autovacuum comes round to it only some time later (up to a minute after the first start,
// longer on a busy database). Measured on the demo: the planner expected 3 of brand A's 273 orders and sorted
// them out of a bitmap scan instead of walking its index in order. So whatever fills tables in bulk — the demo's
// seed, an upgrade's backfill, the bench's loads — ends by analyzing the tables it filled.
import { sql } from 'kysely';
import type { DB } from './index';

/**
 * ANALYZE these tables (every table of the public schema when none are named), in one statement. `vacuum`: as
 * `VACUUM (ANALYZE)`, which also marks the pages it finds all-visible in the visibility map. Without that mark an
 * index-only scan reads every row's page (a list's capped count of 1,001 of the demo's orders: 98 pages, a
 * sequential scan, instead of 13 index pages), until autovacuum's first VACUUM of the table. It needs a
 * connection outside a transaction, and reads every page of the tables: for what was just written anyway.
 */
export async function analyzeTables(db: DB, tables?: readonly string[], { vacuum = false } = {}) {
  const names =
    tables ??
    (
      await sql<{
        name: string;
      }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db)
    ).rows.map((r) => r.name);
  if (!names.length) return;
  const list = sql.join(names.map((n) => sql.id(n)));
  await (vacuum ? sql`VACUUM (ANALYZE) ${list}` : sql`ANALYZE ${list}`).execute(db);
}

/**
 * The tables a migration's SQL writes rows into (`INSERT INTO t`, `UPDATE t`, `COPY t`): its backfills. A write
 * inside dynamic SQL (`EXECUTE format(…)`) is not seen; such a migration names its tables itself, with an
 * `ANALYZE` of its own.
 */
export function tablesWritten(migration: string): string[] {
  const found = new Set<string>();
  for (const m of migration.matchAll(
    /\b(?:INSERT\s+INTO|UPDATE|COPY)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi,
  ))
    found.add(m[1].toLowerCase());
  return [...found];
}

/**
 * The tables of the public schema holding rows. An empty table is left unanalyzed: analyzed, it is known as
 * empty, and the planner would trust that after rows arrive as much as it trusts any statistics; never
 * analyzed, it is measured by its size on disk until autovacuum's first ANALYZE.
 */
export async function filledTables(db: DB): Promise<string[]> {
  const r = await sql<{ name: string; filled: boolean }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0 ORDER BY 1`.execute(db);
  return r.rows.map((x) => x.name);
}
