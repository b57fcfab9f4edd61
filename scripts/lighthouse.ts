// Lighthouse (npm) in the Debian Chromium on the built app (docs/performance.md "The browser"): the sign-in page with
// the default mobile preset, and the dashboard of a signed-in `admin` with the desktop preset. Each page runs RUNS
// times (default 3), each in a fresh browser profile (a cold cache); prints the median performance and
// accessibility scores and the audits that did not pass, writes .tmp/lighthouse.json, and exits 1 when a
// median is below its target.
//   npm run lighthouse [-- --runs 3] [-- --only login|dashboard]
// Performance is a timed score: on a busy machine it drops. The accessibility half is also held by
// tests/e2e/accessibility.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { ROOT, buildIfStale } from './buildIfStale';
import { startServer } from '../server/main';
import { DEMO_PASSWORD } from '../server/db/seed';
import { CHROMIUM_ARGS } from '../tests/support/browser';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../resources/session';

export const CHROMIUM = '/usr/bin/chromium';
export const TARGETS = {
  login: { performance: 85, accessibility: 95 },
  dashboard: { performance: 95, accessibility: 95 },
} as const;
type PageName = keyof typeof TARGETS;
type Category = 'performance' | 'accessibility';

export interface LighthouseRun {
  lhr: Result;
  scores: Record<Category, number>;
}

/** One Lighthouse run in a fresh Chromium; with a token, the session cookie is set first. */
export async function runLighthouse(
  url: string,
  opts: { desktop?: boolean; token?: string; categories?: Category[] } = {},
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    if (opts.token) {
      // The console's session is a pair of cookies (resources/session.ts), set here as sign-in sets them;
      // Lighthouse's storage reset would remove them, so it is off — the profile is new for every run, so
      // the cache is cold anyway.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const origin = new URL(url).origin;
      await browser.contexts()[0].addCookies([
        { name: SESSION_COOKIE, value: opts.token, url: origin, sameSite: 'Strict', httpOnly: true },
        { name: SIGNED_IN_COOKIE, value: '1', url: origin, sameSite: 'Strict' },
      ]);
      await browser.close();
    }
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: opts.categories ?? ['performance', 'accessibility'],
      disableStorageReset: !!opts.token,
    };
    const result = await lighthouse(url, flags, opts.desktop ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const score = (c: Category) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100);
    return { lhr: result.lhr, scores: { performance: score('performance'), accessibility: score('accessibility') } };
  } finally {
    chrome.kill();
  }
}

/** The audits of a category that count and did not pass (score below 0.9), worst first. */
export function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((r) => ({ r, a: lhr.audits[r.id] }))
    .filter(
      ({ r, a }) => a && a.score !== null && a.score < 0.9 && (r.weight > 0 || a.scoreDisplayMode === 'metricSavings'),
    )
    .sort((x, y) => (x.a.score ?? 0) - (y.a.score ?? 0))
    .map(({ a }) => {
      // for accessibility, which elements (the first three)
      const items =
        category === 'accessibility'
          ? ((a.details as { items?: Array<{ node?: { selector?: string; snippet?: string } }> })?.items ?? [])
          : [];
      const nodes = items
        .slice(0, 3)
        .map((i) => `\n      ${i.node?.selector ?? ''} ${i.node?.snippet?.slice(0, 160) ?? ''}`)
        .join('');
      return `${a.id} (${Math.round((a.score ?? 0) * 100)}${a.displayValue ? `, ${a.displayValue}` : ''}): ${a.title}${nodes}`;
    });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 3);
  const only = arg('--only') as PageName | undefined;
  if (buildIfStale()) console.log('built the browser app');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-lighthouse-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    logger: false,
    distDir: path.join(ROOT, 'dist'),
  });
  const base = server.address.replace('0.0.0.0', '127.0.0.1');
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  };
  let below = false;
  try {
    const signin = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await signin.json()) as { data: { token: string } }).data.token;
    const pages: Array<{ name: PageName; url: string; desktop: boolean; token?: string }> = [
      { name: 'login', url: `${base}/login`, desktop: false },
      { name: 'dashboard', url: `${base}/dashboard`, desktop: true, token },
    ];
    console.log(`Lighthouse ${runs}x per page, Chromium ${CHROMIUM}, load average ${report.load}`);
    for (const p of pages) {
      if (only && p.name !== only) continue;
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await runLighthouse(p.url, { desktop: p.desktop, token: p.token });
        console.log(
          `  ${p.name} run ${i + 1}: performance ${r.scores.performance}, accessibility ${r.scores.accessibility}`,
        );
        results.push(r);
      }
      const perf = median(results.map((r) => r.scores.performance));
      const a11y = median(results.map((r) => r.scores.accessibility));
      const target = TARGETS[p.name];
      const met = perf >= target.performance && a11y >= target.accessibility;
      below ||= !met;
      const typical = results.find((r) => r.scores.performance === perf)!;
      fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
      fs.writeFileSync(path.join(ROOT, '.tmp', `lighthouse-${p.name}.json`), JSON.stringify(typical.lhr));
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, typical.lhr.audits[id]?.displayValue]),
      );
      const failing = {
        performance: failingAudits(typical.lhr, 'performance'),
        accessibility: [...new Set(results.flatMap((r) => failingAudits(r.lhr, 'accessibility')))],
      };
      console.log(
        `${p.name} (${p.desktop ? 'desktop' : 'mobile'} preset): performance ${perf} (target ${target.performance}), accessibility ${a11y} (target ${target.accessibility}) — ${met ? 'met' : 'BELOW TARGET'}`,
      );
      console.log(
        `  ${Object.entries(metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      for (const [c, list] of Object.entries(failing)) for (const f of list) console.log(`  not passed, ${c}: ${f}`);
      report[p.name] = {
        preset: p.desktop ? 'desktop' : 'mobile',
        runs: results.map((r) => r.scores),
        median: { performance: perf, accessibility: a11y },
        target,
        met,
        metrics,
        failing,
      };
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, '.tmp', 'lighthouse.json'), JSON.stringify(report, null, 2));
  process.exit(below ? 1 : 0);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  main().catch((e) => {
    console.error(e);
    process.exit(2);
  });
}
