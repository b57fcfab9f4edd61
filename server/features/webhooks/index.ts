// Webhooks: a brand's subscriptions (./hooks.ts: the address checked, the secret shown once, the test delivery),
// the events written in the transaction that causes them (./events.ts) and their delivery queue (./queue.ts, a
// pg-boss job started by server/main.ts beside the server: tests' apps do not deliver). No routes of its own: the
// engine serves /api/webhook/* and /api/webhook_delivery/*.
import type { Feature } from '../feature';
import { webhookHooks } from './hooks';
import { alarmCleared, alarmOpened, orderCreated, robotOffline } from './events';

export const webhooks: Feature = {
  name: 'webhooks',
  hooks: [webhookHooks],
  owns: ['webhook', 'webhook_delivery'],
  events: {
    publishes: ['webhook.paused'], // ./queue.ts, when an endpoint is paused
    subscribes: {
      // queued in the sweep's transaction: a robot the sweep did not set offline sends nothing
      'robot.offline': async (trx, robots) => {
        for (const r of robots) await robotOffline(trx, r);
      },
      // a robot's sale (and its payment, when it came paid), in the transaction that created the order
      'sale.reported': orderCreated,
      'alarm.opened': alarmOpened,
      'alarm.cleared': alarmCleared,
    },
  },
};
