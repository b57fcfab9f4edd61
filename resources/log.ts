import { defineResource, tenantFields } from './types';

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', foreignKey: false },
  { readOnly: true, filter: 'eq', foreignKey: false },
);

// The operation log: every write of the service (server/log.ts writes it in the write's transaction).
// Append-only: the declaration offers list and read only, and a trigger refuses any UPDATE or DELETE.
export default defineResource({
  name: 'log',
  table: 'log',
  title: 'action',
  fields: {
    time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    operator: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true },
    account_type: { type: 'text', readOnly: true, list: true, sort: true, render: 'accountType' },
    action: {
      type: 'text',
      readOnly: true,
      filter: 'eq',
      search: true,
      list: true,
      sort: true,
      notNull: true,
      render: 'logAction',
    },
    // any resource's name (also of writes no declaration routes): text, offered as a choice of the declared ones
    resource: {
      type: 'text',
      readOnly: true,
      filter: 'eq',
      alwaysOn: true,
      input: 'resourceChoice',
      list: true,
      sort: true,
      notNull: true,
      render: 'resourceName',
    },
    record: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true },
    // the append-only log keeps what it names as text: no write may fail because of what it logs
    integrator,
    dealer,
    // shown together, field by field, on the entry's page (the cell `log.changes`)
    before: { type: 'json', readOnly: true, hidden: true },
    after: { type: 'json', readOnly: true, hidden: true },
    // a brand or store sees the addresses of its own accounts only, never those of provider staff
    ip: {
      type: 'text',
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      tenantReads: { field: 'account_type', values: ['INTEGRATOR', 'DEALER'] },
    },
  },
  permissionGroup: 'message',
  permissions: { list: 'log_list', read: 'log_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'time', order: 'DESC' } },
  cells: [{ cell: 'log.changes', only: 'show' }],
  menu: { section: 'message', order: 20, icon: 'History' },
});
