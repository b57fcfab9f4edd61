// The one file of a multipart upload, read whole under the route's limits, and the storage path it goes to: shared
// by the image uploads (./index.ts) and the firmware upload (server/features/campaigns/upload.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';

/** The file part's bytes; `tooLarge` is the route's 413 (it names its own limit). Refusals are translated 4xx. */
export async function receiveFile(req: FastifyRequest, tooLarge: () => ApiError): Promise<Buffer> {
  let body: Buffer;
  try {
    const file = await req.file();
    if (!file) throw new ApiError(400, 'vf.fleet.error.upload_missing');
    body = await file.toBuffer();
    // toBuffer() checks the limit only between chunks: when the limit is met on the last chunk, the stream ends cut
    // at exactly the limit without an error. The stream's own flag says so.
    if (file.file.truncated) throw tooLarge();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError(400, 'vf.fleet.error.upload_missing');
    throw new ApiError(400, 'vf.error.body');
  }
  if (body.length === 0) throw new ApiError(400, 'vf.fleet.error.upload_missing');
  return body;
}

/** A new path under `dir`, by month, 128 random bits: never guessed, never listed. */
export function storedPath(dir: string, ext: string): string {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  return `${dir}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}
