// The built-in roles and authorizations are named in the caller's language: the rows carry their
// shipped English names, which are said from i18n/features/walk.ts while a row still carries them. A row
// renamed by its owner keeps the name it was given, in every language.
import { translate } from '../../../i18n';
import type { Lang } from '../../../resources/accounts';
import type { Row } from '../../crud/hooks';

type Kind = 'role' | 'permission';

const keyOf = (kind: Kind, id: unknown) => `vf.walk.${kind}.${String(id)}`;

/**
 * A built-in row's words in a language, looked up once: the words are fixed for the process's life, and the profile
 * names every role and authorization of its account on every call (building each key and looking it up again was
 * ~8 % of a profile call's CPU: docs/performance.md, "As a browser pays it"). By kind, language and id, so a call
 * builds no string; bounded against ids without end (rows added later).
 */
const said: Record<Kind, Map<Lang, Map<string, string | null>>> = { role: new Map(), permission: new Map() };
/** The words of one kind in one language, by id. */
function wordsOf(kind: Kind, lang: Lang): Map<string, string | null> {
  let byId = said[kind].get(lang);
  if (!byId) said[kind].set(lang, (byId = new Map()));
  return byId;
}

/** The row's name in `lang` (its words `byId`), or undefined when i18n has none (a row added later). */
function sayIn(byId: Map<string, string | null>, kind: Kind, lang: Lang, id: unknown): string | undefined {
  const name = String(id);
  let text = byId.get(name);
  if (text === undefined) {
    if (byId.size >= 10_000) byId.clear();
    const key = keyOf(kind, name);
    const found = translate(lang, key);
    text = found === key ? null : found;
    byId.set(name, text);
  }
  return text ?? undefined;
}

const say = (kind: Kind, lang: Lang, id: unknown) => sayIn(wordsOf(kind, lang), kind, lang, id);

/** The shipped English name of a built-in row, or undefined for a row added later. */
const shippedName = (kind: Kind, id: unknown) => say(kind, 'en', id);

/** Rows on their way out: a built-in name is said in the caller's language. */
export function nameBuiltIns<R extends { _id?: unknown; display_name?: unknown }>(
  kind: Kind,
  rows: R[],
  lang: Lang,
): R[] {
  // in English a built-in row already carries its words (the shipped names are English): nothing to look up
  if (lang === 'en') return rows;
  // the two languages' words looked up once a call, not once a row
  const shipped = wordsOf(kind, 'en');
  const words = wordsOf(kind, lang);
  for (const r of rows) {
    if (r.display_name !== undefined && r.display_name === sayIn(shipped, kind, 'en', r._id))
      r.display_name = sayIn(words, kind, lang, r._id) ?? keyOf(kind, r._id);
  }
  return rows;
}

/** A row on its way in: a form that sends back the built-in name as it was shown (in the caller's language)
 * leaves the shipped name in place, so that saving another field does not fix the name in one language. */
export function keepBuiltInName(kind: Kind, id: unknown, values: Row, lang: Lang) {
  const shipped = shippedName(kind, id);
  if (
    shipped !== undefined &&
    typeof values.display_name === 'string' &&
    values.display_name === (say(kind, lang, id) ?? keyOf(kind, id))
  )
    values.display_name = shipped;
}
