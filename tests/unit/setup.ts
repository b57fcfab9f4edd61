import '@testing-library/jest-dom/vitest';
import { inject } from 'vitest';
import { installCookieJar } from '../support/cookieJar';

// the session lives in cookies, as in a browser
installCookieJar(inject('apiUrl'));
