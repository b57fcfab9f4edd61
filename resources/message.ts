import { defineResource, tenantFields } from './types';

export const MESSAGE_LEVELS = ['info', 'success', 'warning', 'error'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq' },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Device notifications and alarms. `title` and `content` are added on the way out, in the viewer's language.
export default defineResource({
  name: 'message',
  table: 'message',
  title: 'code',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    level: {
      type: 'choice',
      choices: MESSAGE_LEVELS,
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      list: true,
      sort: true,
      notNull: true,
      render: 'level',
    },
    code: { type: 'number', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq', list: true, sort: true },
    dealer,
    integrator,
    detail: { type: 'json', readOnly: true },
    read: { type: 'boolean', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
  },
  columns: {
    // kept by the robots' calls; the viewer reads the code's texts instead
    category: { type: 'text', notNull: true, default: '', render: 'word' },
  },
  permissions: { list: 'message_list', read: 'message_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // unread messages stand out; "mark all as read" clears the badge; a row is read where it stands
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    open: 'none',
    emphasize: { field: 'read', values: [false] },
    toolbar: ['message.readAll'],
  },
  cells: [
    { cell: 'notice.title', after: 'code' },
    { cell: 'notice.content', after: 'code' },
  ],
  actions: {
    mark_read: {
      bulk: true,
      permission: 'message_list',
      from: { field: 'read', values: [false] },
      set: { read: true },
    },
  },
  menu: { section: 'message', order: 10, icon: 'NotificationsActive' },
});
