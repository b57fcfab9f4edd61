// A dump of every table of a test database, to prove that refused calls changed nothing.
import { sql } from 'kysely';
import type { DB } from '../../server/db';

export type Dump = Record<string, unknown[]>;

/** Every row of every table in the public schema, in a stable order (by _id, else by the whole row). */
export async function dumpDatabase(
  db: DB,
  opts: { skip?: readonly string[]; ignore?: Record<string, readonly string[]> } = {},
): Promise<Dump> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Dump = {};
  for (const { table_name: t } of tables.rows) {
    if (opts.skip?.includes(t)) continue;
    // columns a test chooses to ignore (e.g. a robot's presence, which every authenticated call renews)
    const drop = (opts.ignore?.[t] ?? []).map((c) => sql` - ${c}::text`);
    const rows = await sql<{
      j: string;
    }>`SELECT (to_jsonb(x)${sql.join(drop, sql``)})::text AS j FROM ${sql.table(t)} x`.execute(db);
    out[t] = rows.rows.map((r) => r.j).sort();
  }
  return out;
}

/** The tables whose rows differ between two dumps, with a count of rows only in one or the other. */
export function dumpDiff(a: Dump, b: Dump): Record<string, { gone: number; added: number; sample?: string }> {
  const diff: Record<string, { gone: number; added: number; sample?: string }> = {};
  for (const t of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const A = new Set((a[t] ?? []) as string[]);
    const B = new Set((b[t] ?? []) as string[]);
    const gone = [...A].filter((x) => !B.has(x));
    const added = [...B].filter((x) => !A.has(x));
    if (gone.length || added.length)
      diff[t] = { gone: gone.length, added: added.length, sample: (added[0] ?? gone[0]).slice(0, 300) };
  }
  return diff;
}
