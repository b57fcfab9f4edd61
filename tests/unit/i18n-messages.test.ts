// Every message the console shows exists in all four languages, with the same placeholders, and the three
// translations are translations (not English left in place). Covers app, features and resource labels.
import en from '../../i18n/en';
import zh from '../../i18n/zh';
import es from '../../i18n/es';
import ja from '../../i18n/ja';
import { features } from '../../i18n/features';
import { translate } from '../../i18n';
import type { MessageTree } from '../../i18n/translate';

function flatten(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof v === 'string') out[`${prefix}${k}`] = v;
    else if (v && typeof v === 'object') Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}
const vars = (s: string) => [...new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

const english = flatten(en);
const others = { zh: flatten(zh), es: flatten(es), ja: flatten(ja) };

describe.each(Object.entries(others))('%s messages', (_lang, flat) => {
  it('has exactly the keys English has', () => {
    expect(Object.keys(flat).filter((k) => !(k in english))).toEqual([]);
    expect(Object.keys(english).filter((k) => !(k in flat))).toEqual([]);
  });
  it('keeps every placeholder of the English text', () => {
    const odd = Object.keys(english)
      .filter((k) => k.startsWith('vf.') || k.startsWith('resources.'))
      .filter((k) => flat[k] !== undefined && vars(flat[k]).join() !== vars(english[k]).join());
    expect(odd).toEqual([]);
  });
  it('translates the console texts (at most a few brand-like words stay English)', () => {
    const keys = Object.keys(english).filter((k) => k.startsWith('vf.') && english[k].length > 12);
    const same = keys.filter((k) => flat[k] === english[k]);
    expect(same.length / keys.length).toBeLessThan(0.05);
  });
});

describe.each(Object.entries(features))('feature %s', (_name, texts) => {
  it('has the same keys in all four languages, all under vf.', () => {
    const base = Object.keys(flatten(texts.en as MessageTree)).sort();
    expect(base.every((k) => k.startsWith('vf.'))).toBe(true);
    for (const lang of ['zh', 'es', 'ja'] as const) expect(Object.keys(flatten(texts[lang])).sort()).toEqual(base);
  });
});

it('the server answers in the language asked for', () => {
  expect(translate('zh', 'vf.error.login_failed')).toBe('用户名或密码错误');
  expect(translate('es', 'vf.error.duplicate', { field: 'Nombre', value: 'x' })).toBe('Nombre "x" ya existe');
  expect(translate('ja', 'vf.menu.dashboard')).toBe('ダッシュボード');
});
