// `npm test`: unit, API and end-to-end tests on the embedded database; the API tests again on
// PostgreSQL when DATABASE_URL is set, side by side with the end-to-end tests (docs/testing.md: a browser test
// waits for the page most of its time, and the two share no state). Ends with one line: "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from './buildIfStale';

interface Run {
  name: string;
  projects: string[];
  env: NodeJS.ProcessEnv;
  args: string[];
  /** runs at the same time as the run before it (its output is held back and printed when it ends) */
  alongside?: boolean;
}

const extra = process.argv.slice(2);
const { DATABASE_URL, ...withoutDb } = process.env;

/**
 * API files that prove something only PostgreSQL can (several processes on one database, the database stopped
 * and started): they use tests/support/postgres.ts and never the embedded database. Without DATABASE_URL each
 * starts a throw-away cluster of its own; with it they run once, in the PostgreSQL run, not twice.
 */
function postgresOnly(): string[] {
  const dir = path.join(ROOT, 'tests', 'api');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      return (
        /\b(postgresDatabase|ownCluster)\(/.test(text) && !/\b(freshDatabase|startTestServer|startE2E)\(/.test(text)
      );
    })
    .map((f) => `tests/api/${f}`);
}

/**
 * API files the PostgreSQL run leaves out: what they prove is the same on both engines, or the embedded
 * database's alone, so PGlite proves it (docs/testing.md, "Which engine runs what"). Every other API file runs on
 * both: races, faults, several processes, LISTEN/NOTIFY, the queue, the pg driver's types, migrations.
 * A file not named here runs on both engines.
 */
const PGLITE_ONLY: Record<string, string> = {
  'tests/api/backup.test.ts':
    'the embedded folder backed up and restored; its pg_dump case starts a cluster of its own',
  'tests/api/restart-lock.test.ts': "the embedded database's folder lock",
  'tests/api/start.test.ts': 'README first command on an empty embedded folder (it drops DATABASE_URL)',
  'tests/api/apidocs.test.ts': 'the OpenAPI document and request schemas',
  'tests/api/injection.test.ts': 'fixed injection cases (the same SQL parser; npm run sqlmap scans PostgreSQL)',
  'tests/api/isolation.test.ts': 'the tenant matrix: permission logic, one request at a time',
  'tests/api/password-hash.test.ts': 'argon2id and scrypt hashes',
  'tests/api/security-leaks.test.ts': 'declared secrets never answered',
  'tests/api/security.test.ts':
    "answers' headers, uploads served as images, no secret in the output or the operation log: one request at a time",
  'tests/api/walk.test.ts': 'server halves of screen defects, one request at a time',
  'tests/api/compression.test.ts': "answers' encodings and the app's precompressed files: HTTP only",
  'tests/api/edge-rules.test.ts': 'declared rules refused by the route schema before any SQL: HTTP only',
  'tests/api/flood.test.ts': "the flood allowances: the process's own in-memory counts, HTTP only",
  'tests/api/order-states.test.ts':
    'every transition from every state, one request at a time (refunds raced: orders, on both engines)',
  'tests/api/import.test.ts':
    "file parsing, dry runs and undo, one request at a time; one import at a time is the process's own map",
  'tests/api/ratelimit.test.ts':
    "the limit's counts, one request at a time; the same upsert under 50 at once: session-races, on both engines",
  'tests/api/firmware-s3.test.ts':
    "a firmware's ranges answered by an S3-protocol bucket: HTTP only (campaigns' SQL runs on both engines)",
  'tests/api/export.test.ts':
    "the list's SQL in batches, one request at a time; numbers and times are parsed by node-postgres on both engines",
};

const runs: Run[] = [
  { name: 'pglite', projects: ['unit', 'api'], env: withoutDb, args: [] },
  // after the PGlite run, not beside it: all three at once measured slower on 2 cores (docs/testing.md)
  { name: 'e2e', projects: ['e2e'], env: withoutDb, args: [] },
];
if (DATABASE_URL) {
  const only = postgresOnly();
  console.log(`On PostgreSQL only, in the PostgreSQL run: ${only.join(', ')}`);
  console.log(`On PGlite only: ${Object.keys(PGLITE_ONLY).join(', ')}`);
  // a file renamed or removed is named here no more: say so rather than let the list rot
  for (const f of Object.keys(PGLITE_ONLY))
    if (!fs.existsSync(path.join(ROOT, f))) console.warn(`scripts/test.ts names ${f}, which does not exist`);
  // VF_POSTGRES_RUN: files that test both engines leave their PostgreSQL part to that run too
  runs[0].env = { ...withoutDb, VF_POSTGRES_RUN: 'follows' };
  runs[0].args = only.flatMap((f) => ['--exclude', f]);
  runs.push({
    name: 'postgres',
    projects: ['api'],
    env: { ...process.env },
    args: Object.keys(PGLITE_ONLY).flatMap((f) => ['--exclude', f]),
    alongside: true,
  });
}

const phases: string[] = [];
/** How long a run took, and each project in it (wall time from its first file's start to its last file's end). */
function phaseTimes(name: string, report: string, ms: number): string[] {
  const lines = [`${`npm test: ${name}`.padEnd(26)} ${String(Math.round(ms / 1000)).padStart(5)} s`];
  if (!fs.existsSync(report)) return lines;
  const j = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  const spans = new Map<string, [number, number, number]>();
  for (const f of j.testResults) {
    const project = path.relative(ROOT, f.name).split(path.sep)[1];
    const s = spans.get(project) ?? [Infinity, 0, 0];
    spans.set(project, [Math.min(s[0], f.startTime), Math.max(s[1], f.endTime), s[2] + 1]);
  }
  for (const [project, [from, to, files]] of spans)
    lines.push(`  ${`${project} (${files} files)`.padEnd(24)} ${String(Math.round((to - from) / 1000)).padStart(5)} s`);
  return lines;
}

let passed = 0;
let failed = 0;
let broken = false;
fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });

/** One vitest run: the first of a group prints as it goes, one alongside it into a log printed at its end. */
async function vitest(run: Run, quiet: boolean) {
  const report = path.join(ROOT, '.tmp', `vitest-${run.name}.json`);
  const log = path.join(ROOT, '.tmp', `vitest-${run.name}.log`);
  fs.rmSync(report, { force: true });
  console.log(
    `\n=== ${run.projects.join(' + ')} on ${run.name}${quiet ? ` (alongside; its output follows when it ends: ${path.relative(ROOT, log)})` : ''} ===`,
  );
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...run.projects.flatMap((p) => ['--project', p]),
    ...run.args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ];
  const started = Date.now();
  const out = quiet ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', out, out], env: run.env });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = Date.now() - started;
  if (quiet) {
    fs.closeSync(out as number);
    console.log(`\n=== ${run.projects.join(' + ')} on ${run.name}: its output ===`);
    process.stdout.write(fs.readFileSync(log));
  }
  return { run, report, status, ms };
}

// runs marked `alongside` start with the run before them; the next group waits for the whole group
const groups: Run[][] = [];
for (const run of runs) {
  if (run.alongside && groups.length) groups[groups.length - 1].push(run);
  else groups.push([run]);
}
for (const group of groups) {
  const done = await Promise.all(group.map((run, i) => vitest(run, i > 0)));
  for (const { run, report, status, ms } of done) {
    phases.push(...phaseTimes(run.alongside ? `${run.name} (beside)` : run.name, report, ms));
    if (!fs.existsSync(report)) {
      broken = true;
      console.error(`vitest (${run.name}) wrote no report, exit ${status}`);
      continue;
    }
    const j = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
      success: boolean;
    };
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    if (status !== 0 || !j.success) broken = true;
  }
}
if (passed === 0) broken = true;
// .ci/run prints these with its own phases
fs.writeFileSync(path.join(ROOT, '.tmp', 'test-phases.txt'), `${phases.join('\n')}\n`);
console.log(`\n${phases.join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
