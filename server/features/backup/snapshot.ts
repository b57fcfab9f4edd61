// An embedded installation's backup: a folder holding PGlite's data folder as a tarball (pgdata.tar.gz), the
// uploaded images (uploads/) and manifest.json. Written beside its destination and renamed when complete, so
// a folder by that name is always a whole backup (docs/operations.md, "Backups").
import fs from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
export const PGDATA_TAR = 'pgdata.tar.gz';
export const UPLOADS = 'uploads';

export interface Manifest {
  format: 1;
  engine: 'pglite';
  created: string;
  /** the migrations the database had: a build that lacks one of them must not restore it */
  migrations: string[];
  uploads: number;
}

export interface EmbeddedSource {
  /** the data folder as a gzipped tarball, taken at one instant (server/db/index.ts: Database.snapshot) */
  snapshot(): Promise<Blob>;
  /** the applied migrations at that instant (read before the snapshot: any applied later are in it too) */
  migrations(): Promise<string[]>;
  /** the uploaded images' folder (UPLOAD_DIR, else DATA_DIR/uploads); undefined when they are in a bucket */
  uploadDir?: string;
}

export async function writeEmbeddedBackup(source: EmbeddedSource, dest: string): Promise<Manifest> {
  const target = path.resolve(dest);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new folder for the backup`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const migrations = await source.migrations();
    const tar = await source.snapshot();
    fs.writeFileSync(path.join(partial, PGDATA_TAR), Buffer.from(await tar.arrayBuffer()));
    // after the database: an image is stored before the row naming it, so every image the snapshot names is here
    // (and perhaps a few newer ones nothing names yet)
    let uploads = 0;
    if (source.uploadDir && fs.existsSync(source.uploadDir)) {
      fs.cpSync(source.uploadDir, path.join(partial, UPLOADS), { recursive: true, filter: (f) => !f.endsWith('.tmp') });
      uploads = countFiles(path.join(partial, UPLOADS));
    }
    const manifest: Manifest = { format: 1, engine: 'pglite', created: new Date().toISOString(), migrations, uploads };
    fs.writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.renameSync(partial, target);
    return manifest;
  } catch (e) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw e;
  }
}

export function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
