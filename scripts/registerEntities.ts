// The two lists a new entity belongs in, kept by `npm run db:migration` so that adding one stays "write its
// declaration and its words, run the command": a `resources/<file>.ts` whose default export is a declaration
// not yet in `resources/index.ts`, and an `i18n/resources/<name>.ts` of a declared resource not yet in
// `i18n/resources/index.ts`, get their import line and their place in the list. Lists are edited, not
// generated: their order (the menu's, the migrations') and hand-grouped imports stay as people wrote them.
// Discovery at run time was not chosen: the same code runs under tsx, esbuild's server bundle and Vite.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceDef } from '../resources/types';

interface List {
  /** the index file, relative to the root */
  index: string;
  /** the line that holds the list, and where a new name goes in it */
  list: RegExp;
}

// `declared` (not `resources`): kept `as const`, so that the tables' row types derive from it (server/db/schema/rows.ts)
const RESOURCES: List = { index: 'resources/index.ts', list: /^export const declared = \[([^\n]*)\] as const;$/m };
const WORDS: List = { index: 'i18n/resources/index.ts', list: /^export const resourceLabels: [^\n]*= \{([^\n]*)\};$/m };

/** Adds `import <name> from './<name>';` after the last import and `<name>` at the end of the list. */
export function addToList(text: string, list: List, name: string): string {
  const m = list.list.exec(text);
  if (!m) throw new Error(`${list.index}: its list is not on one line as expected (${list.list})`);
  // after the last name, keeping the space before the closing bracket as it was (`[a, b]`, `{ a, b }`)
  const withName = text.replace(list.list, (line, items: string) =>
    line.replace(items, items.replace(/,?(\s*)$/, `, ${name}$1`)),
  );
  const imports = [...withName.matchAll(/^import [^\n]+;$/gm)];
  const last = imports[imports.length - 1];
  const at = last.index! + last[0].length;
  return `${withName.slice(0, at)}\nimport ${name} from './${name}';${withName.slice(at)}`;
}

const isDeclaration = (d: unknown): d is ResourceDef =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as ResourceDef).name === 'string' &&
  typeof (d as ResourceDef).table === 'string' &&
  'fields' in d;

/**
 * Lists the declarations and words files not listed yet; answers the declarations it added (their modules were
 * not in `resources` when the caller imported it).
 */
export async function registerEntities(
  root: string,
  listed: readonly ResourceDef[],
  log: (line: string) => void = console.log,
): Promise<ResourceDef[]> {
  const names = new Set(listed.map((r) => r.name));
  const added: ResourceDef[] = [];
  const files = (dir: string) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'types.ts')
      .map((f) => f.slice(0, -3));
  let index = fs.readFileSync(path.join(root, RESOURCES.index), 'utf8');
  for (const file of files('resources')) {
    if (!/export default defineResource\(/.test(fs.readFileSync(path.join(root, 'resources', `${file}.ts`), 'utf8')))
      continue;
    const def = ((await import(pathToFileURL(path.join(root, 'resources', `${file}.ts`)).href)) as { default: unknown })
      .default;
    if (!isDeclaration(def) || names.has(def.name)) continue;
    if (def.name !== file)
      throw new Error(
        `resources/${file}.ts declares '${def.name}': name the file after the resource (resources/${def.name}.ts)`,
      );
    index = addToList(index, RESOURCES, file);
    names.add(def.name);
    added.push(def);
    log(`Listed resources/${file}.ts in ${RESOURCES.index}`);
  }
  if (added.length) fs.writeFileSync(path.join(root, RESOURCES.index), index);

  let words = fs.readFileSync(path.join(root, WORDS.index), 'utf8');
  const wordsListed = new Set([...WORDS.list.exec(words)![1].matchAll(/\w+/g)].map((m) => m[0]));
  let wordsAdded = 0;
  for (const file of files('i18n/resources')) {
    if (wordsListed.has(file) || !names.has(file)) continue;
    words = addToList(words, WORDS, file);
    wordsAdded++;
    log(`Listed i18n/resources/${file}.ts in ${WORDS.index}`);
  }
  if (wordsAdded) fs.writeFileSync(path.join(root, WORDS.index), words);
  return added;
}
