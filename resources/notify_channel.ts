import { defineResource, tenantFields } from './types';
import { LANGS } from './accounts';

/** Where a notification goes (docs/notifications.md): e-mail by SMTP, a chat platform's group bot, or a signed webhook. */
export const NOTIFY_KINDS = ['email', 'wecom', 'dingtalk', 'feishu', 'slack', 'webhook'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
/** Why the delivery worker paused a channel: failed attempts in a row (server/features/notify/deliver.ts). */
export const NOTIFY_PAUSES = ['failures'] as const;
/** At most this many e-mail addresses in one channel's target. */
export const MAX_EMAIL_TARGETS = 20;

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, notNull: true },
  { readOnly: true, hidden: true },
);

// A brand's channel for its alarms' notifications (server/features/notify/). Tenant-scoped like a webhook: a brand's
// own (no store). Its `secret` (DingTalk's and Feishu's signing key, a webhook's HMAC key) is written, never read.
// The target is checked by the server: a list of e-mail addresses, or a bot URL under the webhooks' address rules.
export default defineResource({
  name: 'notify_channel',
  table: 'notify_channel',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 2, max: 60, search: true, list: true, sort: true },
    kind: { type: 'choice', choices: NOTIFY_KINDS, required: true, filter: 'eq', list: true, sort: true },
    target: { type: 'text', required: true, min: 3, max: 2000, search: true, list: true },
    secret: {
      type: 'text',
      max: 200,
      secret: true,
      when: { field: 'kind', values: ['dingtalk', 'feishu', 'webhook'] },
    },
    language: { type: 'choice', choices: LANGS, required: true, default: 'en', list: true },
    tz: { type: 'text', required: true, min: 1, max: 64, default: 'Asia/Shanghai', list: true },
    enabled: { type: 'boolean', default: true, filter: 'eq', list: true, sort: true },
    integrator,
    // a brand's channel has no store: always null, so a store account's scope (by store) finds none
    dealer,
    // set by the delivery worker when the channel keeps failing (NOTIFY_PAUSE_AFTER attempts in a row)
    paused: { type: 'choice', choices: NOTIFY_PAUSES, readOnly: true, filter: 'eq', list: true },
    paused_time: { type: 'datetime', readOnly: true },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
  },
  columns: {
    // failed attempts in a row (a success starts again from 0)
    failures: { type: 'number', notNull: true, default: 0 },
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
  // "Notify me": a personal e-mail channel for the signed-in account in one click
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show', toolbar: ['notify_channel.notifyMe'] },
  actions: {
    send_test: { permission: 'notify_edit' },
    resume: {
      permission: 'notify_edit',
      from: { field: 'paused', values: [...NOTIFY_PAUSES] },
      set: { enabled: true, paused: null, paused_time: null, failures: 0 },
    },
  },
  related: [{ resource: 'notification', field: 'channel', poll: 2 }],
  menu: { section: 'fleet', order: 70, icon: 'Campaign' },
});
