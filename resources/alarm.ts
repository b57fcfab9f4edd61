import { defineResource, tenantFields } from './types';
import { ROBOT_TYPES } from './device';
import { ALARM_LEVELS } from './alarm_codes';

/** The code of every alarm a telemetry rule opens: its title is the rule's name (server/features/telemetry/rules.ts). */
export const RULE_ALARM_CODE = 0;

export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', sort: true },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Alarms: a robot's fault or warning with a life cycle. Robots open and clear them with their notification
// codes (server/features/alarms/alarms.ts, the pairing table in resources/alarm_codes.ts); operators acknowledge and clear them.
// `title` and `content` (the code's texts) are added on the way out, in the viewer's language.
export default defineResource({
  name: 'alarm',
  table: 'alarm',
  title: 'code',
  fields: {
    state: {
      type: 'choice',
      choices: ALARM_STATES,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
      render: 'alarmState',
    },
    level: {
      type: 'choice',
      choices: ALARM_LEVELS,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
      render: 'level',
    },
    // "22 · Arm fault": the code with its title in the viewer's language
    code: { type: 'number', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true, render: 'codeTitle' },
    category: { type: 'text', readOnly: true, notNull: true, render: 'word' },
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq', list: true, sort: true },
    device_type: { type: 'choice', choices: ROBOT_TYPES, readOnly: true, filter: 'eq', sort: true },
    dealer,
    integrator,
    count: { type: 'number', readOnly: true, list: true, sort: true, notNull: true },
    first_seen: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    last_seen: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    ack_by: { type: 'text', readOnly: true },
    ack_time: { type: 'datetime', readOnly: true, sort: true },
    ack_comment: { type: 'text', readOnly: true },
    clear_by: { type: 'text', readOnly: true },
    clear_time: { type: 'datetime', readOnly: true, sort: true },
    clear_code: { type: 'number', readOnly: true },
    // a telemetry rule's alarm (code RULE_ALARM_CODE): the rule, and the value that breached it
    rule: { type: 'reference', reference: 'telemetry_rule', readOnly: true, filter: 'eq' },
    detail: { type: 'json', readOnly: true },
    // the sort key (active first): not for reading
    priority: { type: 'text', readOnly: true, sort: true, notNull: true, hidden: true },
  },
  permissionGroup: 'message',
  permissions: { list: 'alarm_list', read: 'alarm_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // active first, then acknowledged, then cleared; the newest first within each
  // active alarms stand out
  list: {
    sort: { field: 'priority', order: 'DESC' },
    open: 'show',
    emphasize: { field: 'state', values: ['active'] },
    // on a phone: what is wrong with which robot, since when, and whether someone is on it
    card: {
      primary: 'code',
      secondary: ['device', 'dealer'],
      tertiary: ['last_seen', 'count'],
      status: ['level', 'state'],
    },
  },
  cells: [
    { cell: 'notice.content', after: 'code', only: 'show' },
    { cell: 'alarm.duration', after: 'first_seen' },
  ],
  actions: {
    acknowledge: {
      permission: 'alarm_ack',
      from: { field: 'state', values: ['active'] },
      body: { comment: { type: 'text', max: 500, multiline: true } },
    },
    clear: {
      bulk: true,
      permission: 'alarm_clear',
      confirm: true,
      from: { field: 'state', values: ['active', 'acknowledged'] },
    },
  },
  // who was told, when and by which tier (server/features/notify/): the delivery log's rows of this alarm
  related: [{ resource: 'notification', field: 'alarm', poll: 5 }],
  menu: { section: 'message', order: 5, icon: 'NotificationImportant' },
});
