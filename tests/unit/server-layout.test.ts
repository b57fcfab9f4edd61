// @vitest-environment node
// The server's house rules that a newcomer relies on to find things (docs/CONVENTIONS.md): every robot-facing
// call is declared in the gateway feature, and the server imports nothing from scripts/ (the robot simulator
// the demo drives is server/demo/simulator/, which scripts/simulate.ts uses too).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const serverFiles = () => filesUnder(path.join(ROOT, 'server')).filter((f) => /\.ts$/.test(f));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

it('declares every /api/device-gateway/* route in server/features/gateway/', () => {
  const route = /\.(get|post|put|patch|delete|route)(<[^>]*>)?\(\s*['"`]\/api\/device-gateway\//;
  const declaring = serverFiles().filter((f) => route.test(fs.readFileSync(f, 'utf8')));
  expect(declaring.length).toBeGreaterThan(0);
  expect(declaring.map(rel).filter((f) => !f.startsWith('server/features/gateway/'))).toEqual([]);
});

it('imports nothing from scripts/ in the server', () => {
  const importsScripts = /(from\s+|import\s*\(\s*)['"](\.\.\/)+scripts\//;
  expect(
    serverFiles()
      .filter((f) => importsScripts.test(fs.readFileSync(f, 'utf8')))
      .map(rel),
  ).toEqual([]);
});
