// The API run's contract coverage (tests/support/contract.ts): the operations × statuses its answers showed, summed
// over the files' reports, written to .tmp/contract-coverage.txt (its first line printed): how many operations were
// seen answering 200 and a 4xx, and which never were.
import fs from 'node:fs';
import path from 'node:path';

/** Where a run's test files write what they saw (one file each), for the teardown to sum up. */
export const coverageDir = (run: string) => path.join(import.meta.dirname, '..', '..', '.tmp', `contract-${run}`);

export function summariseContract(run: string, engine: string) {
  const dir = coverageDir(run);
  if (!fs.existsSync(dir)) return;
  const operations = new Set<string>();
  const seen = new Set<string>();
  const spent = { answers: 0, ms: 0, files: 0 };
  for (const f of fs.readdirSync(dir)) {
    const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
      operations: string[];
      seen: string[];
      spent: { answers: number; ms: number };
    };
    for (const o of r.operations) operations.add(o);
    for (const s of r.seen) seen.add(s);
    spent.answers += r.spent.answers;
    spent.ms += r.spent.ms;
    spent.files++;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const statuses = (op: string) => [...seen].filter((s) => s.startsWith(`${op} `)).map((s) => s.split(' ')[1]);
  const ops = [...operations].sort();
  const with200 = ops.filter((o) => statuses(o).includes('200'));
  const with4xx = ops.filter((o) => statuses(o).some((s) => s.startsWith('4')));
  const head =
    `contract (${engine}): ${seen.size} operation × status pairs seen; of ${ops.length} operations ` +
    `${with200.length} answered 200, ${with4xx.length} a 4xx, ${ops.filter((o) => !statuses(o).length).length} never seen`;
  const cost = `checked ${spent.answers} answers in ${spent.files} files in ${(spent.ms / 1000).toFixed(1)} CPU s`;
  const lines = [
    head,
    cost,
    '',
    ...ops.map((o) => `${o.padEnd(40)} ${statuses(o).sort().join(' ') || '-'}`),
    ...[...seen].filter((s) => s.startsWith('(no route)')),
  ];
  const out = path.join(dir, '..', `contract-coverage-${engine}.txt`);
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${head}; ${cost} (${path.relative(process.cwd(), out)})`);
}
