// `npm test`: unit, API and end-to-end tests on the embedded database; the API tests again on
// PostgreSQL when DATABASE_URL is set. Ends with one line: "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './buildIfStale';

interface Run {
  name: string;
  projects: string[];
  env: NodeJS.ProcessEnv;
}

const extra = process.argv.slice(2);
const { DATABASE_URL, ...withoutDb } = process.env;
const runs: Run[] = [{ name: 'pglite', projects: ['unit', 'api', 'e2e'], env: withoutDb }];
if (DATABASE_URL) runs.push({ name: 'postgres', projects: ['api'], env: { ...process.env } });

let passed = 0;
let failed = 0;
let broken = false;
fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
for (const run of runs) {
  const report = path.join(ROOT, '.tmp', `vitest-${run.name}.json`);
  fs.rmSync(report, { force: true });
  console.log(`\n=== ${run.projects.join(' + ')} on ${run.name} ===`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', ...run.projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: run.env });
  if (!fs.existsSync(report)) {
    broken = true;
    console.error(`vitest (${run.name}) wrote no report, exit ${r.status}`);
    continue;
  }
  const j = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number; success: boolean };
  passed += j.numPassedTests;
  failed += j.numFailedTests;
  if (r.status !== 0 || !j.success) broken = true;
}
if (passed === 0) broken = true;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
