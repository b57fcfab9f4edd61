// Browser budgets on the build the e2e tests use (the e2e setup rebuilds dist when sources changed): the
// first load of the sign-in page and of a signed-in dashboard stay within their budgets, and the sign-in
// page does not wait for the console (its chunk, react-admin, MUI).
import path from 'node:path';
import { BUDGETS_GZIP, firstLoads } from '../../scripts/bundle-budget';
import { ROOT } from '../../scripts/buildIfStale';

const loads = firstLoads(path.join(ROOT, 'dist'));

it('keeps the first load of the sign-in page within its budget, without the console', () => {
  expect(loads.login.files.length).toBeGreaterThan(1);
  expect(loads.login.gzipBytes).toBeLessThanOrEqual(BUDGETS_GZIP.login);
  expect(loads.login.files.filter((f) => /\/App-/.test(f))).toEqual([]);
});

it('keeps the first load of a signed-in dashboard within its budget', () => {
  expect(loads.dashboard.files.some((f) => /\/App-/.test(f))).toBe(true);
  expect(loads.dashboard.gzipBytes).toBeLessThanOrEqual(BUDGETS_GZIP.dashboard);
});
