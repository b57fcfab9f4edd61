import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites: unit (jsdom), api (the real server over a real database), e2e (real Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/unit/setup.ts'],
          globalSetup: ['tests/support/unitSetup.ts'],
          testTimeout: 20_000,
          // a worker loads the modules and the page (jsdom) once and runs file after file in them, each file's
          // storage and cookies emptied first (tests/unit/setup.ts): half the project's CPU was loading them afresh
          isolate: false,
          // Projects with different worker counts must run as separate groups (vitest 4).
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/globalSetup.ts'],
          setupFiles: ['tests/support/fileSetup.ts'],
          // Each file starts its own server on its own database; two cores, so two at a time. A worker's files
          // share its loaded modules (docs/testing.md, "Files share a worker").
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 90_000,
          hookTimeout: 240_000,
          globalSetup: ['tests/support/e2eSetup.ts'],
          setupFiles: ['tests/support/fileSetup.ts'],
          isolate: false,
          // Each file has its own server, database and Chromium (tests/support/browser.ts) and the app is built
          // once (e2eSetup): files share no state, so two run side by side — much of a browser test is waiting
          // for the page, time the other file uses.
          maxWorkers: 2,
          // a page's own calls answer in their time (the PostgreSQL API run goes alongside): wait as Playwright
          // does for what the user sees, not vitest's 1-second default
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
