// What an object store is, apart from the stores themselves (./index.ts, ./s3.ts), so both import it one way.
export interface StoredObject {
  body: Buffer;
  contentType?: string;
}

export interface ObjectStorage {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
}
