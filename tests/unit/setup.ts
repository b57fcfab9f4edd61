import '@testing-library/jest-dom/vitest';
import { afterEach, inject } from 'vitest';
import { cleanup } from '@testing-library/react';
import { installCookieJar } from '../support/cookieJar';

// Files share a worker and its page (vitest.config.ts, `isolate: false`): each starts as a fresh page would, its
// storage and body empty (a file of the node environment has neither) …
if (typeof localStorage !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
}
// … and each test's screens are unmounted after it: Testing Library registers that once, when it is first imported,
// so only in a worker's first file
afterEach(() => cleanup());
// the session lives in cookies, as in a browser
installCookieJar(inject('apiUrl'));
