// What the browser keeps between visits: the session token and the language, in cookies (SPEC §2, §4).
import Cookies from 'js-cookie';
import { LANGS, type Lang } from '../../resources/accounts';

export const TOKEN_COOKIE = 'vendfleet_token';
export const LANG_COOKIE = 'vendfleet_lang';

/** Each language named in itself (the language switches). */
export const LANGUAGE_NAMES: Record<Lang, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

export const getToken = () => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', expires: 7 });
export const clearToken = () => Cookies.remove(TOKEN_COOKIE);

/** A saved choice, else the browser's language, else Chinese. */
export function currentLang(): Lang {
  const saved = Cookies.get(LANG_COOKIE);
  if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const l = tag.slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(l)) return l as Lang;
  }
  return 'zh';
}

/** After a language change the page reloads, so every message is loaded in the new language. */
export function saveLang(lang: Lang) {
  Cookies.set(LANG_COOKIE, lang, { sameSite: 'strict', expires: 365 });
}
