// `npm run seed -- --reset`: empty the database and fill it with demo data again (the server must be stopped).
import path from 'node:path';
import { openDatabase } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, isEmpty, resetSchema, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed';

const reset = process.argv.includes('--reset');
const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? path.resolve('data'),
});
try {
  if (reset) await resetSchema(database.db);
  else await migrate(database.db);
  if (!(await isEmpty(database.db))) {
    console.log('The database already holds accounts; use --reset to start again.');
  } else {
    await seedDemo(database.db, { history: true });
    console.log(`Demo data created. Logins: ${DEMO_ACCOUNTS.map((a) => a._id).join(', ')} — password ${DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
