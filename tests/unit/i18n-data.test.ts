// Completeness of the translation data: react-admin's framework messages (i18n/ra) against
// ra-language-english, and the device notification texts (i18n/notify) against NOTIFY_CODES.
import englishMessages from 'ra-language-english';
import raEn from '../../i18n/ra/en';
import raZh from '../../i18n/ra/zh';
import raEs from '../../i18n/ra/es';
import raJa from '../../i18n/ra/ja';
import { NOTIFY_CODES, notifyText, notifyTexts } from '../../i18n/notify';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[`${prefix}${k}`] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}

const vars = (s: string) => [...new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

const english = flatten(englishMessages as unknown as Tree);
const raPacks = { en: raEn, zh: raZh, es: raEs, ja: raJa } as const;

// zh and ja have a single plural form in polyglot, so the text before `||||` is used for every count.
// BulkUpdateWithConfirmButton passes no recordRepresentation, so for these languages the bulk-update
// texts leave it out rather than showing a literal %{recordRepresentation}.
const ALLOWED_MISSING_VARS: Record<string, Record<string, string[]>> = {
  zh: {
    'ra.message.bulk_update_content': ['recordRepresentation'],
    'ra.message.bulk_update_title': ['recordRepresentation'],
  },
  ja: {
    'ra.message.bulk_update_content': ['recordRepresentation'],
    'ra.message.bulk_update_title': ['recordRepresentation'],
  },
};

describe('react-admin messages (i18n/ra)', () => {
  it('ra-language-english has the expected shape', () => {
    expect(Object.keys(english).length).toBeGreaterThan(100);
    expect(Object.keys(english).every((k) => k.startsWith('ra.'))).toBe(true);
  });

  describe.each(Object.entries(raPacks))('%s', (lang, pack) => {
    const flat = flatten(pack as unknown as Tree);

    it('has exactly the key set of ra-language-english', () => {
      const missing = Object.keys(english).filter((k) => !(k in flat));
      const extra = Object.keys(flat).filter((k) => !(k in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty string for every key', () => {
      const empty = Object.entries(flat)
        .filter(([k, v]) => typeof v !== 'string' || (v.trim() === '' && english[k].trim() !== ''))
        .map(([k]) => k);
      expect(empty).toEqual([]);
    });

    it('uses the same %{variables} per key', () => {
      const mismatches: string[] = [];
      for (const [key, en] of Object.entries(english)) {
        const text = flat[key];
        if (text === undefined) continue;
        const allowed = ALLOWED_MISSING_VARS[lang]?.[key] ?? [];
        const expected = vars(en).filter((v) => !allowed.includes(v));
        const got = vars(text);
        if (JSON.stringify(expected) !== JSON.stringify(got)) {
          mismatches.push(`${key}: expected ${expected.join(',') || '-'} got ${got.join(',') || '-'}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('keeps the `||||` plural separator exactly where English has one', () => {
      const mismatches = Object.keys(english).filter(
        (k) => flat[k] !== undefined && english[k].split('||||').length !== flat[k].split('||||').length,
      );
      expect(mismatches).toEqual([]);
    });
  });

  it('en is ra-language-english, with the documented wording for a refused form', () => {
    expect({
      ...raEn,
      ra: { ...raEn.ra, message: { ...raEn.ra.message, invalid_form: englishMessages.ra.message.invalid_form } },
    }).toEqual(englishMessages);
    expect(raEn.ra.message.invalid_form).toBe('Form validation failed');
  });

  it('translates rather than copies English', () => {
    for (const lang of ['zh', 'es', 'ja'] as const) {
      const flat = flatten(raPacks[lang] as unknown as Tree);
      expect(flat['ra.action.save']).not.toBe(english['ra.action.save']);
      expect(flat['ra.auth.sign_in']).not.toBe(english['ra.auth.sign_in']);
    }
  });
});

describe('device notification texts (i18n/notify)', () => {
  const codes = Object.keys(NOTIFY_CODES).map(Number);

  it('lists 430 codes (428 of the robots, 2 of the server: two-factor codes refused, a sign-in held)', () => {
    expect(codes).toHaveLength(430);
  });

  describe.each(Object.entries(notifyTexts))('%s', (lang, texts) => {
    it('has a non-empty title and content for every code, and no extra codes', () => {
      const missing = codes.filter((c) => !texts[c] || !texts[c].title.trim() || !texts[c].content.trim());
      const extra = Object.keys(texts)
        .map(Number)
        .filter((c) => !(c in NOTIFY_CODES));
      expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] });
    });

    it('gives every code its own title and content', () => {
      const titles = new Set(codes.map((c) => texts[c].title));
      const contents = new Set(codes.map((c) => texts[c].content));
      expect(titles.size).toBe(codes.length);
      expect(contents.size).toBe(codes.length);
    });

    it('keeps texts static (no interpolation placeholders)', () => {
      const withVars = codes.filter((c) => /%\{/.test(texts[c].title + texts[c].content));
      expect(withVars).toEqual([]);
    });
  });

  it.each([
    100001, 200009, 3023, 151, 3202, 301, 400, 546, 616, 655, 3652, 752, 3751, 3807, 1002, 4009, 1005, 5013, 5211,
  ])('code %i exists in every language', (code) => {
    expect(NOTIFY_CODES[code]).toBeDefined();
    for (const lang of ['en', 'zh', 'es', 'ja'] as const) {
      const t = notifyText(code, lang);
      expect(t).toBeDefined();
      expect(t!.title.length).toBeGreaterThan(0);
      expect(t!.content.length).toBeGreaterThan(0);
    }
  });

  it('covers every code of each range in docs/rules.md', () => {
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const expected = [
      100001,
      100002,
      100010,
      100011,
      ...range(200000, 200009),
      ...range(21, 23),
      ...range(3021, 3023),
      ...range(102, 151),
      ...range(200, 212),
      3201,
      3202,
      300,
      301,
      400,
      ...range(500, 546),
      ...range(600, 616),
      650,
      655,
      ...range(3650, 3652),
      ...range(700, 752),
      3750,
      3751,
      ...range(806, 808),
      3806,
      3807,
      ...range(1000, 1002),
      4000,
      ...range(4001, 4009),
      1005,
      ...range(5013, 5211),
    ].sort((a, b) => a - b);
    expect(codes.sort((a, b) => a - b)).toEqual(expected);
  });

  it('gives the 3000s (resolved / recovered) level success', () => {
    const wrong = codes.filter((c) => c >= 3000 && c < 4000 && NOTIFY_CODES[c].level !== 'success');
    expect(wrong).toEqual([]);
  });

  it('follows the stock and order conventions', () => {
    expect(NOTIFY_CODES[200000]).toEqual({ level: 'error', category: 'stock' });
    expect(NOTIFY_CODES[200005]).toEqual({ level: 'warning', category: 'stock' });
    expect(NOTIFY_CODES[4000]).toEqual({ level: 'success', category: 'order' });
    expect(NOTIFY_CODES[1005]).toEqual({ level: 'error', category: 'order' });
    expect(NOTIFY_CODES[5100].category).toBe('coffee_hardware');
  });

  it('looks up texts by code and language', () => {
    expect(notifyText(100002, 'en')).toEqual({
      level: 'error',
      category: 'connection',
      title: 'Robot offline',
      content: 'The robot lost its connection to the cloud. Check its power and network.',
    });
    expect(notifyText(117, 'en')!.title).toContain('117');
    expect(notifyText(117, 'zh')!.content).toContain('117');
    expect(notifyText(5023, 'es')!.content).toContain('5023');
    expect(notifyText(5023, 'zh')!.content).toContain('5023');
    expect(notifyText(200003, 'en')!.title).toContain('3');
    expect(notifyText(4007, 'ja')!.title).toContain('7');
    expect(notifyText(99999, 'en')).toBeUndefined();
  });
});
