// A PostgreSQL database holding the demo data, for tests that need a real server engine (several
// processes on one database, LISTEN/NOTIFY): a fresh copy of the template when DATABASE_URL is set,
// else a throw-away cluster started here the way .ci/run starts one (Debian's postgresql package).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { freshDatabase, memoryScratch } from './db';
import { openDatabase } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export interface PgDatabase {
  url: string;
  close: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (as .ci/run does)');
  versions.sort((a, b) => Number(a) - Number(b));
  return path.join(root, versions[versions.length - 1], 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asPostgres(bin: string, args: string[]) {
  const root = process.getuid?.() === 0;
  if (root) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

export async function postgresDatabase(): Promise<PgDatabase> {
  if (process.env.DATABASE_URL) {
    const d = await freshDatabase();
    return { url: d.databaseUrl!, close: d.drop };
  }
  const cluster = await ownCluster();
  const stop = () => cluster.close();
  const url = cluster.url;
  try {
    const d = await openDatabase({ url, poolSize: 1 });
    await migrate(d.db);
    await seedDemo(d.db);
    await d.close();
    return { url, close: stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export interface Cluster {
  url: string;
  /** stops the server (fast shutdown: sessions are ended, as in a restart) */
  stop(): void;
  start(): void;
  /** stops it for good and removes its files */
  close(): Promise<void>;
}

/** A throw-away PostgreSQL cluster of the caller's own (tests that stop and start the database). */
export async function ownCluster(): Promise<Cluster> {
  const bin = pgBin();
  // in memory where the machine has it, as the embedded databases (tests/support/db.ts)
  const dir = fs.mkdtempSync(path.join(memoryScratch() ?? os.tmpdir(), 'vf-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust']);
  const start = () =>
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off`,
      'start',
    ]);
  const stop = (mode = 'fast') => {
    try {
      asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-m', mode, 'stop']);
    } catch {
      /* already stopped */
    }
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop(),
    start,
    close: async () => {
      stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The engines a file that tests both runs here: with DATABASE_URL set (CI's PostgreSQL run) PostgreSQL only; when
 * `npm test`'s PostgreSQL run follows this one (VF_POSTGRES_RUN=follows, scripts/test.ts) PGlite only, the
 * PostgreSQL case waiting for that run rather than running twice; else both.
 */
export const TEST_ENGINES = process.env.DATABASE_URL
  ? (['PostgreSQL'] as const)
  : process.env.VF_POSTGRES_RUN === 'follows'
    ? (['PGlite'] as const)
    : (['PGlite', 'PostgreSQL'] as const);
