// An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, OSS in S3 mode …) spoken to with plain HTTP and
// Signature Version 4, so that no SDK is needed for the two calls we make: put an object, get it back.
import { createHash, createHmac } from 'node:crypto';
import type { ObjectStorage, StoredObject } from './index';

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://host/bucket/key (MinIO and most self-hosted) instead of https://bucket.host/key */
  pathStyle: boolean;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it; '/' kept in object keys. */
const encodeKey = (key: string) => key.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** yyyymmddThhmmssZ */
  amzDate: string;
  service?: string;
}

/** The Authorization header of a SigV4-signed request (headers must already hold host, x-amz-date, x-amz-content-sha256). */
export function signV4(i: SignInput): string {
  const service = i.service ?? 's3';
  const date = i.amzDate.slice(0, 8);
  const lower = Object.entries(i.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  const canonicalHeaders = lower.map(([k, v]) => `${k}:${v}\n`).join('');
  const signedHeaders = lower.map(([k]) => k).join(';');
  const query = [...i.url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [i.method, i.url.pathname, query, canonicalHeaders, signedHeaders, i.payloadHash].join('\n');
  const scope = `${date}/${i.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', i.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, date), i.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  constructor(private c: S3Config) {}

  private url(key: string): URL {
    const base = new URL(this.c.endpoint);
    if (this.c.pathStyle) return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}/${this.c.bucket}/${encodeKey(key)}`);
    return new URL(`${base.protocol}//${this.c.bucket}.${base.host}/${encodeKey(key)}`);
  }

  private async send(method: 'PUT' | 'GET', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.url(key);
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = { host: url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
    if (contentType) headers['content-type'] = contentType;
    headers.authorization = signV4({ method, url, headers, payloadHash, region: this.c.region, accessKeyId: this.c.accessKeyId, secretAccessKey: this.c.secretAccessKey, amzDate });
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: sent, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(20_000) });
  }

  async put(key: string, body: Buffer, contentType: string) {
    const res = await this.send('PUT', key, body, contentType);
    if (!res.ok) throw new Error(`object storage answered ${res.status} to PUT ${key}: ${(await res.text()).slice(0, 200)}`);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const res = await this.send('GET', key);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`object storage answered ${res.status} to GET ${key}`);
    return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? undefined };
  }
}
