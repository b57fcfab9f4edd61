// Once per run: the migrated, seeded template every test file copies.
import { buildTemplate } from './db';

export default async function setup() {
  return buildTemplate();
}
