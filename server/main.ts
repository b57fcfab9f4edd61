// `npm start` ends here: open the database, migrate, seed a new one, serve /api and the browser app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { seedDemo, isEmpty, createAdmin, DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { buildApp } from './app';
import { startEventRelay } from './events/bus';
import { demoRobotsWanted, startDemoRobots } from './demo/robots';
import type { ResourceDef } from '../resources';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  adminPassword?: string;
  logger?: boolean;
  distDir?: string;
  /** the declared resources to serve (default: all of resources/) */
  resources?: readonly ResourceDef[];
  /** drive the demo robots inside this process (server/demo/robots.ts); off unless asked */
  demoRobots?: boolean;
}

export async function startServer(o: ServerOptions) {
  const started = Date.now();
  const database = await openDatabase({ url: o.databaseUrl, dataDir: o.dataDir });
  try {
    await migrate(database.db);
    if (await isEmpty(database.db)) {
      if (!o.databaseUrl || o.seedDemo) {
        await seedDemo(database.db);
        console.log(`Demo data created. Logins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a._id).join(', ')}`);
      } else if (o.adminPassword) {
        await createAdmin(database.db, o.adminPassword);
        console.log('Created the administrator account "admin".');
      } else {
        throw new Error('The database is empty: set ADMIN_PASSWORD to create the first administrator, or SEED_DEMO=1 for demo data.');
      }
    }
    const app = await buildApp({ db: database.db, distDir: o.distDir ?? path.join(ROOT, 'dist'), logger: o.logger, resources: o.resources, dataDir: o.dataDir });
    app.addHook('onClose', await startEventRelay(database));
    const address = await app.listen({ port: o.port ?? 8080, host: o.host ?? '0.0.0.0' });
    // the demo robots call this server over HTTP, like real ones, on the address it listens on
    const robots = o.demoRobots ? await startDemoRobots(database.db, address.replace('0.0.0.0', '127.0.0.1'), (line) => app.log.info(line)) : undefined;
    const close = async () => {
      await robots?.stop();
      await app.close();
      await database.close();
    };
    return { app, address, database, close, startedInMs: Date.now() - started };
  } catch (e) {
    await database.close();
    throw e;
  }
}

/** The server as `npm start` runs it: configured from the environment, stopped by SIGINT/SIGTERM. */
export function main() {
  const port = Number(process.env.PORT ?? 8080);
  let demoRobots: boolean;
  try {
    demoRobots = demoRobotsWanted(process.env);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  startServer({
    port,
    host: process.env.HOST,
    dataDir: process.env.DATA_DIR ?? path.join(ROOT, 'data'),
    databaseUrl: process.env.DATABASE_URL,
    seedDemo: process.env.SEED_DEMO === '1',
    adminPassword: process.env.ADMIN_PASSWORD,
    logger: process.env.LOG !== '0',
    demoRobots,
  })
    .then(({ close, database, startedInMs }) => {
      console.log(`VendFleet is ready on http://localhost:${port} (${database.kind}, started in ${startedInMs} ms)`);
      if (demoRobots) console.log('Demo robots are running in this process (DEMO_ROBOTS=off turns them off).');
      if (database.kind === 'pglite') console.log(`Demo logins: ${DEMO_ACCOUNTS.map((a) => a._id).join(', ')} — password ${DEMO_PASSWORD}`);
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        close().then(() => process.exit(0), () => process.exit(1));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((e: Error) => {
      console.error(e.message);
      process.exit(1);
    });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) main();
