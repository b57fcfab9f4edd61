// Browser budgets on the build the e2e tests use (the e2e setup rebuilds dist when sources changed):
// the first-load JavaScript stays within its budget.
import path from 'node:path';
import { firstLoad, FIRST_LOAD_BUDGET_GZIP } from '../../scripts/bundle-budget';
import { ROOT } from '../../scripts/buildIfStale';

it('keeps first-load JavaScript within the budget', () => {
  const r = firstLoad(path.join(ROOT, 'dist'));
  expect(r.files.length).toBeGreaterThan(0);
  expect(r.gzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
});
