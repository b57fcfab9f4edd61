import { defineResource, tenantFields } from './types';
import { ROBOT_TYPES } from './device';
import { MAX_STOCK } from './product';
import { MAX_RESTOCK_LINES } from './limits';

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq' },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Replenishment: the products of limited stock at or under warn_stock, or reported low or sold out by a robot
// (stock codes 200000-200009), read from the view restock_line (migrations 030, 055). Soonest empty first by the
// forecast (docs/replenishment.md); lines without one yet after them, sold out first, then the lowest stock ratio.
// Listing and the bulk restock (the selection action `apply`: `POST /api/restock/apply`, applied by
// server/features/catalog/restock.ts) need the stock permission, as the product's own stock and restock actions do;
// the rows are the product's, so the tenant scope is the product's.
export default defineResource({
  name: 'restock',
  table: 'restock_line',
  view: true,
  title: 'name',
  fields: {
    sold_out: { type: 'boolean', readOnly: true, filter: 'eq', list: true, sort: true, render: 'soldOut' },
    name: { type: 'text', readOnly: true, search: true, list: true, sort: true },
    code: { type: 'text', readOnly: true, search: true, list: true, sort: true },
    dealer,
    devices: { type: 'references', reference: 'device', readOnly: true, filter: 'eq', list: true },
    stock: { type: 'number', readOnly: true, list: true, sort: true },
    warn_stock: { type: 'number', readOnly: true, list: true },
    // the lowest stock level a robot reports for it (the last digit of its stock code), when one does
    reported: { type: 'number', readOnly: true, list: true },
    type: { type: 'choice', choices: ROBOT_TYPES, readOnly: true, filter: 'eq' },
    integrator,
    // stock over warn_stock: a ratio, sold out first
    urgency: { type: 'number', fraction: true, readOnly: true, sort: true },
    // when the forecast has it run empty ("empty in 9 h"), and the list's order by it (migration 055)
    empty_at: { type: 'datetime', readOnly: true, list: true, sort: true, render: 'emptyIn' },
    empty_order: { type: 'decimal', readOnly: true, sort: true, hidden: true },
  },
  permissions: { list: 'product_stock', read: 'product_stock' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // a stock file: each row restocks the product its store and code find (docs/import.md)
  import: { key: ['dealer', 'code'], action: { resource: 'product', name: 'restock' } },
  list: {
    sort: { field: 'empty_order', order: 'ASC' },
    open: 'none',
    card: {
      primary: 'name',
      secondary: ['stock', 'warn_stock', 'reported'],
      tertiary: ['dealer', 'devices'],
      status: 'sold_out',
    },
  },
  actions: {
    // selected lines restocked together: add a quantity, or fill up to a level (never lowering it)
    apply: {
      permission: 'product_stock',
      lines: {
        fields: {
          quantity: { type: 'number', min: 1, max: MAX_STOCK },
          fill_to: { type: 'number', min: 0, max: MAX_STOCK },
        },
        oneOf: true,
        max: MAX_RESTOCK_LINES,
        show: ['stock'],
        message: 'vf.restock.error.amount',
      },
    },
  },
  menu: { section: 'fleet', order: 40, icon: 'LocalShipping' },
});
