// Every feature of the service, listed in this one place, in this order. Each folder's index.ts exports one
// `Feature` (./feature.ts): the Fastify plugin owning its routes, their schemas and its queries, and the hooks it
// adds to declared resources; docs/architecture.md ("Inside the server") says how a feature is laid out.
//
// An explicit list, not @fastify/autoload: the production server is one bundle (scripts/build-server.ts,
// dist/server/main.js), and a bundle has no folders to scan at run time. The order matters where a feature's
// hooks reach the whole server (fastify-plugin): ops first (readiness, draining), then sign-in, two-factor
// enrolment and the role preview, whose preHandlers gate every route registered after them.
import type { FastifyInstance } from 'fastify';
import { hookBook } from '../crud/hooks';
import { wire } from '../events/domain';
import type { Feature, FeatureOptions } from './feature';
import { ops } from './ops';
import { auth } from './auth';
import { totp } from './totp';
import { accounts } from './accounts';
import { vouchers } from './vouchers';
import { catalog } from './catalog';
import { gateway } from './gateway';
import { dashboard } from './dashboard';
import { live } from './live';
import { messages } from './messages';
import { commands } from './commands';
import { campaigns } from './campaigns';
import { telemetry } from './telemetry';
import { forecast } from './forecast';
import { savedQueries } from './savedQueries';
import { uploads } from './uploads';
import { fleet } from './fleet';
import { orders } from './orders';
import { alarms } from './alarms';
import { service } from './service';
import { webhooks } from './webhooks';
import { notify } from './notify';
import { backup } from './backup';

export type { Feature, FeatureOptions };

export const features: readonly Feature[] = [
  ops,
  auth,
  totp,
  accounts,
  vouchers,
  catalog,
  gateway,
  dashboard,
  live,
  messages,
  commands,
  campaigns,
  telemetry,
  forecast,
  savedQueries,
  uploads,
  // no plugin of their own: they shape declared resources, whose calls the engine serves
  fleet,
  orders,
  alarms,
  service,
  webhooks,
  notify,
  // its job runs beside the server (server/main.ts)
  backup,
];

// Every feature's subscribers and contributions, wired once, in the list's order: the order in which a publisher's
// subscribers run (docs/architecture.md "Events inside the server").
for (const f of features) wire(f.name, f.events);

/** Every declared resource's hooks, from the feature that owns each, handed to the engine (server/app.ts). A
 * resource no feature gives hooks has none; two features defining one resource's hooks stop the app at its start. */
export const resourceHooks = hookBook(features.flatMap((f) => f.hooks ?? []));

/** Registers every feature's plugin, in the list's order. */
export async function registerFeatures(app: FastifyInstance, options: Omit<FeatureOptions, 'hooks'>) {
  for (const f of features) await f.register?.(app, { ...options, hooks: resourceHooks });
}
