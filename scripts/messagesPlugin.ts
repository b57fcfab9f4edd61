// One language's messages in the browser, not four. i18n keeps each feature's four languages side by side in one
// file (i18n/features/index.ts), which no bundler can split by language: every console load carried all four.
// The build evaluates i18n/<lang>.ts here and gives the browser that one tree as JSON (`virtual:vf-messages/<lang>`,
// imported by src/main.tsx); in development the same name re-exports the source file, so edits reload as before.
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:vf-messages/';
const LANGS = new Set(['zh', 'en', 'es', 'ja']);

export function messagesPlugin(): Plugin {
  let building = false;
  return {
    name: 'vf-messages',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const lang = id.slice(PREFIX.length + 1);
      if (!LANGS.has(lang)) throw new Error(`no messages for the language ${lang}`);
      // (from the project's root, as the dev server serves it)
      if (!building) return `export { default } from '/i18n/${lang}.ts';`;
      const file = path.resolve(import.meta.dirname, '..', 'i18n', `${lang}.ts`);
      const { tsImport } = await import('tsx/esm/api');
      const tree = ((await tsImport(file, import.meta.url)) as { default: unknown }).default;
      // JSON.parse of one string: the engine reads it faster than the same object as a literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
  };
}
