// @vitest-environment node
// Configuration in one place: the server reads its environment only through server/config.ts, README's
// table is the declaration's, and a bad value stops the process with a message naming the variable.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { SETTINGS, configTable, readConfig, ConfigError } from '../../server/config';
import { ROOT } from '../../scripts/buildIfStale';

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

it('reads process.env nowhere in the server but in server/config.ts', () => {
  const readers = filesUnder(path.join(ROOT, 'server'))
    .filter((f) => /\.ts$/.test(f) && !f.endsWith(path.join('server', 'config.ts')))
    .filter((f) => /process\.env\b/.test(fs.readFileSync(f, 'utf8')));
  expect(readers.map((f) => path.relative(ROOT, f))).toEqual([]);
});

it("keeps README's configuration table equal to the declarations", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const m = /<!-- config-table[^>]*-->\n([\s\S]*?)\n<!-- \/config-table -->/.exec(readme);
  expect(m, 'README.md has no <!-- config-table --> section').toBeTruthy();
  expect(m![1]).toBe(configTable());
});

it('takes the defaults, and parses every type', () => {
  const c = readConfig({});
  expect([c.PORT, c.DB_POOL_MAX, c.LOG, c.LOGIN_RATE_LIMIT, c.TRUST_PROXY, c.DATABASE_URL]).toEqual([
    8080,
    10,
    true,
    true,
    false,
    undefined,
  ]);
  const d = readConfig({
    PORT: '9000',
    DB_POOL_MAX: '40',
    LOG: '0',
    LOGIN_RATE_LIMIT: 'off',
    OFFLINE_AFTER_SECONDS: '1.5',
    DATABASE_URL: 'postgres://u@h:5432/db',
  });
  expect([d.PORT, d.DB_POOL_MAX, d.LOG, d.LOGIN_RATE_LIMIT, d.OFFLINE_AFTER_SECONDS, d.DATABASE_URL]).toEqual([
    9000,
    40,
    false,
    false,
    1.5,
    'postgres://u@h:5432/db',
  ]);
});

it('refuses bad values, naming every variable that is wrong at once', () => {
  let err: ConfigError | undefined;
  try {
    readConfig({
      PORT: 'eighty',
      DB_POOL_MAX: '0',
      LOG: 'maybe',
      DATABASE_URL: 'mysql://x/y',
      NODE_ENV: 'prod',
      S3_BUCKET: 'b',
    });
  } catch (e) {
    err = e as ConfigError;
  }
  expect(err).toBeInstanceOf(ConfigError);
  const text = err!.problems.join('\n');
  for (const name of ['PORT', 'DB_POOL_MAX', 'LOG', 'DATABASE_URL', 'NODE_ENV', 'S3_ACCESS_KEY_ID'])
    expect(text).toContain(name);
  expect(err!.problems).toHaveLength(6);
});

it("refuses the scan's hash cost in production: a production server hashes at OWASP's", () => {
  expect(readConfig({ PASSWORD_HASH_COST: 'scan' }).PASSWORD_HASH_COST).toBe('scan');
  expect(() => readConfig({ PASSWORD_HASH_COST: 'scan', NODE_ENV: 'production' })).toThrow(/PASSWORD_HASH_COST=scan/);
});

it('declares each setting with a meaning, and a default only of its own type', () => {
  for (const [name, s] of Object.entries(SETTINGS)) {
    expect(s.meaning.length, name).toBeGreaterThan(10);
    if ('default' in s) expect(() => readConfig({ [name]: s.default }), name).not.toThrow();
  }
});

it('stops the server process at start on a bad value, with a message naming it', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DB_POOL_MAX: 'lots', DATA_DIR: '/nonexistent/never-opened' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('DB_POOL_MAX="lots": expected a whole number');
  expect(fs.existsSync('/nonexistent/never-opened')).toBe(false);
}, 60_000);
