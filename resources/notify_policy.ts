import { defineResource, tenantFields } from './types';
import { ALARM_LEVELS } from './alarm_codes';

/** A policy has at most this many tiers, each at most this many channels. */
export const MAX_TIERS = 5;
export const MAX_TIER_CHANNELS = 10;
/** The last tier comes at most a week after the alarm opened. */
export const MAX_AFTER_MINUTES = 10080;
export const MAX_POLICY_CODES = 100;
/** What a policy may send beside alarms (docs/notifications.md "Policy events"): each published by the feature it
 * happens in (server/events/domain.ts) and planned by the notify feature on the same path as an alarm's tier 0. */
export const POLICY_EVENTS = ['second_factor_held', 'webhook_paused', 'campaign_aborted', 'visit_plan_daily'] as const;
export type PolicyEvent = (typeof POLICY_EVENTS)[number];
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface Tier {
  after_minutes: number;
  channels: string[];
}

type Checked = { value?: unknown; error?: { key: string; args?: Record<string, string | number> } };

/** Tiers in order: the first at once (0), each later one strictly later, each with 1–10 channels. */
export function checkTiers(value: unknown): Checked {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_TIERS)
    return { error: { key: 'vf.notify.error.tiers', args: { max: MAX_TIERS } } };
  const tiers: Tier[] = [];
  for (const t of value as unknown[]) {
    const o = (t ?? {}) as Record<string, unknown>;
    const after = Number(o.after_minutes);
    const channels = o.channels;
    if (!Number.isInteger(after) || after < 0 || after > MAX_AFTER_MINUTES)
      return { error: { key: 'vf.notify.error.after_minutes', args: { max: MAX_AFTER_MINUTES } } };
    if (
      !Array.isArray(channels) ||
      channels.length < 1 ||
      channels.length > MAX_TIER_CHANNELS ||
      !channels.every((c) => typeof c === 'string' && c.length > 0 && c.length <= 40)
    )
      return { error: { key: 'vf.notify.error.tier_channels', args: { max: MAX_TIER_CHANNELS } } };
    tiers.push({ after_minutes: after, channels: [...new Set(channels as string[])] });
  }
  if (tiers[0].after_minutes !== 0 || tiers.some((t, i) => i > 0 && t.after_minutes <= tiers[i - 1].after_minutes))
    return { error: { key: 'vf.notify.error.tiers_order' } };
  return { value: tiers };
}

/** Quiet hours: two times of day, "HH:mm", in the channel's time zone (from after to: overnight when from > to). */
export function checkQuiet(value: unknown): Checked {
  if (value === null || value === undefined || value === '') return { value: null };
  const o = value as Record<string, unknown>;
  // the form's two empty times: no quiet hours
  if (typeof o === 'object' && !o.from && !o.to) return { value: null };
  if (typeof o !== 'object' || !HHMM.test(String(o.from ?? '')) || !HHMM.test(String(o.to ?? '')) || o.from === o.to)
    return { error: { key: 'vf.notify.error.quiet' } };
  return { value: { from: o.from, to: o.to } };
}

/** Notification codes (the alarm's `code`; 0 is a telemetry rule's): a list of whole numbers, or none for every code. */
export function checkCodes(value: unknown): Checked {
  if (value === null || value === undefined) return { value: null };
  if (
    !Array.isArray(value) ||
    value.length > MAX_POLICY_CODES ||
    !value.every((c) => Number.isInteger(Number(c)) && Number(c) >= 0 && Number(c) <= 99999)
  )
    return { error: { key: 'vf.notify.error.codes', args: { max: MAX_POLICY_CODES } } };
  return { value: value.length ? [...new Set(value.map(Number))] : null };
}

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, notNull: true },
  { readOnly: true, hidden: true },
);

// Which of a brand's alarms reach which of its channels, and when (docs/notifications.md): tier 0 at once, each later
// tier when the alarm is still unacknowledged `after_minutes` after it opened. Narrowed by level, code, store and
// robot (all of the policy's brand); quiet hours hold warnings for a digest. Tenant-scoped like its channels.
export default defineResource({
  name: 'notify_policy',
  table: 'notify_policy',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 2, max: 60, search: true, list: true, sort: true },
    // none: no alarms (a policy of events only); a policy names levels, events or both (server/features/notify/hooks.ts)
    levels: { type: 'choices', choices: ALARM_LEVELS, list: true },
    // beside the alarms: which policy events go to tier 0's channels (the levels, codes and robots narrow alarms only;
    // the stores narrow a store's events)
    events: { type: 'choices', choices: POLICY_EVENTS, list: true },
    codes: { type: 'json', check: checkCodes, input: 'notifyCodes', render: 'notifyCodes' },
    dealers: { type: 'references', reference: 'dealer', list: true },
    devices: { type: 'references', reference: 'device' },
    tiers: { type: 'json', required: true, check: checkTiers, input: 'notifyTiers', render: 'notifyTiers' },
    quiet: { type: 'json', check: checkQuiet, input: 'notifyQuiet', render: 'notifyQuiet' },
    enabled: { type: 'boolean', default: true, filter: 'eq', list: true, sort: true },
    integrator,
    dealer,
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
  },
  permissions: {
    list: 'notify_list',
    read: 'notify_list',
    add: 'notify_edit',
    edit: 'notify_edit',
    delete: 'notify_edit',
  },
  permissionGroup: 'integrator',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  related: [{ resource: 'notification', field: 'policy' }],
  menu: { section: 'fleet', order: 71, icon: 'Rule' },
});
