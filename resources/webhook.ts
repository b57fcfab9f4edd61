import { defineResource, tenantFields } from './types';

/** What a brand may subscribe an endpoint to (docs/api.md, Webhooks). Plain words, no dots: they are
 * also message keys (choices.events.<event>). */
export const WEBHOOK_EVENTS = [
  'order_created',
  'order_paid',
  'order_refunded',
  'alarm_opened',
  'alarm_cleared',
  'robot_offline',
  'command_acknowledged',
  'command_failed',
  'command_expired',
  'campaign_aborted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Why the delivery loop paused an endpoint: failed attempts in a row (server/features/webhooks/queue.ts). */
export const WEBHOOK_PAUSES = ['failures'] as const;
/** Sent only by the "send test event" action, to the one endpoint it is asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook_test';

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, notNull: true },
  { readOnly: true, hidden: true },
);

// A brand's HTTPS endpoint for its events (server/features/webhooks/). The signing secret is made by the server and
// answered once, on creation or rotation (`secret`); deliveries are signed with it and retried from a durable
// queue, each attempt logged as a webhook_delivery (listed on the endpoint's page: `related`).
export default defineResource({
  name: 'webhook',
  table: 'webhook',
  title: 'url',
  fields: {
    // the form's first check; the server then allows https only and public addresses (server/features/webhooks/address.ts)
    url: {
      type: 'text',
      required: true,
      min: 8,
      max: 2000,
      pattern: '^https?://\\S+$',
      patternMessage: 'vf.webhooks.error.url',
      search: true,
      list: true,
      sort: true,
    },
    events: { type: 'choices', choices: WEBHOOK_EVENTS, required: true, list: true },
    description: { type: 'text', max: 200, search: true, list: true },
    enabled: { type: 'boolean', default: true, filter: 'eq', list: true, sort: true },
    integrator,
    // a brand's endpoint has no store: always null, so a store account's scope (by store) finds none
    dealer,
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
    secret: { type: 'text', readOnly: true, hideInForm: true, secret: true, notNull: true },
    // set by the delivery loop when the endpoint keeps failing (WEBHOOK_PAUSE_AFTER attempts in a row): it is then
    // disabled, and its brand sees why and resumes it
    paused: { type: 'choice', choices: WEBHOOK_PAUSES, readOnly: true, filter: 'eq', list: true },
    paused_time: { type: 'datetime', readOnly: true },
  },
  columns: {
    // failed attempts in a row (a success starts again from 0)
    failures: { type: 'number', notNull: true, default: 0 },
  },
  permissions: {
    list: 'webhook_list',
    read: 'webhook_list',
    add: 'webhook_edit',
    edit: 'webhook_edit',
    delete: 'webhook_edit',
  },
  permissionGroup: 'integrator',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    open: 'show',
    card: { primary: 'url', secondary: 'events', tertiary: ['integrator', 'create_time'], status: 'enabled' },
  },
  actions: {
    send_test: { bulk: true, permission: 'webhook_edit' },
    rotate_secret: { permission: 'webhook_edit', confirm: true, destructive: true, reveals: 'secret' },
    resume: {
      bulk: true,
      permission: 'webhook_edit',
      from: { field: 'paused', values: [...WEBHOOK_PAUSES] },
      set: { enabled: true, paused: null, paused_time: null, failures: 0 },
    },
  },
  reveal: 'secret',
  // each attempt to deliver to it, newest first, asked again while the page is open: deliveries happen on the
  // server's queue after the action returns
  related: [{ resource: 'webhook_delivery', field: 'webhook', poll: 2 }],
  menu: { section: 'system', order: 40, icon: 'Webhook' },
});
