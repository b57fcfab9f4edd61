// An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, OSS in S3 mode …) through the AWS SDK's S3 client:
// it signs, retries throttled and failed calls with back-off, and keeps its connections alive.
// The SDK loads on the first upload or download, not at start: it holds ~24 MB of memory in every process.
import type { S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorage, RangedObject, StoredObject } from './types';

export interface S3Config {
  /** absent: AWS in `region` */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://host/bucket/key (MinIO and most self-hosted) instead of https://bucket.host/key */
  pathStyle: boolean;
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private client?: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }>;

  constructor(private c: S3Config) {}

  private open() {
    const c = this.c;
    return (this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: c.endpoint,
        region: c.region,
        forcePathStyle: c.pathStyle,
        credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
        maxAttempts: 3,
        // An upload answers its caller within the API's own 20 s client time-out, even with the store down.
        requestHandler: { connectionTimeout: 3000, requestTimeout: 15000 },
      }),
    })));
  }

  async put(key: string, body: Buffer, contentType: string) {
    const { sdk, client } = await this.open();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.c.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await this.open();
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.c.bucket, Key: key }));
      if (!r.Body) return undefined;
      return { body: Buffer.from(await r.Body.transformToByteArray()), contentType: r.ContentType };
    } catch (e) {
      if (e instanceof sdk.NoSuchKey || (e instanceof sdk.S3ServiceException && e.$metadata.httpStatusCode === 404))
        return undefined;
      throw e;
    }
  }

  // the bucket answers the Range header itself (S3 takes one range), so a resumed download reads only the rest
  async getRange(key: string, range: string | undefined): Promise<RangedObject | undefined> {
    const { sdk, client } = await this.open();
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.c.bucket, Key: key, Range: range }));
      if (!r.Body) return undefined;
      const body = Buffer.from(await r.Body.transformToByteArray());
      return r.ContentRange ? { status: 206, body, contentRange: r.ContentRange } : { status: 200, body };
    } catch (e) {
      if (e instanceof sdk.S3ServiceException && e.$metadata.httpStatusCode === 416)
        return { status: 416, body: Buffer.alloc(0) };
      if (e instanceof sdk.NoSuchKey || (e instanceof sdk.S3ServiceException && e.$metadata.httpStatusCode === 404))
        return undefined;
      throw e;
    }
  }

  close() {
    void this.client?.then(({ client }) => client.destroy());
  }
}
