import { defineResource, type FieldDef, tenantFields } from './types';

/** A command's life (docs/commands.md): queued → sent → acknowledged | failed, or expired, or cancelled while queued. */
export const COMMAND_STATES = ['queued', 'sent', 'acknowledged', 'failed', 'expired', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States a command is still on its way in: the robot may yet be handed it (again). */
export const OPEN_COMMAND_STATES: readonly CommandState[] = ['queued', 'sent'];

export const BUSINESS_STATES = ['open', 'closed', 'pause'] as const;

/**
 * The catalogue: every command a robot obeys, with its parameters declared once. The server validates `params`
 * by these fields (resources/validate.ts), the send dialog's form is generated from them, and their words are
 * `vf.vocab.sub.command.params.*` (i18n/features/commands.ts).
 */
export const COMMANDS = {
  reboot: {},
  lock: { reason: { type: 'text', required: true, min: 1, max: 100 } },
  unlock: {},
  clean: {},
  sync_menu: {},
  set_business_state: { state: { type: 'choice', choices: BUSINESS_STATES, required: true } },
  // the robot is handed { firmware, version, url, sha256, size } (docs/campaigns.md), installs it, reboots and
  // acknowledges with result.firmware_version
  update_firmware: { firmware: { type: 'reference', reference: 'firmware', required: true } },
} as const satisfies Record<string, Record<string, FieldDef>>;
export type CommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** The parameters a command declares (none for most). */
export function commandParams(name: string): Record<string, FieldDef> | undefined {
  return Object.hasOwn(COMMANDS, name) ? (COMMANDS[name as CommandName] as Record<string, FieldDef>) : undefined;
}

/** Robots one `POST /api/command/send` may name. */
export const MAX_COMMAND_DEVICES = 1000;
/** Seconds a command waits for its robot unless the sender says otherwise, and the most it may wait. */
export const DEFAULT_EXPIRES_IN = 600;
export const MAX_EXPIRES_IN = 604800;
/** One robot's outcome of `POST /api/command/send` (the bulk answer's row, named by robot). */
export interface SendResult {
  device: string;
  /** the command queued for it */
  _id?: string;
  status: 'done' | 'refused';
  /** the refusal's HTTP status (404: no such robot in the sender's scope) */
  code?: number;
  message?: string;
}
export interface SendAnswer {
  done: number;
  refused: number;
  results: SendResult[];
}

/** The longest idempotency key a send may carry. */
export const MAX_IDEMPOTENCY_KEY = 100;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', sort: true, notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Commands to robots: a ledger row per robot and command, who sent it, and what became of it. Queued by
// `POST /api/command/send` (server/features/commands/), handed over on the robot's heartbeat answer, acknowledged
// by the robot. Tenant-scoped by the robot's brand and store, copied onto the row when it is queued.
export default defineResource({
  name: 'command',
  table: 'command',
  title: 'command',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    device: {
      type: 'reference',
      reference: 'device',
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
    },
    command: {
      type: 'choice',
      choices: COMMAND_NAMES,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
    },
    params: { type: 'json', readOnly: true, notNull: true, render: 'commandParams', shapes: COMMANDS },
    state: {
      type: 'choice',
      choices: COMMAND_STATES,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
      render: 'commandState',
    },
    attempts: { type: 'number', readOnly: true, list: true, notNull: true },
    result: { type: 'json', readOnly: true, render: 'commandParams' },
    // an account's login name, or `system:<what>` for a command the service queued itself (a telemetry rule)
    created_by: { type: 'text', readOnly: true, filter: 'eq', list: true, notNull: true },
    // why the service queued it, when it did (the rule that fired)
    reason: { type: 'text', readOnly: true, max: 200 },
    sent_time: { type: 'datetime', readOnly: true, list: true, sort: true },
    done_time: { type: 'datetime', readOnly: true, list: true, sort: true },
    expires_at: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
    integrator,
    dealer,
    // the campaign that queued it (docs/campaigns.md)
    campaign: { type: 'reference', reference: 'campaign', readOnly: true, filter: 'eq' },
  },
  columns: {
    // the sender's key: the same key from the same account within a day answers the first send (never read back)
    idempotency_key: { type: 'text', max: MAX_IDEMPOTENCY_KEY },
  },
  permissionGroup: 'device',
  permissions: { list: 'command_list', read: 'command_list' },
  calls: { send: { permission: 'command_send' } },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // store administrators command their own robots; brands and provider staff theirs
  grant: ['PROVIDER', 'INTEGRATOR', 'DEALER'],
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    open: 'show',
    emphasize: { field: 'state', values: ['failed', 'expired'] },
  },
  actions: {
    cancel: { permission: 'command_cancel', confirm: true, from: { field: 'state', values: ['queued'] } },
  },
  menu: { section: 'fleet', order: 32, icon: 'SettingsRemote' },
});
