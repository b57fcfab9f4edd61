// What an object store is, apart from the stores themselves (./index.ts, ./s3.ts), so both import it one way.
export interface StoredObject {
  body: Buffer;
  contentType?: string;
}

export interface ObjectStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  /** a folder's own file for the key: served from disk by @fastify/send (ranges, validators) */
  fileOf?(key: string): { root: string; path: string };
  /** part of an object by an HTTP Range header, as the bucket answers it (a firmware download resumed) */
  getRange?(key: string, range: string | undefined): Promise<RangedObject | undefined>;
}

/** An object or part of one, as the store answered a ranged read: 206 with `contentRange`, or the whole (200). */
export interface RangedObject {
  status: 200 | 206 | 416;
  body: Buffer;
  contentRange?: string;
  size?: number;
}
