// @vitest-environment node
// docs/architecture.md's map ("The map: features, their tables and their events") as the features declare
// themselves: one row per feature of server/features/index.ts, naming exactly the tables it owns, the events it
// publishes and subscribes to and the answers it contributes to.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';
import { features } from '../../server/features';

const docs = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const start = docs.indexOf('#### The map: features, their tables and their events');
const section = docs.slice(start, docs.indexOf('\n#### ', start + 1));
/** the map's rows by feature: its cells, each a sorted list of the names in backquotes */
const rows = new Map(
  section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| feature ') && !l.startsWith('|---'))
    .map((l) => {
      const [, feature, , ...cells] = l.split('|').map((c) => c.trim());
      const names = (c: string) => [...c.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort();
      return [feature, cells.slice(0, 4).map(names)] as const;
    }),
);

it('has the map section', () => {
  expect(start).toBeGreaterThan(0);
});

it('has one row per feature, in the feature list, and none for a feature that is not', () => {
  expect([...rows.keys()]).toEqual(features.map((f) => f.name));
});

it.each(features.map((f) => [f.name, f] as const))(
  'names what %s owns, publishes, subscribes to and contributes',
  (_, f) => {
    const declared = [
      f.owns ?? [],
      f.events?.publishes ?? [],
      Object.keys(f.events?.subscribes ?? {}),
      Object.keys(f.events?.contributes ?? {}),
    ].map((xs) => [...xs].sort());
    expect(rows.get(f.name)).toEqual(declared);
  },
);
