// `POST /api/firmware/upload` (docs/campaigns.md): a firmware image into the uploads' storage (a folder or S3), its
// SHA-256 and size recorded with it, for `POST /api/firmware/add` to take by its path.
import { createHash, randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { route, obj, str, int, type EdgeInstance } from '../../http/schema';
import { recordUpload } from '../uploads/queries';
import type { ObjectStorage } from '../uploads/storage';
import firmwareDef, { FIRMWARE_MAX_BYTES } from '../../../resources/firmware';
import { OCTETS } from './firmware';

/** `POST /api/firmware/upload` (multipart, one file): stored as uploads are, answered with its path, checksum and
 * size, which `POST /api/firmware/add` then takes by the path. */
export async function firmwareUploadRoutes(app: EdgeInstance, db: DB, storage: ObjectStorage) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    const tooLarge = () =>
      new ApiError(413, 'vf.fleet.error.upload_too_large', { max: `${FIRMWARE_MAX_BYTES / 1048576} MB` });
    scope.post(
      '/api/firmware/upload',
      {
        bodyLimit: FIRMWARE_MAX_BYTES + 64 * 1024,
        config: { resource: 'firmware' },
        schema: route({
          tags: ['firmware'],
          summary: `Upload a firmware image (at most ${FIRMWARE_MAX_BYTES} bytes): multipart/form-data, one file part`,
          description:
            'Answers the path `POST /api/firmware/add` takes as `file`, with the SHA-256 and size recorded for it.',
          consumes: ['multipart/form-data'],
          body: obj({ file: str('the image', { format: 'binary' }) }, ['file']),
          data: obj({ file: str("what the firmware's `file` takes"), sha256: str(), size: int() }),
        }),
      },
      async (req) => {
        const ctx = ctxOf(req);
        requirePermission(ctx.user, firmwareDef.calls.upload.permission);
        if (!req.isMultipart()) throw new ApiError(415, 'vf.error.body');
        let body: Buffer;
        try {
          const file = await req.file();
          if (!file) throw new ApiError(400, 'vf.fleet.error.upload_missing');
          body = await file.toBuffer();
          if (file.file.truncated) throw tooLarge();
        } catch (e) {
          if (e instanceof ApiError) throw e;
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
          throw new ApiError(400, 'vf.fleet.error.upload_missing');
        }
        if (body.length === 0) throw new ApiError(400, 'vf.fleet.error.upload_missing');
        const sha256 = createHash('sha256').update(body).digest('hex');
        const month = new Date().toISOString().slice(0, 7).replace('-', '');
        const path = `fw/${month}/${randomBytes(16).toString('hex')}.bin`;
        await storage.put(path, body, OCTETS);
        await recordUpload(db, {
          path,
          content_type: OCTETS,
          size: body.length,
          sha256,
          storage: storage.kind,
          account: ctx.user._id,
          integrator: ctx.user.integrator,
          dealer: ctx.user.dealer,
        });
        return ok({ file: path, sha256, size: body.length });
      },
    );
  });
}
