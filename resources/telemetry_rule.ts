import { defineResource, tenantFields } from './types';
import { ROBOT_TYPES } from './device';
import { METRIC_NAMES } from './telemetry';
import { ALARM_LEVELS } from './alarm_codes';

export const RULE_OPS = ['gt', 'lt'] as const;
/** A rule waits at most a day of breach (or of recovery) before it acts. */
export const MAX_RULE_MINUTES = 1440;

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true },
  { filter: 'eq', list: true, sort: true },
);

// A threshold on a metric (docs/telemetry.md "Rules"): breached without a break for `for_minutes`, it opens one
// alarm on the robot (server/features/telemetry/rules.ts); back in range as long, the alarm clears. With `lock`
// the robot is also sent one `lock` command. It covers the robots of its brand, narrowed by store, robot type or
// one robot; a provider's rule without a brand covers every robot. Scoped like the robots it covers.
export default defineResource({
  name: 'telemetry_rule',
  table: 'telemetry_rule',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 2, max: 60, search: true, list: true, sort: true },
    metric: { type: 'choice', choices: METRIC_NAMES, required: true, filter: 'eq', list: true, sort: true },
    op: { type: 'choice', choices: RULE_OPS, required: true, list: true },
    threshold: { type: 'number', required: true, min: -1000, max: 10000, list: true },
    for_minutes: { type: 'number', required: true, min: 0, max: MAX_RULE_MINUTES, default: 0, list: true },
    level: { type: 'choice', choices: ALARM_LEVELS, required: true, default: 'warning', filter: 'eq', list: true },
    lock: { type: 'boolean', default: false, filter: 'eq', list: true },
    type: { type: 'choice', choices: ROBOT_TYPES, filter: 'eq', list: true },
    integrator,
    dealer,
    device: { type: 'reference', reference: 'device', filter: 'eq', list: true },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
  },
  permissions: {
    list: 'telemetry_rule_list',
    read: 'telemetry_rule_list',
    add: 'telemetry_rule_edit',
    edit: 'telemetry_rule_edit',
    delete: 'telemetry_rule_edit',
  },
  permissionGroup: 'device',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  menu: { section: 'fleet', order: 60, icon: 'Thermostat' },
});
