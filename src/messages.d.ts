// One language's messages, built by scripts/messagesPlugin.ts.
declare module 'virtual:vf-messages/*' {
  import type { TranslationMessages } from 'react-admin';
  const messages: TranslationMessages;
  export default messages;
}
