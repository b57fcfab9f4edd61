// @vitest-environment node
// The server's house rules that a newcomer relies on to find things (docs/CONVENTIONS.md): every robot-facing
// call is declared in the gateway feature, and the server imports nothing from scripts/ (the robot simulator
// the demo drives is server/demo/simulator/, which scripts/simulate.ts uses too); every feature folder is laid
// out alike and listed once (docs/architecture.md, "Inside the server").
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';
import { features } from '../../server/features';

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

it('lists every folder of server/features/ once, each by the Feature its index.ts exports', async () => {
  const folders = fs
    .readdirSync(path.join(ROOT, 'server/features'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  expect(features.map((f) => f.name).sort()).toEqual(folders);
  for (const name of folders) {
    const door = (await import(`../../server/features/${name}/index.ts`)) as Record<string, unknown>;
    expect(door[name], `server/features/${name}/index.ts exports the feature ${name}`).toBe(
      features.find((f) => f.name === name),
    );
  }
});

it('keeps SQL out of the files that declare routes: a feature’s statements are in its queries (docs/CONVENTIONS.md)', () => {
  const declaresRoutes = /\.(get|post|put|patch|delete|route)(<[^>]*>)?\(\s*['"`]\//;
  const statement = /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`/;
  const routeFiles = serverFiles().filter((f) => declaresRoutes.test(fs.readFileSync(f, 'utf8')));
  expect(routeFiles.length).toBeGreaterThan(10);
  expect(routeFiles.filter((f) => statement.test(fs.readFileSync(f, 'utf8'))).map(rel)).toEqual([]);
});
