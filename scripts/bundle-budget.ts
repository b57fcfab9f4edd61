// First-load budgets: what the browser must fetch before a page can run, read from the build's manifest
// (dist/.vite/manifest.json) — each chunk with everything it imports statically, plus the CSS they carry:
// - login: the entry script, the sign-in page's chunk and the sign-in messages of one language (src/main.tsx
//   imports those two at once for a visitor without a session), the worst of the four languages;
// - dashboard: a signed-in load of /dashboard — the entry, the console's shell (src/App.tsx), one language's
//   messages (virtual:vf-messages/<lang>, scripts/messagesPlugin.ts) and the dashboard page (its charts load after it, lazily), the worst of the four languages.
// `npm run build` runs it afterwards (postbuild) and fails when a budget is exceeded; tests/e2e/budget.test.ts
// checks the same on the build the end-to-end tests use.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * gzip bytes (level 9), the worst of the four languages. Measured 2026-11-23: before, every page (the login
 * too) waited for the entry and the whole admin chunk, 420.3 KiB; after the sign-in page left the console and
 * every screen became lazy, login 74.7 KiB (React 68.8 of it) and a signed-in dashboard 352.5 KiB (react-admin
 * and MUI are most of the shell). Budgets: the measurement + ~8–10%. 2026-11-24: the dashboard had grown to
 * 379.9 KiB; words for every stored code shown (alarm categories, pay and end types, a robot's online state) and
 * each resource's own save messages, in all four languages, took it to 381.5 KiB: budget 384 KiB. Later that
 * day commands and telemetry (two declared resources, the catalogue and metrics declarations, their list
 * renderers and bulk button in the shell) took it to 392.8 KiB: budget 400 KiB, no longer with 8% of room —
 * the shell carries every declaration; splitting declarations per screen is the next cut. 2026-11-28: with
 * notifications, forecasts, import and the accessibility parts it reached 411.2 KiB; each feature's messages came
 * in all four languages (i18n/features keeps them side by side). One language's messages per load
 * (scripts/messagesPlugin.ts): 366.4 KiB.
 */
export const BUDGETS_GZIP = { login: 82 * 1024, dashboard: 400 * 1024 } as const;
export type PageName = keyof typeof BUDGETS_GZIP;

export interface FirstLoad {
  files: string[];
  bytes: number;
  gzipBytes: number;
  lang: string;
}

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const LANGS = ['zh', 'en', 'es', 'ja'];

export function firstLoads(dist: string): Record<PageName, FirstLoad> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const keyOfFile = new Map(Object.entries(manifest).map(([k, c]) => [c.file, k]));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the build manifest');
  const need = (key: string) => {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    return key;
  };
  // The sign-in messages (i18n/app/<lang>.ts) are shared chunks without a source key: read which file the
  // entry imports for each language.
  const entryCode = fs.readFileSync(path.join(dist, manifest[entryKey].file), 'utf8');
  const appMessages = (lang: string) => {
    const m = entryCode.match(
      new RegExp(`"\\.\\./i18n/app/${lang}\\.ts":\\(\\)=>[\\w$]+\\(\\(\\)=>import\\(.\\./([^"'\`]+)`),
    );
    if (!m) throw new Error(`the entry does not import i18n/app/${lang}.ts`);
    return need(keyOfFile.get(`assets/${m[1]}`) ?? `missing ${m[1]}`);
  };
  const measure = (keys: string[], lang: string): FirstLoad => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const c = manifest[key];
      files.add(c.file);
      c.css?.forEach((f) => files.add(f));
      c.imports?.forEach(walk);
    };
    keys.forEach(walk);
    let bytes = 0;
    let gzipBytes = 0;
    for (const f of files) {
      const b = fs.readFileSync(path.join(dist, f));
      bytes += b.length;
      gzipBytes += gzipSync(b, { level: 9 }).length;
    }
    return { files: [...files], bytes, gzipBytes, lang };
  };
  const worst = (keysFor: (lang: string) => string[]) =>
    LANGS.map((l) => measure(keysFor(l), l)).reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  return {
    login: worst((l) => [entryKey, need('src/login/LoginScreen.tsx'), appMessages(l)]),
    dashboard: worst((l) => [
      entryKey,
      need('src/App.tsx'),
      need(`virtual:vf-messages/${l}`),
      need('src/pages/DashboardPage.tsx'),
    ]),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const loads = firstLoads(path.resolve(import.meta.dirname, '..', 'dist'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  let over = false;
  for (const [page, r] of Object.entries(loads) as Array<[PageName, FirstLoad]>) {
    const budget = BUDGETS_GZIP[page];
    console.log(
      `first load, ${page} (${r.lang}): ${r.files.length} files, ${kb(r.bytes)}, ${kb(r.gzipBytes)} gzip (budget ${kb(budget)} gzip)`,
    );
    if (r.gzipBytes > budget) over = true;
  }
  if (over) {
    console.error(
      'Over a first-load budget: load the new code lazily (React.lazy / import()) or raise the budget with a measurement.',
    );
    process.exit(1);
  }
}
