// Words checked against declarations, and the registries a new entity is listed in held complete: a
// declared resource, field, choice, action, menu section or permission without a label in zh, en, es or ja
// is a red test, and so is a file under resources/, i18n/resources/, src/overrides/, server/features/ or
// server/db/seed/ that its list forgets (otherwise it passes every other test and shows raw keys).
import fs from 'node:fs';
import path from 'node:path';
import { resources } from '../../resources';
import { declaredPermissions } from '../../resources/permissions';
import { PERMISSION_GROUPS } from '../../resources/authorization';
import { LANGS } from '../../resources/accounts';
import { resourceLabels } from '../../i18n/resources';
import { translate } from '../../i18n';
import { overrides } from '../../src/overrides';
import { MENU_SECTIONS } from '../../src/layout/routes';
import { hasIcon } from '../../src/layout/icons';
import { permissionLabel } from '../../server/auth/declared';
import ts from 'typescript';
import { actionName, fieldName, resourceName } from '../../src/log/parts';

const ROOT = path.resolve(__dirname, '../..');
const filesIn = (dir: string, ext: RegExp) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => ext.test(f))
    .map((f) => f.replace(ext, ''));
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/**
 * What the service's own operation-log entries write, read from the source: each `writeLog(…)` call's resource,
 * action and the keys of its before/after objects (through spreads of object literals and of a same-file helper
 * returning one). A value that is a whole row (not an object literal) is `row`. The generic engine
 * (server/crud/audit.ts) logs declared resources' fields and actions, held by the test above.
 */
interface LoggedEntry {
  at: string;
  resource?: string;
  action?: string;
  fields: string[];
  row: boolean;
}
function loggedEntries(): LoggedEntry[] {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .flatMap((d) =>
        d.isDirectory() ? files(`${dir}/${d.name}`) : d.name.endsWith('.ts') ? [`${dir}/${d.name}`] : [],
      );
  const entries: LoggedEntry[] = [];
  for (const file of files('server')) {
    if (file === 'server/crud/audit.ts' || !text(file).includes('writeLog(')) continue;
    const src = ts.createSourceFile(file, text(file), ts.ScriptTarget.Latest, true);
    // a same-file helper `const f = (…) => ({ … })` a call spreads into the entry
    const helper = (name: string): ts.Expression | undefined => {
      let found: ts.Expression | undefined;
      const look = (n: ts.Node) => {
        if (
          ts.isVariableDeclaration(n) &&
          ts.isIdentifier(n.name) &&
          n.name.text === name &&
          n.initializer &&
          ts.isArrowFunction(n.initializer) &&
          !ts.isBlock(n.initializer.body)
        )
          found = n.initializer.body;
        ts.forEachChild(n, look);
      };
      look(src);
      return found;
    };
    // the keys an object expression is known to have: null when it is not written out (a whole row)
    const keysOf = (e: ts.Expression): string[] | null => {
      if (ts.isParenthesizedExpression(e)) return keysOf(e.expression);
      if (ts.isConditionalExpression(e)) {
        const [a, b] = [keysOf(e.whenTrue), keysOf(e.whenFalse)];
        return a && b ? [...a, ...b] : null;
      }
      if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
        const body = helper(e.expression.text);
        return body ? keysOf(body) : null;
      }
      if (!ts.isObjectLiteralExpression(e)) return null;
      const keys: string[] = [];
      for (const p of e.properties) {
        const more = ts.isSpreadAssignment(p)
          ? keysOf(p.expression)
          : p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
            ? [p.name.text]
            : null;
        if (!more) return null;
        keys.push(...more);
      }
      return keys;
    };
    const valueOf = (o: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined => {
      for (const p of o.properties) {
        if (ts.isPropertyAssignment(p) && p.name.getText() === key) return p.initializer;
        if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
        if (ts.isSpreadAssignment(p)) {
          const inner =
            ts.isCallExpression(p.expression) && ts.isIdentifier(p.expression.expression)
              ? helper(p.expression.expression.text)
              : p.expression;
          const o2 = inner && ts.isParenthesizedExpression(inner) ? inner.expression : inner;
          const found = o2 && ts.isObjectLiteralExpression(o2) ? valueOf(o2, key) : undefined;
          if (found) return found;
        }
      }
      return undefined;
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'writeLog') {
        const o =
          n.arguments[2] && ts.isObjectLiteralExpression(n.arguments[2])
            ? n.arguments[2]
            : ts.factory.createObjectLiteralExpression();
        const entry: LoggedEntry = {
          at: `${file}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`,
          fields: [],
          row: false,
        };
        for (const key of ['resource', 'action'] as const) {
          const v = valueOf(o, key);
          if (v && ts.isStringLiteralLike(v)) entry[key] = v.text;
        }
        for (const key of ['before', 'after']) {
          const v = valueOf(o, key);
          if (!v || v.kind === ts.SyntaxKind.NullKeyword) continue;
          const keys = keysOf(v);
          if (keys) entry.fields.push(...keys);
          else entry.row = true;
        }
        entries.push(entry);
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return entries;
}

describe.each(LANGS)('words in %s', (lang) => {
  it('name every declared resource, field, choice and action', () => {
    const missing: string[] = [];
    for (const def of resources) {
      const words = resourceLabels[def.name]?.[lang];
      if (!words?.name) {
        missing.push(
          `${def.name}: no words file (write i18n/resources/${def.name}.ts, then npm run db:migration lists it in i18n/resources/index.ts)`,
        );
        continue;
      }
      for (const [name, f] of Object.entries(def.fields)) {
        // a secret (a key's hash) is never shown anywhere, so it needs no label
        if (!words.fields?.[name] && f.secret !== true) missing.push(`${def.name}.fields.${name}`);
        for (const c of f.type === 'choice' || f.type === 'choices' ? (f.choices ?? []) : [])
          if (!words.choices?.[name]?.[c]) missing.push(`${def.name}.choices.${name}.${c}`);
      }
      for (const action of Object.keys(def.actions ?? {}))
        if (!words.actions?.[action]) missing.push(`${def.name}.actions.${action}`);
      // a selection action's line inputs are named like fields (the dialog's choice and inputs)
      for (const [action, a] of Object.entries(def.actions ?? {}))
        for (const f of Object.keys(a.lines?.fields ?? {}))
          if (!words.fields?.[f]) missing.push(`${def.name}.fields.${f} (actions.${action}.lines)`);
    }
    expect(missing).toEqual([]);
  });

  it("name every action and field the service's own operation-log entries write (writeLog outside the generic service)", () => {
    const missing: string[] = [];
    // the log screen's own lookups (src/log/parts.tsx), each falling back to the raw word
    const t = (key: string, o?: Record<string, unknown>) => {
      const text = translate(lang, key, o as Parameters<typeof translate>[2]);
      return text === key && o?._ !== undefined ? String(o._) : text;
    };
    const entries = loggedEntries();
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) {
      if (!e.resource || !e.action) {
        missing.push(`${e.at}: resource and action must be written as plain words, so this check can read them`);
        continue;
      }
      if (resourceName(t, e.resource) === e.resource) missing.push(`${e.at}: resource ${e.resource}`);
      if (actionName(t, e.resource, e.action) === e.action) missing.push(`${e.at}: action ${e.action}`);
      for (const f of new Set(e.fields))
        if (fieldName(t, e.resource, f) === f) missing.push(`${e.at}: field ${e.resource}.${f}`);
      // a whole row: a declared resource's, whose fields the test above holds
      if (e.row && !resources.some((d) => d.name === e.resource))
        missing.push(`${e.at}: a whole row of ${e.resource}, which no declaration names`);
    }
    expect(missing).toEqual([]);
  });

  it('name every menu section and every declared permission and its group', () => {
    const missing: string[] = [];
    const raw = (key: string) => translate(lang, key) === key;
    for (const def of resources)
      if (def.menu && raw(`vf.menu.section.${def.menu.section}`)) missing.push(`vf.menu.section.${def.menu.section}`);
    for (const p of declaredPermissions(resources)) {
      // a key left untranslated shows as itself, with its dots
      if (/resources\.|vf\.schema/.test(permissionLabel(p, lang)))
        missing.push(`permission ${p.id}: ${permissionLabel(p, lang)}`);
      if (raw(`resources.authorization.choices.group.${p.group}`)) missing.push(`permission ${p.id}: group ${p.group}`);
    }
    expect(missing).toEqual([]);
  });
});

it('every permission group is one the authorization screen offers, every menu a known section and icon', () => {
  const groups: readonly string[] = PERMISSION_GROUPS;
  const sections: readonly string[] = MENU_SECTIONS;
  expect(
    declaredPermissions(resources)
      .filter((p) => !groups.includes(p.group))
      .map((p) => `${p.id}: ${p.group}`),
  ).toEqual([]);
  expect(
    resources.filter((r) => r.menu && !sections.includes(r.menu.section)).map((r) => `${r.name}: ${r.menu!.section}`),
  ).toEqual([]);
  expect(
    resources
      .filter((r) => r.menu?.icon && !hasIcon(r.menu.icon))
      .map((r) => `${r.name}: ${r.menu!.icon} (src/layout/icons.ts)`),
  ).toEqual([]);
});

it('a related list names a resource whose declared equality filter is a reference to this record', () => {
  // the page reads it through that resource's own list, which filters only what its declaration allows
  const wrong = resources.flatMap((def) =>
    (def.related ?? []).flatMap((r) => {
      const f = resources.find((x) => x.name === r.resource)?.fields[r.field];
      return f && f.filter === 'eq' && (f.type === 'reference' || f.type === 'references') && f.reference === def.name
        ? []
        : [`${def.name} related ${r.resource}.${r.field}`];
    }),
  );
  expect(wrong).toEqual([]);
});

it('every selection action (`lines`) has the hook that applies it, in the hooks the app is built with', async () => {
  const { resourceHooks } = await import('../../server/features');
  const missing = resources.flatMap((def) =>
    Object.entries(def.actions ?? {})
      .filter(([n, a]) => a.lines && !resourceHooks.of(def.name).lines?.[n])
      .map(([n]) => `${def.name}.${n}`),
  );
  expect(missing).toEqual([]);
});

describe('registries a new entity is listed in', () => {
  it('resources/index.ts lists every declaration under resources/', () => {
    const declared = new Set(resources.map((r) => r.name));
    const files = filesIn('resources', /\.ts$/).filter((f) =>
      /export default defineResource\(/.test(text(`resources/${f}.ts`)),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !declared.has(/name: '([^']+)'/.exec(text(`resources/${f}.ts`))![1]))).toEqual([]);
  });
  it('i18n/resources/index.ts lists every words file, each for a declared resource', () => {
    const declared = new Set(resources.map((r) => r.name));
    const files = filesIn('i18n/resources', /\.ts$/).filter((f) => !['index', 'types', 'service'].includes(f));
    expect(files.filter((f) => !(f in resourceLabels))).toEqual([]);
    expect(Object.keys(resourceLabels).filter((n) => !declared.has(n))).toEqual([]);
  });
  it('src/overrides/index.ts lists every override, each of a declared resource', () => {
    const declared = new Set(resources.map((r) => r.name));
    const files = fs
      .readdirSync(path.join(ROOT, 'src/overrides'))
      .filter((f) => f !== 'index.ts')
      .map((f) => f.replace(/\.tsx?$/, ''));
    expect(files.filter((f) => !(f in overrides))).toEqual([]);
    expect(Object.keys(overrides).filter((n) => !declared.has(n))).toEqual([]);
  });
  it('every hooks definition of the server is handed to the engine by the feature that owns it', () => {
    const serverFiles = (dir: string): string[] =>
      fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .flatMap((d) =>
          d.isDirectory() ? serverFiles(`${dir}/${d.name}`) : d.name.endsWith('.ts') ? [`${dir}/${d.name}`] : [],
        );
    const defined = serverFiles('server').flatMap((f) =>
      [...text(f).matchAll(/^export const (\w+) = defineHooks\(/gm)].map((m) => ({ file: f, name: m[1] })),
    );
    expect(defined.length).toBeGreaterThan(10);
    // a definition outside a feature, or left out of its feature's `hooks`, would be hooks the engine never runs
    const unlisted = defined.filter(({ file, name }) => {
      const feature = /^server\/features\/(\w+)\//.exec(file)?.[1];
      const hooks = feature && /\bhooks: \[([^\]]*)\]/.exec(text(`server/features/${feature}/index.ts`))?.[1];
      return !hooks || !hooks.split(',').some((h) => h.trim() === name);
    });
    expect(unlisted).toEqual([]);
  });
  it('server/db/seed/index.ts runs every seeder', () => {
    const index = text('server/db/seed/index.ts');
    const files = filesIn('server/db/seed', /\.ts$/).filter((f) => f !== 'index');
    expect(files.filter((f) => !index.includes(`from './${f}'`))).toEqual([]);
  });
});
