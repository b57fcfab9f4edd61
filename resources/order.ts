import { defineResource, permissionOf, tenantFields } from './types';
import { ROBOT_TYPES } from './device';
import { ORDER_STATUSES, ORDER_TRANSITIONS, PAY_STATUSES, REFUND_STATUSES, WORK_STATUSES } from './orderStates';

// the states and their transitions are declared in resources/orderStates.ts
export { ORDER_STATUSES, PAY_STATUSES, REFUND_STATUSES, WORK_STATUSES };
export const ORDER_CHANNELS = ['APP', 'MINIPROGRAM'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
);

// Orders come from the robots (device API); the console lists them, changes the pay status by hand
// (with a reason, logged) and requests a refund. The table is `orders`: `order` is a reserved word.
export default defineResource({
  name: 'order',
  table: 'orders',
  title: '_id',
  fields: {
    create_time: { type: 'datetime', readOnly: true, filter: 'range', list: true, sort: true, notNull: true },
    channel: {
      type: 'choice',
      choices: ORDER_CHANNELS,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    status: {
      type: 'choice',
      choices: ORDER_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    pay_status: {
      type: 'choice',
      choices: PAY_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    pay_time: { type: 'datetime', readOnly: true, sort: true },
    pay_type: { type: 'text', readOnly: true },
    work_status: {
      type: 'choice',
      choices: WORK_STATUSES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    amount: { type: 'money', readOnly: true, list: true, sort: true, notNull: true },
    quantity: { type: 'number', readOnly: true, notNull: true },
    pickup_code: { type: 'text', readOnly: true, filter: 'eq', search: true, list: true, sort: true },
    pickup_point: { type: 'text', readOnly: true },
    integrator,
    dealer,
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq' },
    device_type: { type: 'choice', choices: ROBOT_TYPES, readOnly: true, filter: 'eq' },
    device_name: { type: 'text', readOnly: true, list: true, sort: true },
    products: { type: 'json', readOnly: true, notNull: true },
    flow: { type: 'json', readOnly: true, notNull: true },
    end_type: { type: 'text', readOnly: true },
    end_msg: { type: 'text', readOnly: true },
    pay: { type: 'json', readOnly: true },
    pay_history: { type: 'json', readOnly: true, notNull: true },
    close_time: { type: 'datetime', readOnly: true },
    close_reason: { type: 'text', readOnly: true },
    forward: { type: 'boolean', readOnly: true, filter: 'eq', notNull: true },
    forward_from: { type: 'text', readOnly: true },
    refund_status: { type: 'choice', choices: REFUND_STATUSES, readOnly: true, filter: 'eq', list: true, sort: true },
    refund_amount: { type: 'money', readOnly: true, notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
  },
  permissions: { list: 'order_list', read: 'order_list' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // on a phone: how much, when, from which robot and store, and whether it was paid and made
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    card: {
      primary: ['amount', 'device_name'],
      secondary: ['create_time', 'pickup_code'],
      tertiary: 'dealer',
      status: ['pay_status', 'status'],
    },
  },
  actions: {
    // request a refund; `approve` also approves it at once (needs refund_approve too)
    refund: {
      permission: permissionOf(ORDER_TRANSITIONS.refund),
      guards: ORDER_TRANSITIONS.refund.from,
      body: {
        amount: { type: 'money', required: true, min: 1 },
        reason: { type: 'text', required: true, min: 1, max: 200, multiline: true },
        approve: { type: 'boolean' },
      },
    },
    pay_status: {
      permission: permissionOf(ORDER_TRANSITIONS.pay_status),
      guards: ORDER_TRANSITIONS.pay_status.from,
      body: {
        pay_status: { type: 'choice', choices: PAY_STATUSES, required: true },
        reason: { type: 'text', required: true, min: 1, max: 200, multiline: true },
      },
    },
  },
  menu: { section: 'sales', order: 10, icon: 'Receipt' },
});
