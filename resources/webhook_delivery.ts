import { defineResource } from './types';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from './webhook';

export const DELIVERY_STATUSES = ['success', 'failed'] as const;

// One attempt to deliver one event to one endpoint, written by the delivery worker (server/webhooks/): read-only.
export default defineResource({
  name: 'webhook_delivery',
  table: 'webhook_delivery',
  title: 'event',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true },
    webhook: { type: 'reference', reference: 'webhook', readOnly: true, filter: 'eq', list: true },
    event: { type: 'choice', choices: [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT], readOnly: true, filter: 'eq', list: true, sort: true },
    event_id: { type: 'text', readOnly: true, filter: 'eq' },
    attempt: { type: 'number', readOnly: true, list: true },
    status: { type: 'choice', choices: DELIVERY_STATUSES, readOnly: true, filter: 'eq', list: true, sort: true },
    http_status: { type: 'number', readOnly: true, list: true },
    duration_ms: { type: 'number', readOnly: true, list: true },
    error: { type: 'text', readOnly: true, list: true },
    integrator: { type: 'reference', reference: 'integrator', readOnly: true, filter: 'eq' },
  },
  permissions: { list: 'webhook_list', read: 'webhook_list' },
  permissionGroup: 'integrator',
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  menu: { section: 'system', order: 41, icon: 'History' },
});
