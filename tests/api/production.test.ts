// Build once, run many: the server bundled by `npm run build` runs on plain node (no tsx, no Vite), from a
// folder of its own, refuses to start without the built app, applies migrations as a one-off step, never
// serves its own code, and stops with exit code 0. Ends printing its cold start (spawn → ready).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { buildIfStale, ROOT } from '../../scripts/buildIfStale';
import { buildServer } from '../../scripts/build-server';
import { freshDatabase, type TestDatabase, TMP } from '../support/db';
import { freePort } from '../support/postgres';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// A copy of dist/ of this test's own (other test files may rebuild dist/ meanwhile); inside the project,
// so that node finds node_modules as it would in the image.
const APP = path.join(TMP, `prod-${process.pid}`);
const NOBUILD = path.join(TMP, `prod-nobuild-${process.pid}`);
let imports: string[] = [];
let database: TestDatabase;

beforeAll(async () => {
  buildIfStale();
  fs.rmSync(APP, { recursive: true, force: true });
  fs.mkdirSync(APP, { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'dist', 'index.html'), path.join(APP, 'index.html'));
  imports = await buildServer(path.join(APP, 'server'));
  fs.rmSync(NOBUILD, { recursive: true, force: true });
  fs.cpSync(path.join(APP, 'server'), path.join(NOBUILD, 'server'), { recursive: true });
  database = await freshDatabase();
}, 300_000);
afterAll(async () => {
  fs.rmSync(APP, { recursive: true, force: true });
  fs.rmSync(NOBUILD, { recursive: true, force: true });
  await database?.drop();
});

function envFor(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
  };
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else env.DATA_DIR = database.dataDir;
  return env;
}

it('imports only production dependencies', () => {
  expect(imports.length).toBeGreaterThan(3);
  const packageOf = (spec: string) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  expect(imports.map(packageOf).filter((p) => !(p in pkg.dependencies))).toEqual([]);
  expect(imports.map(packageOf)).not.toContain('tsx');
});

it('loads no browser code at start, and the export and object-store libraries only when first used', () => {
  // every replica's resident memory: react-admin (pulled in through a browser helper) held ~100 MB, exceljs
  // ~28 MB, the S3 SDK ~16 MB and qrcode a few MB in processes that mostly never export, store an upload or
  // set up two-factor sign-in
  const bundle = fs.readFileSync(path.join(APP, 'server', 'main.js'), 'utf8');
  const atStart = [...bundle.matchAll(/^import [^;]*? from "([^"]+)"/gm)].map((m) => m[1]);
  expect(atStart.length).toBeGreaterThan(3);
  expect(
    atStart.filter((p) =>
      /^(react|react-dom|react-admin|ra-core|exceljs|qrcode)($|\/)|^(@mui|@emotion|@aws-sdk)\//.test(p),
    ),
  ).toEqual([]);
  expect(bundle).toContain('import("exceljs")');
  expect(bundle).toContain('import("@aws-sdk/client-s3")');
  expect(bundle).toContain('import("qrcode")');
});

it('refuses to start in production without the built app, instead of building', () => {
  const r = spawnSync(process.execPath, [path.join(NOBUILD, 'server', 'main.js')], {
    cwd: ROOT,
    env: envFor(1),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('npm run build');
  expect(fs.existsSync(path.join(NOBUILD, 'index.html'))).toBe(false);
}, 60_000);

it('applies migrations as a one-off step', () => {
  const r = spawnSync(process.execPath, [path.join(APP, 'server', 'main.js'), 'migrate'], {
    cwd: ROOT,
    env: envFor(1),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('Migrations applied.');
}, 120_000);

it('runs on plain node, serves the app but not itself, and exits 0 on SIGTERM', async () => {
  const port = await freePort();
  const t0 = Date.now();
  const child = spawn(process.execPath, [path.join(APP, 'server', 'main.js')], {
    cwd: ROOT,
    env: envFor(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  let coldStartMs = 0;
  while (!coldStartMs) {
    if (child.exitCode !== null) throw new Error(out);
    if (Date.now() - t0 > 90_000) throw new Error(`not ready: ${out}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).status === 200) coldStartMs = Date.now() - t0;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    const page = await fetch(`${url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    for (const p of [
      '/server/main.js',
      '/server/migrations/001_foundation.sql',
      '/SERVER/main.js',
      '//server/main.js',
    ]) {
      const r = await fetch(`${url}${p}`);
      expect(await r.text(), p).not.toMatch(/server\/main\.ts|CREATE TABLE/);
    }
    const signin = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Demo12345' }),
    });
    expect(signin.status).toBe(200);
  } finally {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
  console.log(
    `production server cold start (spawn → /api/health/ready 200, ${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}, migrated database): ${coldStartMs} ms`,
  );
}, 120_000);
