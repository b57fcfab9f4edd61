// The Intl locale of each console language, shared by the browser's formatters (src/lib/format.ts) and the
// server's export. Its own file, free of React: the server bundle importing src/lib/format.ts pulled
// react-admin into every server process (about 100 MB of resident memory for one lookup table).
import type { Lang } from '../resources/accounts';

const TAGS: Record<Lang, string> = { zh: 'zh-CN', en: 'en', es: 'es', ja: 'ja-JP' };

export function localeTag(lang: Lang): string {
  return TAGS[lang] ?? 'en';
}
