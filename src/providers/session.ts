// What the browser keeps between visits, in cookies (docs/rules.md): the language, and the session. The session
// token is an HttpOnly cookie the server sets and clears (server/auth/cookie.ts): no script here can read it,
// so a script injected into the page cannot carry it off. The page only sees the marker that one is held.
import Cookies from 'js-cookie';
import { LANGS, type Lang } from '../../resources/accounts';
import { SIGNED_IN_COOKIE } from '../../resources/session';

export const LANG_COOKIE = 'vendfleet_lang';

/** Each language named in itself (the language switches). */
export const LANGUAGE_NAMES: Record<Lang, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };

/** Whether the browser holds a session (it may have expired on the server: the first call will tell). */
export const isSignedIn = () => Cookies.get(SIGNED_IN_COOKIE) === '1';
/** Forgets a session the server no longer knows (the session cookie itself is replaced at the next sign-in). */
export const forgetSession = () => Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });

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
