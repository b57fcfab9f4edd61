import { defineResource } from './types';

export const MESSAGE_LEVELS = ['info', 'success', 'warning', 'error'] as const;

// Device notifications and alarms. `title` and `content` are added on the way out, in the viewer's language.
export default defineResource({
  name: 'message',
  table: 'message',
  title: 'code',
  fields: {
    level: { type: 'choice', choices: MESSAGE_LEVELS, readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    code: { type: 'number', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq', list: true, sort: true },
    dealer: { type: 'reference', reference: 'dealer', readOnly: true, filter: 'eq', list: true, sort: true },
    integrator: { type: 'reference', reference: 'integrator', readOnly: true, filter: 'eq' },
    detail: { type: 'json', readOnly: true },
    read: { type: 'boolean', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
  },
  columns: {
    // kept by the robots' calls; the viewer reads the code's texts instead
    category: { type: 'text', notNull: true, default: '' },
  },
  permissions: { list: 'message_list', read: 'message_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' } },
  actions: { mark_read: { permission: 'message_list', from: { field: 'read', values: [false] }, set: { read: true } } },
  menu: { section: 'message', order: 10, icon: 'NotificationsActive' },
});
