// Every feature of the service, registered from this one place, in this order. Each is a Fastify plugin owning
// its routes, their schemas and its queries (server/features/<feature>/index.ts).
//
// An explicit list, not @fastify/autoload: the production server is one bundle (scripts/build-server.ts,
// dist/server/main.js), and a bundle has no folders to scan at run time. The order matters where a feature's
// hooks reach the whole server (fastify-plugin): ops first (readiness, draining), then sign-in, two-factor
// enrolment and the role preview, whose preHandlers gate every route registered after them.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db';
import type { HookBook } from '../crud/hooks';
import { opsRoutes, type Lifecycle } from './ops';
import { authRoutes } from './auth';
import { totpRoutes } from './totp';
import { accountRoutes } from './accounts';
import { voucherRoutes } from './vouchers';
import { catalogRoutes } from './catalog';
import { gatewayRoutes } from './gateway';
import { dashboardRoutes } from './dashboard';
import { liveRoutes } from './live';
import { messageRoutes } from './messages';
import { commandRoutes } from './commands';
import { telemetryRoutes } from './telemetry';
import { savedQueryRoutes } from './savedQueries';
import { uploadRoutes } from './uploads';

export interface FeatureOptions {
  db: DB;
  /** set `draining` when stopping: readiness then fails */
  lifecycle: Lifecycle;
  /** /metrics answers this bearer token; unset: no /metrics route answers */
  metricsToken?: string;
  /** where uploaded images go when no S3 bucket is configured */
  dataDir?: string;
  /** every declared resource's hooks (server/resourceHooks.ts), which saved filters read as the engine does */
  hooks: HookBook;
}

export async function registerFeatures(
  app: FastifyInstance,
  { db, lifecycle, metricsToken, dataDir, hooks }: FeatureOptions,
) {
  await app.register(opsRoutes, { db, lifecycle, registry: app.metrics, metricsToken });
  await app.register(authRoutes, { db });
  await app.register(totpRoutes, { db });
  await app.register(accountRoutes, { db });
  await app.register(voucherRoutes, { db });
  await app.register(catalogRoutes, { db });
  await app.register(gatewayRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(liveRoutes, { db });
  await app.register(messageRoutes, { db });
  await app.register(commandRoutes, { db });
  await app.register(telemetryRoutes, { db });
  await app.register(savedQueryRoutes, { db, hooks });
  await app.register(uploadRoutes, { db, dataDir });
}
