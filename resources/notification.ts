import { defineResource, tenantFields } from './types';
import { POLICY_EVENTS } from './notify_policy';

/** queued: due (or being sent); sent; failed (every attempt failed, or its channel paused); held: a warning in quiet
 * hours, sent in the digest when they end; merged: sent inside a digest (a burst, or quiet hours). */
export const NOTIFICATION_STATES = ['queued', 'sent', 'failed', 'held', 'merged'] as const;
/** What a message is: one alarm's tier, a policy event (which one: `event`), a digest of several, or a channel's test. */
export const NOTIFICATION_KINDS = ['alarm', 'event', 'digest', 'test'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, hidden: true },
);

// The delivery log (docs/notifications.md): one row per alarm, policy, tier and channel (unique: two processes
// planning the same alarm write it once), plus one per digest and test. Written by server/features/notify/ only;
// the message itself (subject, text, html) is kept, so the console shows what was sent — the outbox of e-mails
// while no SMTP_URL is set.
export default defineResource({
  name: 'notification',
  table: 'notification',
  title: 'subject',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    state: {
      type: 'choice',
      choices: NOTIFICATION_STATES,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
    },
    subject: { type: 'text', readOnly: true, search: true, list: true },
    text: { type: 'text', readOnly: true, multiline: true, render: 'notifyMessage' },
    alarm: { type: 'reference', reference: 'alarm', readOnly: true, filter: 'eq', list: true, foreignKey: false },
    policy: { type: 'reference', reference: 'notify_policy', readOnly: true, filter: 'eq', foreignKey: false },
    channel: {
      type: 'reference',
      reference: 'notify_channel',
      readOnly: true,
      filter: 'eq',
      list: true,
      notNull: true,
      foreignKey: false,
    },
    tier: { type: 'number', readOnly: true, list: true },
    // a policy event's row: which event, and the record it is about (a campaign's or webhook's _id, an account's, a
    // store's day `<store>/<YYYY-MM-DD>`): unique with policy and channel, so two processes plan it once
    event: { type: 'choice', choices: POLICY_EVENTS, readOnly: true, filter: 'eq', list: true },
    record: { type: 'text', readOnly: true, max: 80 },
    kind: { type: 'choice', choices: NOTIFICATION_KINDS, readOnly: true, filter: 'eq', list: true, notNull: true },
    attempts: { type: 'number', readOnly: true, list: true, default: 0 },
    due_time: { type: 'datetime', readOnly: true, sort: true, notNull: true },
    sent_time: { type: 'datetime', readOnly: true, list: true, sort: true },
    // true: an e-mail kept in the outbox (no SMTP_URL), not sent anywhere
    outbox: { type: 'boolean', readOnly: true, filter: 'eq' },
    error: { type: 'text', readOnly: true, list: true, render: 'clamp' },
    // the digest this row went out in
    digest: { type: 'reference', reference: 'notification', readOnly: true, filter: 'eq', foreignKey: false },
    html: { type: 'text', readOnly: true, hidden: true },
    integrator,
    dealer,
  },
  columns: {
    // when the scheduler handed it to the delivery queue (or merged it into a digest): null while it waits; also
    // what a channel's burst window counts (server/features/notify/schedule.ts)
    enqueued_time: { type: 'datetime' },
  },
  permissions: { list: 'notify_list', read: 'notify_list' },
  permissionGroup: 'integrator',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  menu: { section: 'fleet', order: 72, icon: 'MarkEmailRead' },
});
