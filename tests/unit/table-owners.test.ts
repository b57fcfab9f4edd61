// @vitest-environment node
// Each table has one owner that writes it (docs/architecture.md, "Who writes which table"): a feature, by the
// `owns` of its index.ts, or the core (server/db/owners.ts). A feature changes another's table only by calling the
// owner's functions. Read from the source text, as the route-file SQL check in ./server-layout.test.ts is: kysely's
// insertInto / updateTable / deleteFrom / mergeInto and raw SQL's INSERT INTO / UPDATE / DELETE FROM / MERGE INTO.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/buildIfStale';
import { features } from '../../server/features';
import { coreTables } from '../../server/db/owners';
import { resources } from '../../resources';

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

/** Every table the migrations leave, and the migrations' own record (a partition counted as its parent's; pg-boss's
 * own schema is the library's). */
function migratedTables(): Set<string> {
  const dir = path.join(ROOT, 'server/db/migrations');
  const made = new Set<string>();
  const files = [
    path.join(ROOT, 'server/db/migrate.ts'),
    ...fs
      .readdirSync(dir)
      .sort()
      .map((f) => path.join(dir, f)),
  ];
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8').replace(/--.*$/gm, '');
    for (const m of text.matchAll(
      /\b(CREATE(?: UNLOGGED)? TABLE(?: IF NOT EXISTS)?|CREATE(?: OR REPLACE)? VIEW|DROP (?:TABLE|VIEW)(?: IF EXISTS)?)\s+([a-z_][a-z0-9_.]*)(\s+PARTITION OF)?/gi,
    )) {
      const [, verb, name, partition] = m;
      if (name.includes('.') || partition) continue;
      if (/^DROP/i.test(verb)) made.delete(name);
      else made.add(name);
    }
  }
  return made;
}

/** Source without its comments (a comment may well say "one UPDATE of device"). Strings and templates stay. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The tables a source file writes by name, and whether it writes some table whose name it computes. */
function writes(text: string, tables: Set<string>): { named: Set<string>; computed: boolean } {
  const src = code(text);
  const named = new Set<string>();
  let computed = false;
  for (const m of src.matchAll(/\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*(['"`]([a-z_]+)|[^'"`\s])/g)) {
    if (m[3]) named.add(m[3]);
    else computed = true;
  }
  // raw SQL: the statement words are upper case in this repository; ON CONFLICT … DO UPDATE and FOR UPDATE name
  // no table, nor does UPDATE SET in a conflict clause
  for (const m of src.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO)\s+("?)([a-z_]+)\1(?![a-z_])/g)) {
    if (tables.has(m[2])) named.add(m[2]);
  }
  if (/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO)\s+\$\{/.test(src)) computed = true;
  return { named, computed };
}

const owner = new Map<string, string>();
const twice: string[] = [];
for (const [who, tables] of [...features.map((f) => [f.name, f.owns ?? []] as const), ['core', coreTables] as const]) {
  for (const t of tables) {
    if (owner.has(t)) twice.push(`${t}: ${owner.get(t)} and ${who}`);
    owner.set(t, who);
  }
}

it('gives every table one owner: a feature (its index.ts `owns`) or the core (server/db/owners.ts)', () => {
  const tables = migratedTables();
  for (const r of resources) tables.add(r.table);
  expect(tables.size).toBeGreaterThan(40);
  expect(twice).toEqual([]);
  expect([...tables].filter((t) => !owner.has(t)).sort(), 'tables no one owns').toEqual([]);
  expect([...owner.keys()].filter((t) => !tables.has(t)).sort(), 'owned, but no such table').toEqual([]);
});

it('has each feature write only the tables it owns: another’s are changed through its owner’s functions', () => {
  const tables = new Set(owner.keys());
  const foreign: string[] = [];
  let writers = 0;
  for (const f of features) {
    const own = new Set<string>(f.owns ?? []);
    for (const file of filesUnder(path.join(ROOT, 'server/features', f.name)).filter((x) => x.endsWith('.ts'))) {
      const { named } = writes(fs.readFileSync(file, 'utf8'), tables);
      if (named.size) writers++;
      for (const t of named) if (!own.has(t)) foreign.push(`${rel(file)} writes ${t}, owned by ${owner.get(t)}`);
    }
  }
  // the check reads what it should: today 30-odd files of features write
  expect(writers).toBeGreaterThan(25);
  expect(foreign).toEqual([]);
});

it('names the table of every write in a feature, but for the partitions telemetry keeps (named by day)', () => {
  const tables = new Set(owner.keys());
  const computed = filesUnder(path.join(ROOT, 'server/features'))
    .filter((f) => f.endsWith('.ts') && writes(fs.readFileSync(f, 'utf8'), tables).computed)
    .map(rel);
  expect(computed).toEqual(['server/features/telemetry/partitions.ts']);
});

// The core may not call up into features, so the few writes it makes into a feature's table are named here, each
// with its reason. The engine (server/crud/) writes declared resources' tables by the declaration's name, on
// behalf of their owners (its hooks are the owner's); seeds (server/db/seed/) write demo rows of every table
// before the service serves.
const CORE_WRITES_FOR_FEATURES: Record<string, readonly string[]> = {
  // a revocation raises the account's session epoch in the transaction that ends its sessions
  'server/auth/session.ts': ['account'],
  // the declared permissions, and the built-in roles' grants of new ones, are written at start (server/main.ts)
  'server/auth/declared.ts': ['permission', 'role'],
};

it('has the core write its own tables, and only the named few of a feature’s', () => {
  const tables = new Set(owner.keys());
  const core = new Set<string>(coreTables);
  const foreign: string[] = [];
  const files = filesUnder(path.join(ROOT, 'server')).filter(
    (f) =>
      f.endsWith('.ts') &&
      !rel(f).startsWith('server/features/') &&
      !rel(f).startsWith('server/db/seed/') &&
      !rel(f).startsWith('server/demo/'),
  );
  for (const file of files) {
    const allowed = new Set(CORE_WRITES_FOR_FEATURES[rel(file)] ?? []);
    for (const t of writes(fs.readFileSync(file, 'utf8'), tables).named)
      if (!core.has(t) && !allowed.has(t)) foreign.push(`${rel(file)} writes ${t}, owned by ${owner.get(t)}`);
  }
  expect(foreign).toEqual([]);
});
