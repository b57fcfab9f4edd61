// Once per run: the migrated, seeded template every test file copies, and the server bundled for the tests
// that start it as a process of its own (tests/support/process.ts). At the end, the answers' contract coverage.
import { buildTemplate } from './db';
import { summariseContract } from './contractCoverage';
import { bundleServer } from './process';

export default async function setup() {
  const dropTemplate = await buildTemplate();
  const removeBundle = await bundleServer(process.env.VF_TEST_RUN!);
  return async () => {
    summariseContract(process.env.VF_TEST_RUN!, process.env.DATABASE_URL ? 'postgres' : 'pglite');
    removeBundle();
    await dropTemplate();
  };
}
