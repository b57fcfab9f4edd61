// Numbered SQL migrations, applied once each, in order, recorded in schema_migration.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DB } from './index';
import { analyzeTables, tablesWritten } from './analyze';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Runs `work` holding the start-up lock, on the one connection that holds it: several processes starting on
 * one database at once (replicas, a rolling deploy) take turns at migrating, creating the declared permissions
 * and filling an empty database, instead of racing (two fills of one empty database; two `CREATE TABLE`s of the
 * same thing deadlocking). `work` must use the connection it is given: the lock belongs to that session, and
 * another connection of the pool would wait for it behind the other process.
 */
export async function underStartLock<T>(db: DB, work: (conn: DB) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(7283401)`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(7283401)`.execute(conn);
    }
  });
}

/** Applies the migrations not applied yet, in order, under the start-up lock; answers their names. */
export function migrate(db: DB): Promise<string[]> {
  return underStartLock(db, applyMigrations);
}

/**
 * The migrations not applied yet, each in its own transaction (call it under the start-up lock). `names`: the
 * ones to consider — every one this build carries; the upgrade test stops at an older one.
 */
export async function applyMigrations(conn: DB, names = migrationNames()): Promise<string[]> {
  const applied: string[] = [];
  const backfilled = new Set<string>();
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
    conn,
  );
  const done = new Set(await appliedMigrations(conn));
  for (const file of names) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    await conn.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migration (name) VALUES (${file})`.execute(trx);
    });
    applied.push(file);
    for (const t of tablesWritten(text)) backfilled.add(t);
  }
  // what the migrations backfilled gets statistics now, not whenever autovacuum comes round (./analyze.ts);
  // a table a later migration dropped or renamed is left out
  if (backfilled.size) {
    const existing = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename = ANY(${[...backfilled]})`.execute(
      conn,
    );
    await analyzeTables(
      conn,
      existing.rows.map((r) => r.name),
    );
  }
  return applied;
}

/** The migrations the database has applied, by name in order (readiness, backups' manifests); fails with
 * PostgreSQL's 42P01 where nothing was ever migrated (no schema_migration table). */
export async function appliedMigrations(db: DB): Promise<string[]> {
  return (await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name`.execute(db)).rows.map(
    (r) => r.name,
  );
}

/** Every migration this build carries, in order (readiness checks the database has them all). */
export function migrationNames(): string[] {
  return fs
    .readdirSync(DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
}
