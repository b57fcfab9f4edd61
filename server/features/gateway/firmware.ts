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
          'Answers 206 with Content-Range for a `Range: bytes=…` request, so an interrupted download resumes. `X-Firmware-SHA256` carries the checksum to verify the whole image with.',
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
      if (storage.fileOf) {
        const { root, path } = storage.fileOf(fw.file);
        const r = await send(req.raw, `/${path}`, { root, acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
        if (r.type === 'error') throw notFound('vf.campaign.error.firmware');
        return reply.code(r.statusCode).headers(r.headers).type('application/octet-stream').send(r.stream);
      }
      const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
      const part = storage.getRange ? await storage.getRange(fw.file, range) : undefined;
      if (!part) throw notFound('vf.campaign.error.firmware');
      reply.code(part.status).header('Accept-Ranges', 'bytes').type('application/octet-stream');
      if (part.contentRange) reply.header('Content-Range', part.contentRange);
      return reply.send(part.body);
    },
  );
}
