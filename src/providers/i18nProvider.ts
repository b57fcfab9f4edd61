// react-admin's translator over one language's messages; the others are loaded after a reload.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import type { Lang } from '../../resources/accounts';

import { LANGUAGE_NAMES } from './session';

export { LANGUAGE_NAMES };

export function makeI18nProvider(lang: Lang, messages: TranslationMessages) {
  return polyglotI18nProvider(
    () => messages,
    lang,
    Object.entries(LANGUAGE_NAMES).map(([locale, name]) => ({ locale, name })),
    {
      allowMissing: true,
    },
  );
}
