// Campaigns and firmware (docs/campaigns.md): staged commands to many robots that stop themselves when too many
// of them fail. The engine serves both declared resources (./campaign.ts and ./firmware.ts add their hooks); this
// plugin adds the firmware upload, the outcomes' time chart (./outcomes.ts) and, in every process, the scheduler's tick (./scheduler.ts), one process at a
// time. A robot's download of an image is the gateway's (server/features/gateway/firmware.ts).
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { readConfig, setting } from '../../config';
import type { EdgeTypes } from '../../http/schema';
import { storageFromConfig } from '../uploads/storage';
import { campaignHooks } from './campaign';
import { firmwareHooks, firmwareOfCommand, updateHandOver, updateInstalled } from './firmware';
import { firmwareUploadRoutes } from './upload';
import { campaignOutcomeRoutes } from './outcomes';
import { campaignTick } from './scheduler';
import type { Feature } from '../feature';

export { campaignTick } from './scheduler';

export const campaignRoutes = fp<{ db: DB; dataDir?: string }>(async (plain, { db, dataDir }) => {
  const app = plain.withTypeProvider<EdgeTypes>();
  await firmwareUploadRoutes(app, db, storageFromConfig(readConfig(), dataDir));
  campaignOutcomeRoutes(app, db);

  const every = setting('CAMPAIGN_TICK_SECONDS') * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (!every) return;
    timer = setInterval(() => {
      running = running.then(() => campaignTick(db)).catch((e) => app.log.error(e, 'campaign tick failed'));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});

export const campaigns: Feature = {
  name: 'campaigns',
  register: (app, { db, dataDir }) => app.register(campaignRoutes, { db, dataDir }),
  hooks: [campaignHooks, firmwareHooks],
  owns: ['campaign', 'campaign_target', 'firmware'],
  events: {
    publishes: ['campaign.aborted'], // ./scheduler.ts
    subscribes: { 'command.outcome': updateInstalled },
    contributes: { 'command.check': firmwareOfCommand, 'command.handOver': updateHandOver },
  },
};
