// Webhooks: a brand's subscriptions (./hooks.ts: the address checked, the secret shown once, the test delivery),
// the events written in the transaction that causes them (./events.ts) and their delivery queue (./queue.ts, a
// pg-boss job started by server/main.ts beside the server: tests' apps do not deliver). No routes of its own: the
// engine serves /api/webhook/* and /api/webhook_delivery/*.
import type { Feature } from '../feature';
import { webhookHooks } from './hooks';

export const webhooks: Feature = {
  name: 'webhooks',
  hooks: [webhookHooks],
  owns: ['webhook', 'webhook_delivery'],
};
