import { defineResource, tenantFields } from './types';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from './webhook';

export const DELIVERY_STATUSES = ['success', 'failed'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, hidden: true },
);

// One attempt to deliver one event to one endpoint, written by the delivery worker (server/features/webhooks/): read-only.
export default defineResource({
  name: 'webhook_delivery',
  table: 'webhook_delivery',
  title: 'event',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    webhook: { type: 'reference', reference: 'webhook', readOnly: true, filter: 'eq', list: true, notNull: true },
    event: {
      type: 'choice',
      choices: [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT],
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    event_id: { type: 'text', readOnly: true, filter: 'eq', notNull: true },
    attempt: { type: 'number', readOnly: true, list: true, notNull: true },
    status: {
      type: 'choice',
      choices: DELIVERY_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
      render: 'level',
    },
    http_status: { type: 'number', readOnly: true, list: true },
    duration_ms: { type: 'number', readOnly: true, list: true, notNull: true },
    error: { type: 'text', readOnly: true, list: true, render: 'clamp' },
    integrator,
    // as its endpoint's: always null
    dealer,
  },
  permissions: { list: 'webhook_list', read: 'webhook_list' },
  permissionGroup: 'integrator',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  menu: { section: 'system', order: 41, icon: 'History' },
});
