// Image uploads: POST /api/upload (multipart, one file) stores the image in object storage and answers
// its path; GET /api/files/<path> serves it back. Only PNG, JPEG, GIF and WebP, recognised by their
// bytes (not by the name or the declared type), up to UPLOAD_MAX_BYTES.
import { route, obj, str, int, paramsOf, type EdgePlugin } from '../../http/schema';
import multipart from '@fastify/multipart';
import type { DB } from '../../db';
import { ctxOf } from '../../auth/plugin';
import { ok } from '../../http/envelope';
import { ApiError, notFound } from '../../http/errors';
import { storageFromConfig, type ObjectStorage } from './storage';
import { readConfig, setting } from '../../config';
import { UPLOAD_PATH_PATTERN } from '../../../resources/validate';
import { recordUpload } from './queries';
import { receiveFile, storedPath } from './receive';
import type { Feature } from '../feature';

// @fastify/multipart gives route config a declared member, so the resource name routes carry is declared too.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the declared resource a route serves: error messages name its fields */
    resource?: string;
  }
}

export const UPLOAD_MAX_BYTES = setting('UPLOAD_MAX_BYTES');

const KINDS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
type Ext = keyof typeof KINDS;

/** The image kind from the file's first bytes; SVG and everything else are refused. */
export function sniffImage(b: Buffer): Ext | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

// the very paths image fields accept (resources/validate.ts)
const PATH = UPLOAD_PATH_PATTERN;
const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;
const tooLarge = () => new ApiError(413, 'vf.fleet.error.upload_too_large', { max: sizeText(UPLOAD_MAX_BYTES) });
const wrongType = () => new ApiError(415, 'vf.fleet.error.upload_type');

export interface UploadOptions {
  dataDir?: string;
  storage?: ObjectStorage;
}

export const uploadRoutes: EdgePlugin<UploadOptions & { db: DB }> = async (app, opts) => {
  const { db } = opts;
  const storage = opts.storage ?? storageFromConfig(readConfig(), opts.dataDir);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });

    scope.post(
      '/api/upload',
      {
        bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
        schema: route({
          tags: ['files'],
          summary: `Upload one image (PNG, JPEG, GIF or WebP, at most ${UPLOAD_MAX_BYTES} bytes): multipart/form-data, one file part`,
          description:
            'Answers the path image fields take. 413 when too large, 415 when not an image, 429 past the per-account limit.',
          consumes: ['multipart/form-data'],
          body: obj({ file: str('the image', { format: 'binary' }) }, ['file']),
          data: obj({ path: str('what an image field holds'), url: str(), content_type: str(), size: int() }),
        }),
      },
      async (req) => {
        const ctx = ctxOf(req);
        if (!req.isMultipart()) throw wrongType();
        const body = await receiveFile(req, tooLarge);
        if (body.length > UPLOAD_MAX_BYTES) throw tooLarge();
        const ext = sniffImage(body);
        if (!ext) throw wrongType();
        const path = storedPath('img', ext);
        await storage.put(path, body, KINDS[ext]);
        await recordUpload(db, {
          path,
          content_type: KINDS[ext],
          size: body.length,
          storage: storage.kind,
          account: ctx.user._id,
          integrator: ctx.user.integrator,
          dealer: ctx.user.dealer,
        });
        return ok({ path, url: `/api/files/${path}`, content_type: KINDS[ext], size: body.length });
      },
    );
  });

  // Served without a session (an <img> cannot send one): paths are 128 random bits and never listed.
  app.get<{ Params: { '*': string } }>(
    '/api/files/*',
    {
      schema: route({
        tags: ['files'],
        security: 'open',
        summary: 'An uploaded image, by its path (served without a session: paths are random and never listed)',
        params: paramsOf('/files/*'),
        raw: {
          contentType: 'image/*',
          description: 'the image, cacheable for a year',
          schema: { type: 'string', format: 'binary' },
        },
      }),
    },
    async (req, reply) => {
      const path = req.params['*'];
      if (!PATH.test(path)) throw notFound();
      const obj = await storage.get(path);
      if (!obj) throw notFound();
      const ext = path.slice(path.lastIndexOf('.') + 1) as Ext;
      return reply
        .type(KINDS[ext])
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(obj.body);
    },
  );
};

export const uploads: Feature = {
  name: 'uploads',
  register: (app, { db, dataDir }) => app.register(uploadRoutes, { db, dataDir }),
  owns: ['upload'],
};
