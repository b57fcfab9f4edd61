// Numbered SQL migrations, applied once each, in order, recorded in schema_migration.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DB } from './index';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(db: DB): Promise<string[]> {
  const files = migrationNames();
  const applied: string[] = [];
  // An advisory lock makes concurrent starts of several processes on one database take turns.
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(7283401)`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(conn)).rows.map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(DIR, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(trx);
        });
        applied.push(file);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(7283401)`.execute(conn);
    }
  });
  return applied;
}

/** Every migration this build carries, in order (readiness checks the database has them all). */
export function migrationNames(): string[] {
  return fs.readdirSync(DIR).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
}
