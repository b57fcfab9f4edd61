// How answers are compressed for a client that asks (Accept-Encoding): the options of @fastify/compress, here so
// that `npm run bench`'s bare route (scripts/bench-bare.ts) compresses exactly as the app does. The choice is
// measured (docs/performance.md, "Compression that pays for itself"): per answer, zstd level 1 costs a fraction
// of brotli quality 5's CPU for ~10% more bytes, and gzip level 1 is what a browser without zstd (Safari) gets.
// The app's own files are not compressed here: the build writes them compressed once (scripts/precompress.ts)
// and server/app.ts serves those files.
import { constants as Z, type ZlibOptions, type ZstdOptions } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

// gzip reads `level`, zstd its `params`: @fastify/compress hands both the same zlibOptions
const zlibOptions: ZlibOptions & ZstdOptions = { level: 1, params: { [Z.ZSTD_c_compressionLevel]: 1 } };

export const COMPRESSION: FastifyCompressOptions = {
  global: true,
  // under one TCP packet's worth compressing saves no packet, only CPU
  threshold: 1024,
  // by preference when a client accepts several (Chromium and Firefox: zstd; Safari: gzip)
  encodings: ['zstd', 'gzip', 'br'],
  zlibOptions,
  brotliOptions: { params: { [Z.BROTLI_PARAM_QUALITY]: 1 } },
  // A JSON answer up to this size is compressed in one call and sent with its Content-Length in one write; the
  // plugin's default on two cores (8 KiB) streamed an order page (~24 KB) through the thread pool: ~11 futex
  // calls and a second socket write per answer. 256 KiB at zstd 1 holds the event loop under ~1 ms.
  syncThreshold: 256 * 1024,
};
