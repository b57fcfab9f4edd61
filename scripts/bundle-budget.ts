// First-load JavaScript budget: what the browser must fetch before the login page can run — the entry
// script of dist/index.html and everything it imports statically (dynamic imports load later, on demand).
// `npm run build` runs it afterwards (postbuild) and fails when the budget is exceeded; tests/e2e/budget.test.ts
// checks the build the end-to-end tests use.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * gzip bytes. Measured 2026-11-23: 130,735 for the entry. Not yet counted: src/main.tsx imports the admin
 * screens' chunk (App, 337,757 bytes gzip) at once on every page, the login included — making the login
 * independent of it is the next step (README, Performance), after which this budget covers all of first load.
 */
export const FIRST_LOAD_BUDGET_GZIP = 145 * 1024;

export interface FirstLoad {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export function firstLoad(dist: string): FirstLoad {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    // static imports only: `import … from"./x.js"` and `import"./x.js"`, never `import("./x.js")`
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)) walk(path.posix.join(path.posix.dirname(file), m[1]));
  };
  entries.forEach(walk);
  let bytes = 0;
  let gzipBytes = 0;
  for (const f of seen) {
    const b = fs.readFileSync(path.join(dist, f));
    bytes += b.length;
    gzipBytes += gzipSync(b, { level: 9 }).length;
  }
  return { files: [...seen], bytes, gzipBytes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = firstLoad(path.resolve(import.meta.dirname, '..', 'dist'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`first-load JavaScript: ${r.files.join(', ')} — ${kb(r.bytes)}, ${kb(r.gzipBytes)} gzip (budget ${kb(FIRST_LOAD_BUDGET_GZIP)} gzip)`);
  if (r.gzipBytes > FIRST_LOAD_BUDGET_GZIP) {
    console.error('Over the first-load budget: load the new code lazily (React.lazy / import()) or raise the budget with a measurement.');
    process.exit(1);
  }
}
