// Which encoding and level pays for itself (`npm run bench` with BENCH_DEMO=1, or BENCH_COMPRESSION=1): each
// sample — the answers of the bench's rows as the server sends them to a client that asks for no encoding, an
// export, the built app's files — compressed by every candidate, one call at a time as the server compresses an
// answer (a fresh encoder each time), with the CPU µs that took and the bytes it saved. docs/performance.md,
// "Compression that pays for itself", reads the choice off this table.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface Sample {
  name: string;
  body: Buffer;
}

const { constants: Z } = zlib;
const br = (quality: number, lgwin?: number) => (b: Buffer) =>
  zlib.brotliCompressSync(b, {
    params: {
      [Z.BROTLI_PARAM_QUALITY]: quality,
      [Z.BROTLI_PARAM_SIZE_HINT]: b.length,
      ...(lgwin ? { [Z.BROTLI_PARAM_LGWIN]: lgwin } : {}),
    },
  });

/** the candidates: what a browser accepts (gzip, br, zstd) at the levels worth considering */
export const CANDIDATES: Array<[string, (b: Buffer) => Buffer]> = [
  ['gzip 1', (b) => zlib.gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => zlib.gzipSync(b, { level: 9 })],
  ['br 1', br(1)],
  ['br 4', br(4)],
  ['br 5 (window 4 MB)', (b) => zlib.brotliCompressSync(b, { params: { [Z.BROTLI_PARAM_QUALITY]: 5 } })],
  ['br 5, size hint', br(5)],
  ['br 11', br(11)],
  ['zstd 1', (b) => zlib.zstdCompressSync(b, { params: { [Z.ZSTD_c_compressionLevel]: 1 } })],
  ['zstd 3', (b) => zlib.zstdCompressSync(b, { params: { [Z.ZSTD_c_compressionLevel]: 3 } })],
  ['zstd 19', (b) => zlib.zstdCompressSync(b, { params: { [Z.ZSTD_c_compressionLevel]: 19 } })],
];

/**
 * CPU µs of one compression (user + system of this process) and its bytes: the least of three runs of ~30 ms each
 * (on a shared machine another process's burst only ever adds).
 */
function cost(fn: (b: Buffer) => Buffer, body: Buffer) {
  const bytes = fn(body).length;
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = process.cpuUsage();
    let n = 0;
    let spent = 0;
    while (n < 1 || (spent < 30_000 && n < 1000)) {
      fn(body);
      n++;
      const d = process.cpuUsage(t0);
      spent = d.user + d.system;
    }
    best = Math.min(best, spent / n);
    // one run is enough for what takes a second a call (br 11, zstd 19 on a large script)
    if (spent > 500_000) break;
  }
  return { us: Math.round(best * 10) / 10, bytes };
}

/** The built app's files a first load fetches, by kind: its largest scripts, its styles, the page. */
export function staticSamples(dist: string): Sample[] {
  const assets = path.join(dist, 'assets');
  const files = fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ f, size: fs.statSync(path.join(assets, f)).size }))
    .sort((a, b) => b.size - a.size);
  const css = files.filter((x) => x.f.endsWith('.css')).slice(0, 1);
  const js = files.filter((x) => x.f.endsWith('.js'));
  return [js[0], js[Math.floor(js.length / 2)], ...css]
    .filter(Boolean)
    .map((x) => ({ name: `static: assets/${x.f}`, body: fs.readFileSync(path.join(assets, x.f)) }))
    .concat([{ name: 'static: index.html', body: fs.readFileSync(path.join(dist, 'index.html')) }]);
}

/** Prints, per sample, each candidate's CPU µs per call and its bytes (the saving against the plain answer). */
export function printCompressionMatrix(samples: Sample[]) {
  const names = CANDIDATES.map(([n]) => n);
  console.log(
    `\nCompression of one answer, CPU µs per call / bytes (a fresh encoder per call, as the server compresses):\n| sample | plain bytes | ${names.join(' | ')} |\n|---|---:|${names.map(() => '---:').join('|')}|`,
  );
  for (const s of samples) {
    // the slowest levels on the large files only where they would be paid once, at build time
    const cells = CANDIDATES.map(([n, fn]) =>
      /11|19/.test(n) && !s.name.startsWith('static') && s.body.length > 200_000 ? '—' : cost(fn, s.body),
    ).map((c) => (typeof c === 'string' ? c : `${c.us} / ${c.bytes}`));
    console.log(`| ${s.name} | ${s.body.length} | ${cells.join(' | ')} |`);
  }
}
