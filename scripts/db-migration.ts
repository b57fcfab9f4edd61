// `npm run db:migration -- <name>`: lists a new entity's declaration and words in their two index files
// (scripts/registerEntities.ts), then writes the next numbered migration that makes the schema what resources/
// declares. It applies the existing migrations to a throw-away database, compares the declared tables with
// it (server/db/schema) and writes CREATE TABLE / ADD COLUMN / CHECK / key / index changes. Whatever could lose
// data or fail on existing rows (a dropped column, a narrowed choice list, a new type, a NOT NULL, CHECK, UNIQUE
// or foreign key on a column that already holds rows) is written commented out, with a warning, for a person to
// decide. The file is checked: it is applied to that same database and must leave nothing but those commented
// lines undone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../server/db';
import { migrate, migrationNames } from '../server/db/migrate';
import { schemaChanges, type Change } from '../server/db/schema';
import { resources } from '../resources';
import { registerEntities } from './registerEntities';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');

/** The file name after the highest existing number: `add-supplier` → `024_add_supplier.sql`. */
export function nextFileName(existing: readonly string[], name: string): string {
  const highest = Math.max(0, ...existing.map((f) => Number(/^(\d+)_/.exec(f)?.[1] ?? 0)));
  return `${String(highest + 1).padStart(3, '0')}_${name.replace(/-/g, '_')}.sql`;
}

export function migrationText(name: string, changes: readonly Change[]): string {
  const lines = [
    `-- ${name}: written by \`npm run db:migration\` from the declarations in resources/. Review it, then commit it.`,
    '',
  ];
  for (const c of changes.filter((x) => !x.destructive)) lines.push(`-- ${c.what}`, c.sql, '');
  const held = changes.filter((x) => x.destructive);
  if (held.length) {
    lines.push(
      '-- WARNING: the changes below could lose data or fail on existing rows, so they are NOT applied.',
      '-- Uncomment what you mean, after checking the data (or change the declaration instead).',
      '',
    );
    for (const c of held)
      lines.push(`-- ${c.what}`, ...c.sql.split('\n').map((l) => (l.startsWith('--') ? l : `-- ${l}`)), '');
  }
  return lines.join('\n');
}

async function main(name: string | undefined) {
  if (!name || !/^[a-z][a-z0-9-]{0,50}$/.test(name)) {
    console.error('Usage: npm run db:migration -- <name>   (lower case, digits and -, e.g. add-supplier)');
    process.exit(2);
  }
  const declared = [...resources, ...(await registerEntities(ROOT, resources))];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-migration-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database.db);
    const changes = await schemaChanges(database.db, declared);
    if (!changes.length) {
      console.log('The schema already matches the declarations: no migration written.');
      return;
    }
    const file = nextFileName(migrationNames(), name);
    const text = migrationText(name, changes);
    // Proof before writing: the file applies, and afterwards only what it holds back still differs.
    await database.db.transaction().execute((trx) => sql.raw(text).execute(trx));
    const left = (await schemaChanges(database.db, declared)).filter((c) => !c.destructive);
    if (left.length) throw new Error(`the generated SQL leaves differences:\n${left.map((c) => c.what).join('\n')}`);
    fs.writeFileSync(path.join(MIGRATIONS, file), text);
    console.log(`Wrote server/db/migrations/${file}: ${changes.filter((c) => !c.destructive).length} change(s)`);
    for (const c of changes) console.log(`  ${c.destructive ? 'HELD BACK (commented out): ' : ''}${c.what}`);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv[2]);
}
