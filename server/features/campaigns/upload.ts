// `POST /api/firmware/upload` (docs/campaigns.md): a firmware image into the uploads' storage (a folder or S3), its
// SHA-256 and size recorded with it, for `POST /api/firmware/add` to take by its path.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { requirePermission } from '../../auth/permissions';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { route, obj, str, int, type EdgeInstance } from '../../http/schema';
import { recordUpload } from '../uploads/queries';
import { receiveFile, storedPath } from '../uploads/receive';
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
        const body = await receiveFile(req, tooLarge);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const path = storedPath('fw', 'bin');
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
