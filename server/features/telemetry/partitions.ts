// The telemetry tables' partitions (migration 047): raw points by UTC day, hourly rollups by UTC month. Made ahead
// of time by every server process (hourly; an advisory lock keeps two from racing), and dropped whole once older
// than TELEMETRY_RETENTION_DAYS (raw) or two years (rollups): dropping a partition frees its files at once, where a
// DELETE of millions of rows would leave dead tuples for vacuum and bloat the table and its index.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { setting } from '../../config';

const DAY_MS = 86_400_000;
/** Rollups are kept this long: two years (docs/telemetry.md "Storage"). */
export const ROLLUP_RETENTION_DAYS = 731;
/** Raw days made ahead of today (and kept made behind it), so midnight never finds its partition missing. */
const DAYS_AHEAD = 2;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const utcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const iso = (d: Date) => d.toISOString();

export const dayPartition = (day: Date) =>
  `telemetry_p${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}`;
export const monthPartition = (month: Date) =>
  `telemetry_hourly_p${month.getUTCFullYear()}${pad(month.getUTCMonth() + 1)}`;

/**
 * Makes one partition [from, to) of `parent`: a table like it, filled with whatever the default partition caught of
 * that range (points written while the partition was missing), then attached. Nothing when it exists.
 */
async function makePartition(trx: DB, parent: 'telemetry' | 'telemetry_hourly', name: string, from: Date, to: Date) {
  const exists = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${name} AND relkind = 'r'`.execute(trx);
  if (exists.rows[0].n) return;
  const column = parent === 'telemetry' ? 't' : 'hour';
  const t = sql.table(name);
  await sql`CREATE TABLE ${t} (LIKE ${sql.table(parent)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`.execute(trx);
  await sql`WITH moved AS (DELETE FROM ${sql.table(`${parent}_default`)} WHERE ${sql.ref(column)} >= ${iso(from)}::timestamptz AND ${sql.ref(column)} < ${iso(to)}::timestamptz RETURNING *)
            INSERT INTO ${t} SELECT * FROM moved`.execute(trx);
  await sql`ALTER TABLE ${sql.table(parent)} ATTACH PARTITION ${t} FOR VALUES FROM (${sql.lit(iso(from))}) TO (${sql.lit(iso(to))})`.execute(
    trx,
  );
}

/** Makes the raw partitions from yesterday to DAYS_AHEAD days ahead, and this month's and next month's rollups. */
export async function ensurePartitions(db: DB, now = new Date(), days: Date[] = []): Promise<void> {
  const today = utcDay(now);
  const wanted = [...days.map(utcDay)];
  for (let i = -1; i <= DAYS_AHEAD; i++) wanted.push(new Date(today.getTime() + i * DAY_MS));
  const month = utcMonth(now);
  const months = [month, new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)), ...days.map(utcMonth)];
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('vf_telemetry_partitions'))`.execute(trx);
    for (const day of wanted)
      await makePartition(trx, 'telemetry', dayPartition(day), day, new Date(day.getTime() + DAY_MS));
    for (const m of months)
      await makePartition(
        trx,
        'telemetry_hourly',
        monthPartition(m),
        m,
        new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1)),
      );
  });
}

/** The partitions of `parent` named by their first day, oldest first. */
async function partitionsOf(
  db: DB,
  parent: 'telemetry' | 'telemetry_hourly',
): Promise<Array<{ name: string; start: Date }>> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = ${parent} ORDER BY c.relname`.execute(db);
  const pattern = parent === 'telemetry' ? /^telemetry_p(\d{4})(\d{2})(\d{2})$/ : /^telemetry_hourly_p(\d{4})(\d{2})$/;
  return rows.flatMap(({ name }) => {
    const m = pattern.exec(name);
    return m ? [{ name, start: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1))) }] : [];
  });
}

/**
 * Drops the raw days that ended more than `retentionDays` ago and the rollup months that ended more than two years
 * ago. Answers the partitions dropped.
 */
export async function dropExpired(
  db: DB,
  now = new Date(),
  retentionDays = setting('TELEMETRY_RETENTION_DAYS'),
): Promise<string[]> {
  const rawCut = utcDay(now).getTime() - retentionDays * DAY_MS;
  const rollupCut = utcDay(now).getTime() - ROLLUP_RETENTION_DAYS * DAY_MS;
  const dropped: string[] = [];
  for (const p of await partitionsOf(db, 'telemetry')) if (p.start.getTime() + DAY_MS <= rawCut) dropped.push(p.name);
  for (const p of await partitionsOf(db, 'telemetry_hourly')) {
    const end = Date.UTC(p.start.getUTCFullYear(), p.start.getUTCMonth() + 1, 1);
    if (end <= rollupCut) dropped.push(p.name);
  }
  for (const name of dropped) await sql`DROP TABLE IF EXISTS ${sql.table(name)}`.execute(db);
  return dropped;
}

/** Keeps the partitions made and the old ones dropped: now, then every hour, until the answer is called. */
export function startPartitionKeeper(db: DB, onError: (e: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running
      .then(async () => {
        if (stopped) return;
        await ensurePartitions(db);
        await dropExpired(db);
      })
      .catch(onError);
  };
  run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
