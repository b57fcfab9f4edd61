// Backups of the embedded installation (database and uploaded images); PostgreSQL's are pg_dump's
// (docs/operations.md, "Backups").
import path from 'node:path';
import { appliedMigrations } from '../../db/migrate';
import { setting } from '../../config';
import type { Database } from '../../db';
import type { EmbeddedSource } from './snapshot';
import type { Feature } from '../feature';

export { serveBackupRequests, requestBackup } from './control';
export { writeEmbeddedBackup } from './snapshot';

/** Where the embedded installation's images are: UPLOAD_DIR, else DATA_DIR/uploads; none with S3_BUCKET. */
export function localUploadDir(dataDir: string): string | undefined {
  if (setting('S3_BUCKET')) return undefined;
  return path.resolve(setting('UPLOAD_DIR') ?? path.join(dataDir, 'uploads'));
}

/** What a backup of this open embedded database reads. */
export function embeddedSource(database: Database, dataDir: string): EmbeddedSource {
  if (!database.snapshot)
    throw new Error('only the embedded database is backed up this way: use pg_dump for PostgreSQL');
  const snapshot = database.snapshot;
  return {
    snapshot: () => snapshot(),
    migrations: () => appliedMigrations(database.db),
    uploadDir: localUploadDir(dataDir),
  };
}

/** No routes and no hooks: its one job, answering `npm run backup` on a local socket while the embedded database
 * is open, is started by server/main.ts (serveBackupRequests), beside the server rather than inside it. */
export const backup: Feature = { name: 'backup' };
