import { defineResource } from './types';

// The operation log: every write of the service (server/log.ts writes it in the write's transaction).
// Append-only: the declaration offers list and read only, and a trigger refuses any UPDATE or DELETE.
export default defineResource({
  name: 'log',
  table: 'log',
  title: 'action',
  fields: {
    time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    operator: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true },
    account_type: { type: 'text', readOnly: true, list: true, sort: true },
    action: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true, notNull: true },
    resource: { type: 'text', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    record: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true },
    // the append-only log keeps what it names as text: no write may fail because of what it logs
    integrator: { type: 'reference', reference: 'integrator', readOnly: true, filter: 'eq', foreignKey: false },
    dealer: { type: 'reference', reference: 'dealer', readOnly: true, filter: 'eq', foreignKey: false },
    before: { type: 'json', readOnly: true },
    after: { type: 'json', readOnly: true },
    ip: { type: 'text', readOnly: true, filter: 'eq', list: true, sort: true },
  },
  permissionGroup: 'message',
  permissions: { list: 'log_list', read: 'log_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'time', order: 'DESC' } },
  menu: { section: 'message', order: 20, icon: 'History' },
});
