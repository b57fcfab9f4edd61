// How answers are compressed for a client that asks (Accept-Encoding): the options of @fastify/compress, here so
// that `npm run bench`'s bare route (scripts/bench-bare.ts) compresses exactly as the app does.
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

// brotli or gzip for the app's scripts and the API's JSON (the live event stream is hijacked, so never
// buffered). Brotli quality 5: a fraction of quality 11's CPU per answer, and within ~10% of its size.
export const COMPRESSION: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
};
