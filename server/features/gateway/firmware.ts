// A robot downloads a firmware image (docs/campaigns.md, robot side): with its own key, only an image of its own
// type (any other is a 404, as an unknown one), with HTTP range requests so that an interrupted download resumes.
// From a folder, @fastify/send serves the file (Range, If-Range, ETag, Last-Modified); from a bucket, the bucket
// answers the range itself.
import send from '@fastify/send';
import type { DB } from '../../db';
import { notFound } from '../../http/errors';
import { route, paramsOf, type EdgeInstance } from '../../http/schema';
import type { ObjectStorage } from '../uploads/storage';
import { firmwareById } from '../campaigns/firmware';
import { deviceOf } from './auth';

const PATH = '/api/device-gateway/firmware/:id';

export function firmwareRoutes(app: EdgeInstance, db: DB, storage: ObjectStorage) {
  app.get<{ Params: { id: string } }>(
    PATH,
    {
      schema: route({
        tags: ['device-gateway'],
        security: 'device',
        summary: "A firmware image for the robot's own type (404 for any other), with range requests",
        description:
          'Answers 206 with Content-Range for a `Range: bytes=…` request, so an interrupted download resumes (416 with `Content-Range: bytes */<size>` past the end). `X-Firmware-SHA256` carries the checksum to verify the whole image with.',
        params: paramsOf('/device-gateway/firmware/:id'),
        raw: {
          contentType: 'application/octet-stream',
          description: 'the image, or the range of it asked for (206)',
          schema: { type: 'string', format: 'binary' },
        },
      }),
    },
    async (req, reply) => {
      const device = deviceOf(req);
      const fw = await firmwareById(db, req.params.id);
      if (!fw || fw.type !== device.type) throw notFound('vf.campaign.error.firmware');
      reply.header('X-Firmware-SHA256', fw.sha256).header('Cache-Control', 'private, no-transform');
      // a range past the end (the whole image already there): 416 with the size in Content-Range (RFC 9110
      // 15.5.17), from a folder or a bucket alike (docs/campaigns.md, robot side) — not @fastify/send's 416 taken
      // for a missing file, nor the bucket's bare 416
      const unsatisfiable = () =>
        reply
          .code(416)
          .header('Accept-Ranges', 'bytes')
          .header('Content-Range', `bytes */${fw.size}`)
          .type('application/octet-stream')
          .send(Buffer.alloc(0));
      if (storage.fileOf) {
        const { root, path } = storage.fileOf(fw.file);
        const r = await send(req.raw, `/${path}`, { root, acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
        if (r.type === 'error' && r.statusCode === 416) return unsatisfiable();
        if (r.type === 'error') throw notFound('vf.campaign.error.firmware');
        return reply.code(r.statusCode).headers(r.headers).type('application/octet-stream').send(r.stream);
      }
      const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
      const part = storage.getRange ? await storage.getRange(fw.file, range) : undefined;
      if (!part) throw notFound('vf.campaign.error.firmware');
      if (part.status === 416) return unsatisfiable();
      reply.code(part.status).header('Accept-Ranges', 'bytes').type('application/octet-stream');
      if (part.contentRange) reply.header('Content-Range', part.contentRange);
      return reply.send(part.body);
    },
  );
}
