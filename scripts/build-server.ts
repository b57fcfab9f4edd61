// The server as plain JavaScript (`npm run build`, after the browser app): one ES module, dist/server/main.js,
// with its SQL migrations beside it. npm packages stay outside the bundle (installed with
// `npm ci --omit=dev`): PGlite loads its WebAssembly from its own folder, pg its optional native part.
// So a production process starts with `node dist/server/main.js` — no tsx, no Vite, no build at start.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { ROOT } from './buildIfStale';

/** Builds the server into `out` (tests build a copy of their own elsewhere). */
export async function buildServer(out = path.join(ROOT, 'dist', 'server')) {
  fs.rmSync(out, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile: path.join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(ROOT, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
  // the packages the bundle imports: each must be a production dependency (tests/api/production.test.ts)
  const imports = new Set<string>();
  for (const input of Object.values(result.metafile.inputs))
    for (const i of input.imports) if (i.external && !i.path.startsWith('node:')) imports.add(i.path);
  return [...imports].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  await buildServer();
  console.log(`Server built in ${Date.now() - t} ms: dist/server/main.js`);
}
