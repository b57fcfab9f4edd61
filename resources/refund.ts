import { defineResource, permissionOf, tenantFields } from './types';
import { REFUND_STATUSES, REFUND_TRANSITIONS } from './orderStates';

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
);

// Refunds: one per order, ever (a unique index on `order`). Requested from the order; approved or
// rejected by a holder of refund_approve; the money moves through the payment gateway (server/features/orders/payments/).
export default defineResource({
  name: 'refund',
  table: 'refund',
  title: '_id',
  fields: {
    request_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    order: {
      type: 'reference',
      reference: 'order',
      readOnly: true,
      unique: true,
      filter: 'eq',
      search: true,
      list: true,
      sort: true,
      notNull: true,
    },
    pickup_code: { type: 'text', readOnly: true, filter: 'eq', search: true },
    status: {
      type: 'choice',
      choices: REFUND_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    amount: { type: 'money', readOnly: true, list: true, sort: true, notNull: true },
    real_amount: { type: 'money', readOnly: true, list: true, sort: true },
    refund_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true },
    reason: { type: 'text', readOnly: true, list: true, sort: true, notNull: true },
    reject_reason: { type: 'text', readOnly: true },
    channel: { type: 'text', readOnly: true },
    channel_id: { type: 'text', readOnly: true, search: true },
    account: { type: 'text', readOnly: true },
    account_type: { type: 'text', readOnly: true },
    funds_source: { type: 'text', readOnly: true },
    source: { type: 'text', readOnly: true, notNull: true },
    requester: { type: 'text', readOnly: true },
    operator: { type: 'text', readOnly: true, list: true, sort: true },
    error: { type: 'text', readOnly: true },
    integrator,
    dealer,
  },
  permissionGroup: 'payment',
  permissions: { list: 'refund_list', read: 'refund_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // on a phone: how much for which order, when and why, and where the request stands
  list: {
    sort: { field: 'request_time', order: 'DESC' },
    card: { primary: ['amount', 'order'], secondary: ['request_time', 'dealer'], tertiary: 'reason', status: 'status' },
  },
  actions: {
    // CHANGE (the channel refused) may be tried again, or closed
    approve: {
      bulk: true,
      permission: permissionOf(REFUND_TRANSITIONS.approve),
      confirm: true,
      guards: REFUND_TRANSITIONS.approve.from,
    },
    reject: {
      permission: permissionOf(REFUND_TRANSITIONS.reject),
      guards: REFUND_TRANSITIONS.reject.from,
      body: { reason: { type: 'text', required: true, min: 1, max: 200, multiline: true } },
    },
  },
  menu: { section: 'sales', order: 20, icon: 'CurrencyExchange' },
});
