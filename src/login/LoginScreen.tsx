// The sign-in page without the console: plain React and a little CSS, so that a visitor without a session
// fetches only React and this chunk (src/main.tsx). Same behaviour as before: the username is trimmed, the
// server's translated error (wrong password, frozen, 429 too many attempts) is shown, and after sign-in the
// user lands on ?redirect=… or the dashboard, in the console loaded into the same page.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LANGS, type Lang } from '../../resources/accounts';
import { LANGUAGE_NAMES, saveLang } from '../providers/session';
import { CSRF_HEADER } from '../../resources/session';
import { safeRedirect } from './paths';
import signinTexts from '../../i18n/features/signin';
import './login.css';

type Tree = { [key: string]: string | Tree };
const REQUEST_TIMEOUT_MS = 20_000;

function lookup(tree: Tree, key: string): string {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}

const EYE =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const EYE_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
const TRANSLATE =
  'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z';
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

/**
 * POST /api/auth/signin { username, password }, or the second step POST /api/auth/totp { challenge, code }:
 * the server sets the session cookies on success; a challenge when the account asks for a code; else the
 * message to show.
 */
async function signIn(
  lang: Lang,
  path: string,
  body: object,
  t: (key: string) => string,
): Promise<{ challenge?: string; error?: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(path, {
      method: 'POST',
      // the CSRF header says this is the app: the answer then keeps the token out of the page (cookie only)
      headers: { 'Accept-Language': lang, 'Content-Type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const json = (await res.json().catch(() => undefined)) as
      { code?: number; data?: { challenge?: string }; message?: string } | undefined;
    if (res.ok && json?.code === 0 && json.data?.challenge) return { challenge: json.data.challenge };
    if (res.ok && json?.code === 0) return {};
    const fallback =
      res.status === 429 ? 'vf.error.rate_limited' : res.status === 401 ? 'vf.error.login_failed' : 'vf.error.server';
    return { error: json?.message || t(fallback) };
  } catch (e) {
    return { error: t((e as Error).name === 'AbortError' ? 'vf.error.timeout' : 'vf.error.network') };
  } finally {
    clearTimeout(timer);
  }
}

export interface LoginScreenProps {
  lang: Lang;
  /** i18n/app/<lang>.ts: the vf.login and vf.error messages */
  messages: Tree;
  /** loads the console into this page once the token is saved and the address is the target */
  onSignedIn: () => Promise<unknown>;
  /** starts fetching the console while the user types (never before: a visit that only looks stays light) */
  prefetch: () => void;
}

export function LoginScreen({ lang, messages, onSignedIn, prefetch }: LoginScreenProps) {
  const t = (key: string) => lookup(key.startsWith('vf.signin.') ? signinTexts[lang] : messages, key);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** the second step: the account has two-factor sign-in */
  const [challenge, setChallenge] = useState<string>();
  const [code, setCode] = useState('');
  const prefetched = useRef(false);
  useEffect(() => {
    document.title = t('vf.login.title');
  });
  const warm = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    prefetch();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !username.trim() || !password || (challenge && !code.trim())) return;
    warm();
    setBusy(true);
    setError(undefined);
    const r = challenge
      ? await signIn(lang, '/api/auth/totp', { challenge, code: code.trim() }, t)
      : await signIn(lang, '/api/auth/signin', { username: username.trim(), password }, t);
    if (r.challenge) {
      setChallenge(r.challenge);
      setBusy(false);
      return;
    }
    if (r.error) {
      setError(r.error);
      setBusy(false);
      return;
    }
    window.history.replaceState(null, '', safeRedirect(new URLSearchParams(window.location.search).get('redirect')));
    await onSignedIn();
  };

  const chooseLang = (l: string) => {
    if (l === lang) return;
    saveLang(l as Lang);
    window.location.reload();
  };

  return (
    <main className="vf-login">
      <form className="vf-login-card" onSubmit={submit} noValidate onInput={warm}>
        <div className="vf-login-head">
          <h1>{t('vf.login.title')}</h1>
          <label className="vf-login-lang" title={t('vf.login.language')}>
            <Icon d={TRANSLATE} />
            <select
              aria-label={t('vf.login.language')}
              value={lang}
              onChange={(e) => chooseLang(e.target.value)}
              data-testid="login-language"
            >
              {LANGS.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error ? (
          <div className="vf-login-error" role="alert" data-testid="login-error">
            {error}
          </div>
        ) : null}
        {challenge ? (
          <>
            <label className="vf-login-field">
              <span>{t('vf.signin.code')}</span>
              <input
                name="code"
                autoComplete="one-time-code"
                inputMode="text"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
                required
                data-testid="login-code"
              />
            </label>
            <p className="vf-login-demo">{t('vf.signin.code_hint')}</p>
            <button className="vf-login-submit" type="submit" disabled={busy || !code.trim()}>
              {t('vf.signin.verify')}
            </button>
            <button
              className="vf-login-back"
              type="button"
              onClick={() => (setChallenge(undefined), setCode(''), setError(undefined))}
            >
              {t('vf.signin.back')}
            </button>
          </>
        ) : (
          <>
            <label className="vf-login-field">
              <span>{t('vf.login.username')}</span>
              <input
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoFocus
                required
              />
            </label>
            <label className="vf-login-field">
              <span>{t('vf.login.password')}</span>
              <span className="vf-login-password">
                <input
                  name="password"
                  type={show ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
                <button
                  type="button"
                  onClick={() => setShow(!show)}
                  aria-label={t(show ? 'vf.login.hide_password' : 'vf.login.show_password')}
                >
                  <Icon d={show ? EYE_OFF : EYE} />
                </button>
              </span>
            </label>
            <button className="vf-login-submit" type="submit" disabled={busy || !username.trim() || !password}>
              {t('vf.login.submit')}
            </button>
            <p className="vf-login-demo">{t('vf.login.demo')}</p>
          </>
        )}
      </form>
    </main>
  );
}
