// `npm test`: unit, API and end-to-end tests on the embedded database; the API tests again on
// PostgreSQL when DATABASE_URL is set. Ends with one line: "tests: N passed, N failed".
//
// Two cores and a 30-minute CI budget: the end-to-end tests run one file at a time and leave most of a core
// idle (a browser waiting for a page), so the PostgreSQL API run goes alongside them, one file at a time too
// (VF_API_WORKERS=1), its output kept in .tmp/vitest-postgres.log and printed when it ends. Each vitest
// process has its own template database (tests/support/db.ts) and the app is built under a lock.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from './buildIfStale';

interface Run {
  name: string;
  projects: string[];
  env: NodeJS.ProcessEnv;
  /** written to this file, printed when the run ends (a run beside another) */
  log?: string;
}

const extra = process.argv.slice(2);
const { DATABASE_URL, ...withoutDb } = process.env;
const stages: Run[][] = [
  [{ name: 'pglite', projects: ['unit', 'api'], env: withoutDb }],
  [{ name: 'pglite-e2e', projects: ['e2e'], env: withoutDb }],
];
if (DATABASE_URL) {
  stages[1].push({ name: 'postgres', projects: ['api'], env: { ...process.env, VF_API_WORKERS: '1' }, log: path.join(ROOT, '.tmp', 'vitest-postgres.log') });
}

let passed = 0;
let failed = 0;
let broken = false;

async function execute(run: Run): Promise<void> {
  const report = path.join(ROOT, '.tmp', `vitest-${run.name}.json`);
  fs.rmSync(report, { force: true });
  const title = `=== ${run.projects.join(' + ')} on ${run.name.replace('-e2e', '')} ===`;
  const args = ['node_modules/vitest/vitest.mjs', 'run', ...run.projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
  if (run.log) console.log(`\n${title} (alongside; its output follows when it ends)`);
  else console.log(`\n${title}`);
  const out = run.log ? fs.openSync(run.log, 'w') : 'inherit';
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', out, out], env: run.env });
    child.on('exit', (code) => resolve(code));
  });
  if (run.log) {
    fs.closeSync(out as number);
    console.log(`\n${title}\n${fs.readFileSync(run.log, 'utf8')}`);
  }
  if (!fs.existsSync(report)) {
    broken = true;
    console.error(`vitest (${run.name}) wrote no report, exit ${status}`);
    return;
  }
  const j = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; success: boolean };
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  if (status !== 0 || !j.success) broken = true;
}

fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
for (const stage of stages) await Promise.all(stage.map(execute));
if (passed === 0) broken = true;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
