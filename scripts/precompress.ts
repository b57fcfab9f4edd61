// The built app's files compressed once, at build time (a Vite plugin, vite.config.ts): beside every compressible
// file of 1 KiB or more, `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9), which server/app.ts serves
// to a browser that accepts them (@fastify/static's preCompressed) — no file of the app is compressed per request.
// Measured on the whole app (docs/performance.md, "Compression that pays for itself"): brotli 11 is 15% smaller
// than gzip 9 and costs ~6.5 CPU seconds a build, paid once instead of on every first load.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** what is worth compressing (images and fonts in woff2 are compressed already) */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest|ico)$/;
/** below this the server sends the file as it is (server/http/compression.ts: nothing under one packet) */
const SMALLEST = 1024;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(p) : [p];
  });
}

/** Writes `.br` and `.gz` beside each compressible file of `dir` (the server's own bundle, dist/server, aside). */
export async function precompress(dir: string) {
  const files = filesOf(dir).filter(
    (f) =>
      COMPRESSIBLE.test(f) &&
      !path.relative(dir, f).startsWith(`server${path.sep}`) &&
      !path.relative(dir, f).startsWith(`.vite${path.sep}`) &&
      fs.statSync(f).size >= SMALLEST,
  );
  // the thread pool compresses several files at once
  await Promise.all(
    files.map(async (f) => {
      const plain = await fs.promises.readFile(f);
      const [br, gz] = await Promise.all([
        brotli(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzip(plain, { level: 9 }),
      ]);
      await fs.promises.writeFile(`${f}.br`, br);
      await fs.promises.writeFile(`${f}.gz`, gz);
    }),
  );
  return files.length;
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vendfleet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
