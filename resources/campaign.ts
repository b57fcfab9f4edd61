import { defineResource, type FieldDef, tenantFields } from './types';
import { COMMAND_NAMES, COMMANDS } from './command';

/** A campaign's life (docs/campaigns.md): draft → running ⇄ paused → completed | aborted | cancelled. */
export const CAMPAIGN_STATES = ['draft', 'running', 'paused', 'completed', 'aborted', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
/** States a campaign has ended in: nothing moves it again. */
export const ENDED_CAMPAIGN_STATES: readonly CampaignState[] = ['completed', 'aborted', 'cancelled'];

export const MAX_RATE_PER_MINUTE = 1000;
export const MAX_PHASES = 10;
/** Robots a campaign may name one by one (a filter reaches the whole fleet). */
export const MAX_CAMPAIGN_DEVICES = 10000;
/** The longest wait between phases: a week. */
export const MAX_PHASE_WAIT_MINUTES = 10080;
/** The longest a robot is watched after its acknowledgement (offline_minutes, alarm_minutes): a day. */
export const MAX_WATCH_MINUTES = 1440;
/** A time of day, "HH:mm". */
export const HHMM_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** The most robot-list filter keys a target's filter holds. */
const MAX_FILTER_KEYS = 20;

/** The counts a campaign's page shows, in the funnel's order (GET /api/campaign/detail/{id}). */
export const CAMPAIGN_COUNTS = [
  'targeted',
  'waiting',
  'queued',
  'sent',
  'acknowledged',
  'failed',
  'expired',
  'skipped',
] as const;
export type CampaignCounts = Record<(typeof CAMPAIGN_COUNTS)[number], number>;

/** The outcomes a campaign's time chart draws, per bucket since it started (GET /api/campaign/outcomes/{id}). */
export const CAMPAIGN_OUTCOMES = ['acknowledged', 'failed', 'expired'] as const;
/** At most this many buckets: a longer campaign gets wider ones (whole minutes). */
export const MAX_OUTCOME_BUCKETS = 120;
/** One bucket of the chart: its start, and the outcomes that came in within it. */
export type CampaignOutcomePoint = { t: string } & Record<(typeof CAMPAIGN_OUTCOMES)[number], number>;
/** `GET /api/campaign/outcomes/{id}`: the buckets from the start to its end (or now), `bucket_seconds` wide; no
 * points before it starts. Read by the server (server/features/campaigns/outcomes.ts) and the page's chart. */
export interface CampaignOutcomes {
  start_time: string | null;
  bucket_seconds: number;
  points: CampaignOutcomePoint[];
}

type Checked = { value?: unknown; error?: { key: string; args?: Record<string, string | number> } };
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Phases: percents of the target reached by the end of each, ascending, the last 100 (empty: one phase, [100]). */
export function checkPhases(value: unknown): Checked {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return { value: [100] };
  if (
    !Array.isArray(value) ||
    value.length > MAX_PHASES ||
    !value.every((p) => Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 100) ||
    value.some((p, i) => i > 0 && (p as number) <= (value[i - 1] as number)) ||
    value[value.length - 1] !== 100
  )
    return { error: { key: 'vf.campaign.error.phases', args: { max: MAX_PHASES } } };
  return { value };
}

/** The target: robots by _id, or a robot-list filter (any the list allows; the server judges its keys), resolved
 * when the campaign starts. Exactly one of the two. */
export function checkTarget(value: unknown): Checked {
  const bad = { error: { key: 'vf.campaign.error.target', args: { max: MAX_CAMPAIGN_DEVICES } } };
  if (!isObj(value)) return bad;
  const { devices, filter } = value;
  const hasDevices = devices !== undefined && devices !== null;
  const hasFilter = filter !== undefined && filter !== null;
  if (hasDevices === hasFilter) return bad;
  if (hasDevices) {
    if (
      !Array.isArray(devices) ||
      devices.length < 1 ||
      devices.length > MAX_CAMPAIGN_DEVICES ||
      !devices.every((d) => typeof d === 'string' && d.length > 0 && d.length <= 100)
    )
      return bad;
    return { value: { devices: [...new Set(devices as string[])] } };
  }
  if (
    !isObj(filter) ||
    Object.keys(filter).length > MAX_FILTER_KEYS ||
    !Object.values(filter).every((v) => ['string', 'number', 'boolean'].includes(typeof v) && String(v).length <= 200)
  )
    return bad;
  return { value: { filter } };
}

const minutes = (max: number): FieldDef => ({ type: 'number', min: 1, max });

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, notNull: true },
  { filter: 'eq', createOnly: true },
);

// Staged commands to many robots (docs/campaigns.md): one command of the catalogue, queued through the command
// ledger no faster than its rate, phase by phase, inside a window of each store's local hours, and aborted by
// itself when too many of its robots fail — or acknowledge and then go offline or raise an error alarm.
// Brand-owned: its target is resolved within its brand (and its store, for a store's own campaign).
export default defineResource({
  name: 'campaign',
  table: 'campaign',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 2, max: 60, search: true, list: true, sort: true },
    command: {
      type: 'choice',
      choices: COMMAND_NAMES,
      required: true,
      filter: 'eq',
      list: true,
      sort: true,
    },
    // checked against the command's declared parameters by the server (the catalogue's own check)
    params: { type: 'json', render: 'commandParams', input: 'campaignParams', shapes: COMMANDS },
    target: { type: 'json', required: true, check: checkTarget, input: 'campaignTarget', render: 'campaignTarget' },
    rate_per_minute: { type: 'number', required: true, min: 1, max: MAX_RATE_PER_MINUTE, list: true },
    phases: { type: 'json', check: checkPhases, input: 'campaignPhases', render: 'campaignPhases' },
    phase_wait_minutes: { type: 'number', min: 0, max: MAX_PHASE_WAIT_MINUTES, default: 0 },
    window: {
      type: 'json',
      fields: {
        // both or neither (the server's hook): a form's two empty times are no window at all
        from: { type: 'text', pattern: HHMM_PATTERN, patternMessage: 'vf.campaign.error.window' },
        to: { type: 'text', pattern: HHMM_PATTERN, patternMessage: 'vf.campaign.error.window' },
      },
    },
    abort: {
      type: 'json',
      required: true,
      fields: {
        failed_percent: { type: 'number', required: true, min: 1, max: 100 },
        min_outcomes: { type: 'number', required: true, min: 1, max: MAX_CAMPAIGN_DEVICES },
        offline_minutes: minutes(MAX_WATCH_MINUTES),
        alarm_minutes: minutes(MAX_WATCH_MINUTES),
      },
    },
    state: {
      type: 'choice',
      choices: CAMPAIGN_STATES,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
    },
    // the phase under way, counted from 0 (phases[phase] percent of the target by its end)
    phase: { type: 'number', readOnly: true, notNull: true, list: true },
    abort_reason: { type: 'text', readOnly: true, max: 300 },
    created_by: { type: 'text', readOnly: true, notNull: true },
    start_time: { type: 'datetime', readOnly: true, list: true, sort: true },
    end_time: { type: 'datetime', readOnly: true, sort: true },
    integrator,
    dealer,
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
  },
  columns: {
    // when the current phase's last outcome came in (its wait counts from there)
    phase_done_time: { type: 'datetime' },
  },
  permissions: {
    list: 'campaign_list',
    read: 'campaign_list',
    add: 'campaign_edit',
    edit: 'campaign_edit',
    delete: 'campaign_edit',
  },
  permissionGroup: 'device',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // brands and provider staff run campaigns; a store's administrator only when a role grants it
  grant: ['PROVIDER', 'INTEGRATOR'],
  cells: [{ cell: 'campaign.funnel', after: 'name', only: 'show' }],
  // its robots' commands and their outcomes (the failed ones with their results), on its page
  related: [{ resource: 'command', field: 'campaign', poll: 5 }],
  lockedWhen: { field: 'state', values: ['running', 'paused', 'completed', 'aborted', 'cancelled'] },
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    open: 'show',
    emphasize: { field: 'state', values: ['running', 'aborted'] },
  },
  actions: {
    start: { permission: 'campaign_run', confirm: true, from: { field: 'state', values: ['draft'] } },
    pause: { permission: 'campaign_run', from: { field: 'state', values: ['running'] } },
    resume: { permission: 'campaign_run', from: { field: 'state', values: ['paused'] } },
    cancel: {
      permission: 'campaign_run',
      confirm: true,
      destructive: true,
      from: { field: 'state', values: ['draft', 'running', 'paused'] },
    },
  },
  menu: { section: 'fleet', order: 33, icon: 'RocketLaunch' },
});
