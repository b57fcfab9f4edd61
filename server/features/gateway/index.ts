// The robots' side of the API: every /api/device-gateway/* call, authenticated by X-Device-Id + X-Device-Key
// (./auth.ts, installed for the whole server in server/app.ts before the flood limits). A robot-facing change
// (a field of the heartbeat, a new call) is made here and in the simulator (server/demo/simulator/).
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import type { EdgeTypes } from '../../http/schema';
import { heartbeatRoutes } from './heartbeat';
import { orderRoutes } from './orders';
import { menuRoutes } from './menu';
import { serviceRoutes } from './service';
import { commandRoutes } from './commands';
import { firmwareRoutes } from './firmware';
import { storageFromConfig } from '../uploads/storage';
import { readConfig } from '../../config';
import type { Feature } from '../feature';

/** Not encapsulated (fastify-plugin): the offline sweep's start and stop hooks belong to the whole server. */
export const gatewayRoutes = fp<{ db: DB; dataDir?: string }>(async (plain, { db, dataDir }) => {
  const app = plain.withTypeProvider<EdgeTypes>(); // each call's request typed from its schema
  heartbeatRoutes(app, db); // heartbeat, status, notify; the offline sweep
  orderRoutes(app, db); // a sale, its payment, its making flow, its cancellation
  menuRoutes(app, db); // the store's menu and its version
  serviceRoutes(app, db); // voucher write-off, customer Q&A, fault reports
  commandRoutes(app, db); // due commands for a robot that polls, and their acknowledgement
  firmwareRoutes(app, db, storageFromConfig(readConfig(), dataDir)); // a firmware image, by range
});

export const gateway: Feature = {
  name: 'gateway',
  register: (app, { db, dataDir }) => app.register(gatewayRoutes, { db, dataDir }),
  events: { publishes: ['robot.beats', 'robot.offline'] },
};
