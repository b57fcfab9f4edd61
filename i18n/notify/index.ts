// Device notification texts in the four console languages, and a lookup by code.
import { NOTIFY_CODES, type NotifyCategory, type NotifyLevel } from '../../resources/notify_codes';
import en from './en';
import zh from './zh';
import es from './es';
import ja from './ja';

export * from '../../resources/notify_codes';

export const notifyTexts = { en, zh, es, ja };

export type NotifyLang = keyof typeof notifyTexts;

/** Level, category, title and content of a code in a language; undefined for an unknown code. */
export function notifyText(
  code: number,
  lang: 'en' | 'zh' | 'es' | 'ja',
): { level: NotifyLevel; category: NotifyCategory; title: string; content: string } | undefined {
  const info = NOTIFY_CODES[code];
  const text = notifyTexts[lang]?.[code];
  if (!info || !text) return undefined;
  return { level: info.level, category: info.category, title: text.title, content: text.content };
}
