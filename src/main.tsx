// Loads the messages of one language (not all four), then the app.
import { createRoot } from 'react-dom/client';
import { currentLang } from './providers/session';

const lang = currentLang();
document.documentElement.lang = lang;

Promise.all([import(`../i18n/${lang}.ts`), import('./App')]).then(([messages, { App }]) => {
  createRoot(document.getElementById('root')!).render(<App lang={lang} messages={messages.default} />);
});
