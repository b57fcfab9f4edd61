// An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, OSS in S3 mode …) through the AWS SDK's S3 client:
// it signs, retries throttled and failed calls with back-off, and keeps its connections alive.
import { S3Client, PutObjectCommand, GetObjectCommand, NoSuchKey, S3ServiceException } from '@aws-sdk/client-s3';
import type { ObjectStorage, StoredObject } from './index';

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
  private client: S3Client;

  constructor(private c: S3Config) {
    this.client = new S3Client({
      endpoint: c.endpoint,
      region: c.region,
      forcePathStyle: c.pathStyle,
      credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
      maxAttempts: 3,
      // An upload answers its caller within the API's own 20 s client time-out, even with the store down.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15000 },
    });
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.c.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.c.bucket, Key: key }));
      if (!r.Body) return undefined;
      return { body: Buffer.from(await r.Body.transformToByteArray()), contentType: r.ContentType };
    } catch (e) {
      if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return undefined;
      throw e;
    }
  }

  close() {
    this.client.destroy();
  }
}
