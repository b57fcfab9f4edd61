// Demo data, in order: each later seeder may use what the earlier ones made.
import { sql } from 'kysely';
import type { DB } from '../index';
import { migrate } from '../migrate';
import { analyzeTables, filledTables } from '../analyze';
import { hashPassword } from '../../auth/password';
import seedAccounts from './accounts';
import seedCatalog from './catalog';
import seedFleet from './fleet';
import seedOrders from './orders';
import seedService from './service';
import seedWebhooks from './webhooks';
import seedTelemetry from './telemetry';
import seedNotify from './notify';
import seedCampaigns from './campaigns';
import { seedPlaces, seedSalesHistory } from './history';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
export { DEMO_DEVICES, demoDeviceKey } from './fleet';

const SEEDERS: Array<(db: DB) => Promise<void>> = [
  seedAccounts,
  seedFleet,
  seedOrders,
  seedCatalog,
  seedService,
  seedWebhooks,
  seedTelemetry,
  seedNotify,
  seedCampaigns,
  seedPlaces,
];

/** `history`: also eight weeks of sales (the first start's demo, docs/replenishment.md); test databases go without. */
export async function seedDemo(db: DB, options: { history?: boolean } = {}) {
  await db.transaction().execute(async (trx) => {
    for (const seed of SEEDERS) await seed(trx);
    if (options.history) await seedSalesHistory(trx);
  });
  // the demo is used the moment the server is up: its lists are planned on statistics of what the seed wrote,
  // not on a guess, and their counts read the index alone (VACUUM's visibility map; server/db/analyze.ts)
  await analyzeTables(db, await filledTables(db), { vacuum: true });
}

export async function isEmpty(db: DB): Promise<boolean> {
  return (await db.selectFrom('account').select('_id').limit(1).execute()).length === 0;
}

/** Production start on a real server: one SUPER account, `admin`, with the given password. */
export async function createAdmin(db: DB, password: string) {
  await db
    .insertInto('account')
    .values({
      _id: 'admin',
      nickname: 'Administrator',
      account_type: 'SUPER',
      roles: ['super'],
      password: await hashPassword(password),
    })
    .execute();
}

/** Drops every table and builds the schema again. */
export async function resetSchema(db: DB) {
  await sql`DROP SCHEMA public CASCADE`.execute(db);
  await sql`CREATE SCHEMA public`.execute(db);
  await migrate(db);
}
