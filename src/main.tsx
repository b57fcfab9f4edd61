// Loads the messages of one language (not all four), then either the console or, for a visitor without a
// session, only the sign-in page (src/login): the login never waits for the console's bundle.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLang, isSignedIn } from './providers/session';
import { loginPathFor } from './login/paths';

const lang = currentLang();
document.documentElement.lang = lang;
const root = createRoot(document.getElementById('root')!);

// one language's messages as the build made them (scripts/messagesPlugin.ts): one file per language
const MESSAGES = {
  zh: () => import('virtual:vf-messages/zh'),
  en: () => import('virtual:vf-messages/en'),
  es: () => import('virtual:vf-messages/es'),
  ja: () => import('virtual:vf-messages/ja'),
};
const loadConsole = () => Promise.all([MESSAGES[lang](), import('./App')]);
let consoleLoad: ReturnType<typeof loadConsole> | undefined;
const fetchConsole = () => (consoleLoad ??= loadConsole());

function startConsole() {
  // A transition: React renders the console in slices and lets the browser in between (no long task).
  return fetchConsole().then(([messages, { App }]) =>
    startTransition(() => root.render(<App lang={lang} messages={messages.default} />)),
  );
}

if (isSignedIn()) {
  void startConsole();
} else {
  const here = window.location.pathname + window.location.search;
  if (!here.startsWith('/login')) window.history.replaceState(null, '', loginPathFor(here));
  void Promise.all([import(`../i18n/app/${lang}.ts`), import('./login/LoginScreen')]).then(
    ([messages, { LoginScreen }]) => {
      root.render(
        <LoginScreen
          lang={lang}
          messages={messages.default}
          onSignedIn={startConsole}
          prefetch={() => void fetchConsole()}
        />,
      );
    },
  );
}
