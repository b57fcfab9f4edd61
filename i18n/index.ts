// All four languages at once, for the server (which answers in the caller's language).
import type { Lang } from '../resources/accounts';
import { makeTranslator, type MessageTree, type Args } from './translate';
import en from './en';
import zh from './zh';
import es from './es';
import ja from './ja';

export const messages: Record<Lang, MessageTree> = {
  en: en as unknown as MessageTree,
  zh: zh as unknown as MessageTree,
  es: es as unknown as MessageTree,
  ja: ja as unknown as MessageTree,
};

const translators = Object.fromEntries(
  Object.entries(messages).map(([lang, tree]) => [lang, makeTranslator(tree)]),
) as Record<Lang, (key: string, args?: Args) => string>;

export function translate(lang: Lang, key: string, args?: Args): string {
  return translators[lang](key, args);
}

/** The first of zh, en, es, ja named in an Accept-Language header; English when none is. */
export function langFromHeader(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
    if (tag === 'zh' || tag === 'en' || tag === 'es' || tag === 'ja') return tag;
  }
  return 'en';
}
