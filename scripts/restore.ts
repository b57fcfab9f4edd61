// `npm run restore -- <backup folder>`: puts an embedded backup (`npm run backup`) back into DATA_DIR — the
// database and the uploaded images. The server must be stopped (the folder's lock says so). What was there is
// kept beside, renamed `…before-restore-<time>`, until you remove it. Start the server afterwards: it applies
// the migrations the backup lacks. PostgreSQL: pg_restore — docs/operations.md, "Backups".
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockFolder, FolderInUseError } from '../server/db/folderLock';
import { migrationNames } from '../server/db/migrate';
import { localUploadDir } from '../server/features/backup';
import { MANIFEST, PGDATA_TAR, UPLOADS, type Manifest } from '../server/features/backup/snapshot';

function fail(message: string): never {
  console.error(`Restore refused: ${message}`);
  process.exit(1);
}

if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups").');
const from = process.argv[2]
  ? path.resolve(process.argv[2])
  : fail('name the backup folder: npm run restore -- backups/vendfleet-…');
const manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8')) as Manifest;
if (manifest.format !== 1 || manifest.engine !== 'pglite' || !fs.existsSync(path.join(from, PGDATA_TAR)))
  fail(`${from} is not a backup of the embedded database`);
const known = new Set(migrationNames());
const newer = manifest.migrations.filter((m) => !known.has(m));
if (newer.length)
  fail(`the backup was made by a newer release (migrations ${newer.join(', ')}): restore it with that release`);

const dataDir = path.resolve(process.env.DATA_DIR || 'data');
fs.mkdirSync(dataDir, { recursive: true });
let lock;
try {
  lock = lockFolder(dataDir, 0);
} catch (e) {
  fail(
    e instanceof FolderInUseError
      ? `${e.message.replace(' Stop it first, or set DATA_DIR.', '')}: stop the server first.`
      : (e as Error).message,
  );
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const pgdata = path.join(dataDir, 'pgdata');
const uploads = localUploadDir(dataDir);
const moved: Array<[string, string]> = [];
const moveAside = (p: string) => {
  if (!fs.existsSync(p)) return;
  const aside = `${p}.before-restore-${stamp}`;
  fs.renameSync(p, aside);
  moved.push([p, aside]);
};
try {
  moveAside(pgdata);
  const pglite = new PGlite(pgdata, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(path.join(from, PGDATA_TAR))]),
  });
  await pglite.waitReady;
  const applied = await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migration');
  await pglite.close();
  if (applied.rows[0].n !== manifest.migrations.length)
    throw new Error(
      `the restored database holds ${applied.rows[0].n} migrations, the manifest ${manifest.migrations.length}`,
    );
  // the images as they were: those uploaded since go aside with the rest
  if (uploads) {
    moveAside(uploads);
    if (fs.existsSync(path.join(from, UPLOADS))) fs.cpSync(path.join(from, UPLOADS), uploads, { recursive: true });
  }
} catch (e) {
  // put back what was there
  fs.rmSync(pgdata, { recursive: true, force: true });
  if (uploads && moved.some(([p]) => p === uploads)) fs.rmSync(uploads, { recursive: true, force: true });
  for (const [p, aside] of moved) fs.renameSync(aside, p);
  lock.release();
  fail((e as Error).message);
}
lock.release();
console.log(`Restored ${from} (made ${manifest.created}) into ${dataDir}.`);
for (const [, aside] of moved)
  console.log(`What was there is kept in ${aside} (remove it when the restored server is fine).`);
