// Builds the browser app when dist/ is missing or older than any of its sources.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'i18n',
  'resources',
  'index.html',
  'vite.config.ts',
  'scripts/messagesPlugin.ts',
  'scripts/precompress.ts',
  'package.json',
];

export function newest(p: string): number {
  const full = path.join(ROOT, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((f) => newest(path.join(p, f))));
}

/** Two test runs side by side must not both write dist/: a lock folder makes the second wait. */
function withLock<T>(fn: () => T): T {
  const lock = path.join(ROOT, '.tmp', 'build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000 || Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export function buildIfStale(): boolean {
  return withLock(buildIfStaleNow);
}

function buildIfStaleNow(): boolean {
  const built = path.join(ROOT, 'dist', 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newest))) return false;
  console.log('Building the browser app…');
  const t = Date.now();
  // vitest sets NODE_ENV=test, which a child Vite would inherit and answer with React's development build
  // (twice the size, slower): the tests must run, and measure, what `npm run build` ships.
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  console.log(`Built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return true;
}
