// react-admin's own English messages, with the wording of docs/rules.md (Validation) where it names one.
import type { TranslationMessages } from 'ra-core';
import english from 'ra-language-english';

const messages: TranslationMessages = {
  ...english,
  ra: { ...english.ra, message: { ...english.ra.message, invalid_form: 'Form validation failed' } },
};
export default messages;
