// Object storage for uploaded images: a folder under DATA_DIR by default, an S3-compatible bucket when
// S3_BUCKET is set. Objects are addressed by a path that the API serves back under /api/files/.
import fs from 'node:fs';
import path from 'node:path';
import { S3Storage } from './s3';
import type { ObjectStorage, StoredObject } from './types';
import type { Config } from '../../../config';

export type { ObjectStorage, StoredObject, RangedObject } from './types';

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    const f = path.resolve(this.root, key);
    // Keys are made by the server, but a path never leaves the root whatever it holds.
    if (!f.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`object key outside storage: ${key}`);
    return f;
  }

  async put(key: string, body: Buffer) {
    const f = this.file(key);
    await fs.promises.mkdir(path.dirname(f), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const tmp = `${f}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, body);
    await fs.promises.rename(tmp, f);
  }

  fileOf(key: string) {
    return { root: path.resolve(this.root), path: path.relative(path.resolve(this.root), this.file(key)) };
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      return { body: await fs.promises.readFile(this.file(key)) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
}

/** The storage the configuration asks for: the bucket when S3_BUCKET is set, else a folder. */
export function storageFromConfig(c: Config, dataDir: string | undefined): ObjectStorage {
  if (c.S3_BUCKET) {
    return new S3Storage({
      endpoint: c.S3_ENDPOINT,
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
      // readConfig() refuses S3_BUCKET without both
      accessKeyId: c.S3_ACCESS_KEY_ID!,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
      pathStyle: c.S3_PATH_STYLE ?? !!c.S3_ENDPOINT,
    });
  }
  return new LocalStorage(c.UPLOAD_DIR ?? path.join(dataDir ?? c.DATA_DIR, 'uploads'));
}
