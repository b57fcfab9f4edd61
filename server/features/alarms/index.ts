// Alarms: raised and cleared by what robots report (./alarms.ts: applyAlarms, the telemetry rules'
// openRuleAlarm/clearRuleAlarm; ./stock.ts: a low or sold-out stock), acknowledged and cleared by operators through
// the declared resource's actions (./hooks.ts). No routes of its own: the engine serves /api/alarm/*.
import type { Feature } from '../feature';
import { alarmHooks } from './hooks';

export const alarms: Feature = {
  name: 'alarms',
  hooks: [alarmHooks],
  owns: ['alarm'],
};
