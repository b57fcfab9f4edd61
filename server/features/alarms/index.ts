// Alarms: raised and cleared by what robots report (./alarms.ts: applyAlarms on every `message.raised`, the telemetry rules'
// openRuleAlarm/clearRuleAlarm; ./stock.ts: a low or sold-out stock), acknowledged and cleared by operators through
// the declared resource's actions (./hooks.ts). No routes of its own: the engine serves /api/alarm/*.
import type { Feature } from '../feature';
import { alarmHooks } from './hooks';
import { applyAlarms } from './alarms';

export const alarms: Feature = {
  name: 'alarms',
  hooks: [alarmHooks],
  owns: ['alarm'],
  events: {
    publishes: ['alarm.opened', 'alarm.cleared'],
    subscribes: {
      // a robot's message moves its alarms, in the message's transaction
      'message.raised': async (trx, m) => {
        if (m.device)
          await applyAlarms(trx, { code: m.code, device: m.device, integrator: m.integrator, dealer: m.dealer });
      },
    },
  },
};
