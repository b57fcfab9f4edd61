// `npm start` ends here: open the database, migrate, seed a new one, serve /api and the browser app.
import fs from 'node:fs';
import v8 from 'node:v8';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from './db';
import { flushGroupCommits } from './db/groupCommit';
import type { Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './features/ops';
import { applyMigrations, underStartLock } from './db/migrate';
import { createDeclaredPermissions } from './auth/declared';
import { resources } from '../resources';
import { seedDemo, isEmpty, createAdmin, DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { buildApp } from './app';
import { startEventRelay } from './events/bus';
import { startWebhooks } from './features/webhooks/queue';
import { startNotify } from './features/notify';
import { demoRobotsWanted, startDemoRobots } from './demo/robots';
import type { ResourceDef } from '../resources';
import { readConfig, type Config } from './config';
import { embeddedSource, serveBackupRequests } from './features/backup';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/**
 * Where the built browser app is: `npm run build` bundles this server into dist/server/main.js, beside the
 * app in dist/; run from source (tsx), this file is server/main.ts and the app is in ../dist.
 */
export const BUILT = fileURLToPath(import.meta.url).endsWith('.js');
export const APP_DIR = BUILT ? path.resolve(HERE, '..') : path.resolve(HERE, '..', 'dist');

export interface ServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL connections at most (DB_POOL_MAX) */
  poolSize?: number;
  seedDemo?: boolean;
  adminPassword?: string;
  logger?: boolean;
  distDir?: string;
  /** the declared resources to serve (default: all of resources/) */
  resources?: readonly ResourceDef[];
  /** /metrics on the app's port for this bearer token (METRICS_TOKEN) */
  metricsToken?: string;
  /** /metrics on a port of its own, without a token (METRICS_PORT) */
  metricsPort?: number;
  /** on close, how long the listener stays open, readiness failing, for load balancers to move away (SHUTDOWN_DELAY_MS) */
  shutdownDelayMs?: number;
  /** on close, how long requests in flight may take (SHUTDOWN_GRACE_MS) */
  shutdownGraceMs?: number;
  /** drive the demo robots inside this process (server/demo/robots.ts); off unless asked */
  demoRobots?: boolean;
  /** routes added after the app's own, before it listens (`npm run bench`'s floor: scripts/bench-server.ts) */
  routes?: (app: FastifyInstance, db: Database['db']) => void;
}

/** Opens the database, applies migrations and fills an empty one (demo data or the first administrator). */
export async function prepareDatabase(o: ServerOptions): Promise<Database> {
  const database = await openDatabase({ url: o.databaseUrl, dataDir: o.dataDir, poolSize: o.poolSize });
  try {
    // one process at a time: replicas starting together on one (maybe empty) database take turns
    await underStartLock(database.db, async (conn) => {
      await applyMigrations(conn);
      // the permissions the declarations name, created (and granted as declared) the first time they are seen
      await createDeclaredPermissions(conn, o.resources ?? resources);
      if (!(await isEmpty(conn))) return;
      if (!o.databaseUrl || o.seedDemo) {
        await seedDemo(conn, { history: true });
        console.log(
          `Demo data created. Logins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a._id).join(', ')}`,
        );
      } else if (o.adminPassword) {
        await createAdmin(conn, o.adminPassword);
        console.log('Created the administrator account "admin".');
      } else {
        throw new Error(
          'The database is empty: set ADMIN_PASSWORD to create the first administrator, or SEED_DEMO=1 for demo data.',
        );
      }
    });
    return database;
  } catch (e) {
    await database.close();
    throw e;
  }
}

export async function startServer(o: ServerOptions) {
  const started = Date.now();
  // V8's allocation-site pretenuring off, before the first bulk work. A site whose objects once survived young
  // collections in bulk (the demo's seed, a start-up job reading thousands of rows) is judged long-lived, and from
  // then on its objects are made in the old generation for the process's whole life; the sites are shared with
  // every call (the database driver's rows among them). A server in that state promoted ~1 MB a young collection
  // while serving the profile, and ran a major collection every ~700 calls; beside it, on the same database, one
  // that had done no bulk work ~10–40 KB and none (docs/performance.md, "As a browser pays it"). A call's objects
  // live a few milliseconds: nothing this server makes per call is worth allocating old. Read by V8 at each
  // collection, so set here it takes effect (not allowed in NODE_OPTIONS).
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  // A major collection starts when half the old generation's room to grow since the last one is used. V8's own rule
  // starts one whenever that room is smaller than the young generation (16 MB semi-spaces, SERVER_NODE_OPTIONS):
  // with this server's ~40 MB live heap the limit V8 sets after a collection often leaves ~24 MB, so the next
  // collection was started by the very next young one, and the process ran major collections back to back (one
  // every ~100–300 calls; `--trace-incremental-marking`: "Start (task)", 24 MB still free), ~100 µs a profile call
  // of its GC threads' CPU (docs/performance.md, "As a browser pays it"). The limit itself is V8's as before, so
  // memory is bounded as it was. Read by V8 each time it decides, so set here it takes effect.
  v8.setFlagsFromString('--incremental-marking-soft-trigger=50');
  const database = await prepareDatabase(o);
  try {
    const lifecycle: Lifecycle = { draining: false };
    const app = await buildApp({
      db: database.db,
      distDir: o.distDir ?? APP_DIR,
      logger: o.logger,
      resources: o.resources,
      dataDir: o.dataDir,
      pool: database.pool,
      lifecycle,
      metricsToken: o.metricsToken,
      // PGlite is one process (its folder is locked); on PostgreSQL news of revocations comes by the relay below
      sessionCache: database.kind === 'pglite' ? 'local' : 'relay',
    });
    o.routes?.(app, database.db);
    app.addHook('onClose', await startEventRelay(database));
    // `npm run backup` on the embedded database asks this process for the snapshot (it holds the folder)
    if (database.snapshot && o.dataDir)
      app.addHook('onClose', await serveBackupRequests(o.dataDir, embeddedSource(database, o.dataDir)));
    // webhook deliveries: this process's workers on the durable queue (stopped after the last request is done)
    const stopWebhooks = await startWebhooks(database, (e) => app.log.error(e), o.shutdownGraceMs ?? 10_000);
    // alarm notifications: planned from the event bus, scheduled and delivered here (server/features/notify/)
    const stopNotify = await startNotify(database, (e) => app.log.error(e), o.shutdownGraceMs ?? 10_000);
    const address = await app.listen({ port: o.port ?? 8080, host: o.host ?? '0.0.0.0' });
    // the demo robots call this server over HTTP, like real ones, on the address it listens on; what they do
    // is `debug` like their calls (LOG_LEVEL=debug shows it), a call of theirs that failed a warning
    const robots = o.demoRobots
      ? await startDemoRobots(database.db, address.replace('0.0.0.0', '127.0.0.1'), (line, failed) =>
          failed ? app.log.warn(line) : app.log.debug(line),
        )
      : undefined;
    const metricsServer =
      o.metricsPort === undefined ? undefined : await serveMetrics(app.metrics, o.metricsPort, o.host ?? '0.0.0.0');
    /**
     * A graceful stop: readiness fails and answers say `Connection: close` (a load balancer moves traffic
     * to other replicas) while the listener stays open for SHUTDOWN_DELAY_MS — closing it at once resets the
     * connections the kernel queued but node had not yet accepted —, live-event streams end with a reconnect hint, requests in flight finish — those
     * past the grace period are cut —, batched heartbeats reach the database, then the pool closes.
     */
    const close = async () => {
      lifecycle.draining = true;
      await robots?.stop();
      if (o.shutdownDelayMs) await new Promise((r) => setTimeout(r, o.shutdownDelayMs));
      const cut = setTimeout(() => app.server.closeAllConnections(), o.shutdownGraceMs ?? 10_000);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await flushGroupCommits();
      await stopWebhooks();
      await stopNotify();
      await new Promise((r) => (metricsServer ? metricsServer.close(r) : r(undefined)));
      await database.close();
    };
    return { app, address, database, close, startedInMs: Date.now() - started };
  } catch (e) {
    await database.close();
    throw e;
  }
}

/** Prometheus text on a port of its own (METRICS_PORT): reachable by the scraper's network, not the public one. */
function serveMetrics(registry: Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** The server as `npm start` runs it: configured from the environment, stopped by SIGINT/SIGTERM. */
export function main() {
  let config: Config;
  try {
    config = readConfig();
  } catch (e) {
    // A bad setting stops the process before anything opens, naming every variable that is wrong.
    console.error((e as Error).message);
    process.exit(1);
  }
  // V8's own heap growth lets garbage pile up to 4× the live heap between full collections when collecting is
  // cheap: an export of 1,000,000 orders, whose live heap stays ~33 MB, then peaked at 257–281 MB of resident
  // memory. A bounded growth collects sooner (a full collection of that heap takes 15–30 ms). Read by V8 at
  // each collection, so setting it here, before the first request, takes effect.
  if (config.HEAP_GROWTH_PERCENT) v8.setFlagsFromString(`--heap-growing-percent=${config.HEAP_GROWTH_PERCENT}`);
  if (config.NODE_ENV === 'production' && !fs.existsSync(path.join(APP_DIR, 'index.html'))) {
    console.error(
      `NODE_ENV=production and no built browser app in ${APP_DIR}: run \`npm run build\` first (a production server never builds).`,
    );
    process.exit(1);
  }
  const options: ServerOptions = {
    port: config.PORT,
    host: config.HOST,
    dataDir: path.resolve(config.DATA_DIR),
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DB_POOL_MAX,
    seedDemo: config.SEED_DEMO,
    adminPassword: config.ADMIN_PASSWORD,
    logger: config.LOG,
    metricsToken: config.METRICS_TOKEN,
    metricsPort: config.METRICS_PORT,
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    demoRobots: demoRobotsWanted(),
  };
  const demoRobots = options.demoRobots;
  // `main.js migrate`: apply the migrations (and fill an empty database) once, then exit — a deployment's
  // one-off step before its replicas start (they would take turns doing it anyway: an advisory lock).
  if (process.argv[2] === 'migrate') {
    prepareDatabase(options)
      .then((d) => d.close())
      .then(
        () => {
          console.log('Migrations applied.');
          process.exit(0);
        },
        (e: Error) => {
          console.error(e.message);
          process.exit(1);
        },
      );
    return;
  }
  startServer(options)
    .then(({ close, database, startedInMs, app }) => {
      const port = (app.server.address() as { port: number }).port;
      // The banner comes last and stays on screen: what runs on (robots' calls and probes log below `info`,
      // see server/http/log.ts), then the address and the demo logins as the final line.
      const url = `http://localhost:${port}`;
      if (demoRobots) console.log('Demo robots are running in this process (DEMO_ROBOTS=off turns them off).');
      console.log(`VendFleet is ready on ${url} (${database.kind}, started in ${startedInMs} ms)`);
      if (database.kind === 'pglite')
        console.log(
          `Demo logins: ${DEMO_ACCOUNTS.map((a) => a._id).join(', ')} — password ${DEMO_PASSWORD} — open ${url}`,
        );
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
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
