// Words checked against declarations, and the registries a new entity is listed in held complete: a
// declared resource, field, choice, action, menu section or permission without a label in zh, en, es or ja
// is a red test, and so is a file under resources/, i18n/resources/, src/overrides/, server/domain/ or
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

const ROOT = path.resolve(__dirname, '../..');
const filesIn = (dir: string, ext: RegExp) => fs.readdirSync(path.join(ROOT, dir)).filter((f) => ext.test(f)).map((f) => f.replace(ext, ''));
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe.each(LANGS)('words in %s', (lang) => {
  it('name every declared resource, field, choice and action', () => {
    const missing: string[] = [];
    for (const def of resources) {
      const words = resourceLabels[def.name]?.[lang];
      if (!words?.name) {
        missing.push(`${def.name}: no words file (write i18n/resources/${def.name}.ts, then npm run db:migration lists it in i18n/resources/index.ts)`);
        continue;
      }
      for (const [name, f] of Object.entries(def.fields)) {
        // a secret (a key's hash) is never shown anywhere, so it needs no label
        if (!words.fields?.[name] && f.secret !== true) missing.push(`${def.name}.fields.${name}`);
        for (const c of f.type === 'choice' || f.type === 'choices' ? (f.choices ?? []) : []) if (!words.choices?.[name]?.[c]) missing.push(`${def.name}.choices.${name}.${c}`);
      }
      for (const action of Object.keys(def.actions ?? {})) if (!words.actions?.[action]) missing.push(`${def.name}.actions.${action}`);
      // a selection action's line inputs are named like fields (the dialog's choice and inputs)
      for (const [action, a] of Object.entries(def.actions ?? {})) for (const f of Object.keys(a.lines?.fields ?? {})) if (!words.fields?.[f]) missing.push(`${def.name}.fields.${f} (actions.${action}.lines)`);
    }
    expect(missing).toEqual([]);
  });

  it('name every menu section and every declared permission and its group', () => {
    const missing: string[] = [];
    const raw = (key: string) => translate(lang, key) === key;
    for (const def of resources) if (def.menu && raw(`vf.menu.section.${def.menu.section}`)) missing.push(`vf.menu.section.${def.menu.section}`);
    for (const p of declaredPermissions(resources)) {
      // a key left untranslated shows as itself, with its dots
      if (/resources\.|vf\.schema/.test(permissionLabel(p, lang))) missing.push(`permission ${p.id}: ${permissionLabel(p, lang)}`);
      if (raw(`resources.authorization.choices.group.${p.group}`)) missing.push(`permission ${p.id}: group ${p.group}`);
    }
    expect(missing).toEqual([]);
  });
});

it('every permission group is one the authorization screen offers, every menu a known section and icon', () => {
  const groups: readonly string[] = PERMISSION_GROUPS;
  const sections: readonly string[] = MENU_SECTIONS;
  expect(declaredPermissions(resources).filter((p) => !groups.includes(p.group)).map((p) => `${p.id}: ${p.group}`)).toEqual([]);
  expect(resources.filter((r) => r.menu && !sections.includes(r.menu.section)).map((r) => `${r.name}: ${r.menu!.section}`)).toEqual([]);
  expect(resources.filter((r) => r.menu?.icon && !hasIcon(r.menu.icon)).map((r) => `${r.name}: ${r.menu!.icon} (src/layout/icons.ts)`)).toEqual([]);
});

it('a related list names a resource whose declared equality filter is a reference to this record', () => {
  // the page reads it through that resource's own list, which filters only what its declaration allows
  const wrong = resources.flatMap((def) =>
    (def.related ?? []).flatMap((r) => {
      const f = resources.find((x) => x.name === r.resource)?.fields[r.field];
      return f && f.filter === 'eq' && (f.type === 'reference' || f.type === 'references') && f.reference === def.name ? [] : [`${def.name} related ${r.resource}.${r.field}`];
    }),
  );
  expect(wrong).toEqual([]);
});

it('every selection action (`lines`) has the domain hook that applies it', async () => {
  await import('../../server/domain');
  const { hooksOf } = await import('../../server/crud/hooks');
  const missing = resources.flatMap((def) => Object.entries(def.actions ?? {}).filter(([n, a]) => a.lines && !hooksOf(def.name).lines?.[n]).map(([n]) => `${def.name}.${n}`));
  expect(missing).toEqual([]);
});

describe('registries a new entity is listed in', () => {
  it('resources/index.ts lists every declaration under resources/', () => {
    const declared = new Set(resources.map((r) => r.name));
    const files = filesIn('resources', /\.ts$/).filter((f) => /export default defineResource\(/.test(text(`resources/${f}.ts`)));
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
    const files = fs.readdirSync(path.join(ROOT, 'src/overrides')).filter((f) => f !== 'index.ts').map((f) => f.replace(/\.tsx?$/, ''));
    expect(files.filter((f) => !(f in overrides))).toEqual([]);
    expect(Object.keys(overrides).filter((n) => !declared.has(n))).toEqual([]);
  });
  it('server/domain/index.ts imports every file that registers hooks', () => {
    const index = text('server/domain/index.ts');
    const files = filesIn('server/domain', /\.ts$/).filter((f) => f !== 'index' && /registerHooks\(/.test(text(`server/domain/${f}.ts`)));
    expect(files.filter((f) => !index.includes(`import './${f}';`))).toEqual([]);
    // a second registration for a resource silently replaces the first one's hooks
    const names = files.flatMap((f) => [...text(`server/domain/${f}.ts`).matchAll(/^registerHooks\('(\w+)'/gm)].map((m) => m[1]));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
  it('server/db/seed/index.ts runs every seeder', () => {
    const index = text('server/db/seed/index.ts');
    const files = filesIn('server/db/seed', /\.ts$/).filter((f) => f !== 'index');
    expect(files.filter((f) => !index.includes(`from './${f}'`))).toEqual([]);
  });
});
