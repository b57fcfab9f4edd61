// `npm run backup -- [folder]`: a backup of the embedded installation (DATA_DIR): the database as one
// consistent snapshot and the uploaded images, into a new folder (default backups/vendfleet-<time>).
// While the server runs it takes the snapshot itself (asked on DATA_DIR/backup.sock: it holds the database);
// when it is stopped, this process opens the folder and takes it. PostgreSQL (DATABASE_URL): pg_dump —
// see docs/operations.md, "Backups".
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db';
import { embeddedSource, requestBackup, writeEmbeddedBackup } from '../server/features/backup';

if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backups"); this command backs up the embedded database.',
  );
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const dest = path.resolve(
  process.argv[2] ?? path.join('backups', `vendfleet-${new Date().toISOString().replace(/[:.]/g, '-')}`),
);
if (!fs.existsSync(path.join(dataDir, 'pgdata'))) {
  console.error(`No embedded database in ${dataDir} (set DATA_DIR).`);
  process.exit(1);
}
try {
  const t = Date.now();
  let manifest = await requestBackup(dataDir, dest);
  let how = 'taken by the running server';
  if (!manifest) {
    // no server answers: open the folder ourselves (its lock keeps a server from starting meanwhile)
    const database = await openDatabase({ dataDir });
    try {
      manifest = await writeEmbeddedBackup(embeddedSource(database, dataDir), dest);
      how = 'the server was not running';
    } finally {
      await database.close();
    }
  }
  console.log(
    `Backup written to ${dest} in ${Date.now() - t} ms (${how}): ${manifest.migrations.length} migrations, ${manifest.uploads} uploaded files.`,
  );
} catch (e) {
  console.error(`Backup failed: ${(e as Error).message}`);
  process.exit(1);
}
