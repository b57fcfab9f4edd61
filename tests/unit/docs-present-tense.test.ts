// @vitest-environment node
// Docs say what is true now, history lives in CHANGELOG.md, and the sources cite the docs section that explains a
// choice rather than the ticket that asked for it (a ticket's number means nothing to a newcomer, and the docs say
// why). README.md and docs/ are where a maintainer reads; this holds the three rules the docs' own layout rests on.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';

/** a citation of a ticket by its number, with or without '#', or a bare '(#' number ')' */
const TICKET = /issues? ?#?[0-9]+|\(#[0-9]+\)/i;

const SOURCE_DIRS = ['server', 'src', 'resources', 'scripts', 'tests', 'i18n', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tmp']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|sh|css|json)$/;

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !SKIPPED_DIRS.has(e.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

function sources(): string[] {
  const inDirs = SOURCE_DIRS.map((d) => path.join(ROOT, d))
    .filter((d) => fs.existsSync(d))
    .flatMap(filesUnder)
    // .ci/run and other scripts without an extension are text too
    .filter((f) => TEXT.test(f) || (path.relative(ROOT, f).startsWith('.ci') && !path.extname(f)));
  const atRoot = fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mjs|cjs)$/.test(e.name))
    .map((e) => path.join(ROOT, e.name));
  return [...inDirs, ...atRoot];
}

/** every line of the given files that cites a ticket, as "path:line: text" */
function ticketCitations(files: string[]): string[] {
  return files.flatMap((f) =>
    fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (TICKET.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

it('finds no source file citing a ticket number (cite the docs section that says why)', () => {
  const files = sources();
  expect(files.length).toBeGreaterThan(100);
  expect(ticketCitations(files)).toEqual([]);
});

it('recognises a ticket citation and leaves other numbers alone', () => {
  // written in pieces, so that this file cites nothing itself
  const word = ['iss', 'ue'].join('');
  const cited = [`see ${word} 28`, `${word}s 6 and 17`, `${word} #13`, '(#'.concat('42)'), `(${word} 23, item 4)`];
  for (const c of cited) expect(TICKET.test(c), c).toBe(true);
  for (const other of ['migration 052', 'issues a new key', 'an issue of the build', 'item (#a)', '#12 robots'])
    expect(TICKET.test(other), other).toBe(false);
});

it('keeps docs/performance.md under 300 lines: the current figures, their commands and the method', () => {
  const lines = fs.readFileSync(path.join(ROOT, 'docs', 'performance.md'), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  expect(lines.length).toBeLessThan(300);
});

it('has a CHANGELOG.md in Keep a Changelog form, newest first under [Unreleased]', () => {
  const file = path.join(ROOT, 'CHANGELOG.md');
  expect(fs.existsSync(file), 'CHANGELOG.md is missing').toBe(true);
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toMatch(/^# Changelog\n/);
  const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(headings[0]).toBe('[Unreleased]');
  const dates = headings.slice(1).map((h) => /^\[?(\d{4}-\d{2}-\d{2})/.exec(h)?.[1]);
  expect(dates.every(Boolean), `every release heading starts with its date: ${headings.join(', ')}`).toBe(true);
  expect([...dates].sort().reverse()).toEqual(dates);
  for (const section of text.matchAll(/^### (.+)$/gm))
    expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(section[1]);
});
