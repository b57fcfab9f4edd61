// ESLint (`npm run lint`): rules that catch bugs — type-aware typescript-eslint (promises left floating or handed
// where nothing awaits them, unused code, `any`), the rules of hooks — not layout: Prettier owns that, and
// eslint-config-prettier switches off every rule that would fight it. Import cycles and the rooms' import
// directions are checked by dependency-cruiser (.dependency-cruiser.cjs), which also counts type-only imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';

export default defineConfig([
  // the types `npm run openapi` makes (never committed)
  globalIgnores(['dist/', 'data/', '.tmp/', 'coverage/', '**/*.gen.d.ts']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // JSON answers and react-admin records are `any`/`unknown` by design; following every use of them flags
      // ~1,600 reads (mostly tests' `r.body.data…`) and no bug — the shapes are checked at the edge and by tests.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `String(value ?? '')` of a declared field's `unknown` value is deliberate; the rules cannot tell it from a bug.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Fastify handlers are `async` to return their answer, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // consecutive `case`s sharing one answer may carry a comment between them
      'no-fallthrough': ['error', { allowEmptyCase: true }],
      // React ignores what an event handler returns; the app's async handlers report their own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { secret: _drop, ...rest } = row` leaves a field out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // tests read JSON answers as the assertions need them (`Answer<T = any>`, `r.body.data.list`)
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the rules of hooks (not the React Compiler's rules: the app is not compiled by it, and they cost a quarter
    // of the lint's time)
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly' } },
  },
  prettier,
]);
