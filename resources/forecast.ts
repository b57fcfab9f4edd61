import { defineResource, tenantFields } from './types';

export const FORECAST_KINDS = ['product', 'consumable'] as const;

const { integrator, dealer } = tenantFields(
  { readOnly: true, filter: 'eq', notNull: true },
  { readOnly: true, filter: 'eq', list: true, sort: true },
);

// Forecasts (docs/replenishment.md): per product of a store (attributed to the robot that sells most of it) and per
// consumable a robot measures (milk, beans, cups), the expected use per day for the next 7 days and when it runs
// empty, with an 80 % interval. Rows are written by the forecast refresh (server/features/forecast/refresh.ts) as
// sales and beats arrive, never on read: a list of them costs what any list costs. Soonest empty first; rows that
// never empty (unlimited stock, no use) last. Read with the stock permission, as the restock list is.
export default defineResource({
  name: 'forecast',
  table: 'forecast',
  title: '_id',
  fields: {
    // plain references (no foreign keys): a forecast is rewritten by the refresh, never in a robot's or product's way
    device: { type: 'reference', reference: 'device', readOnly: true, filter: 'eq', list: true, foreignKey: false },
    dealer,
    kind: { type: 'choice', choices: FORECAST_KINDS, readOnly: true, filter: 'eq', list: true, notNull: true },
    product: { type: 'reference', reference: 'product', readOnly: true, filter: 'eq', list: true, foreignKey: false },
    // the telemetry metric of a consumable (milk_level, bean_level, cups_left)
    metric: { type: 'text', readOnly: true, list: true, render: 'metric' },
    name: { type: 'text', readOnly: true, search: true },
    // units left (a product; -1 unlimited) or the level last reported (a consumable)
    stock: { type: 'number', readOnly: true, list: true, sort: true, notNull: true },
    // expected use per day over the next 7 days, today first
    per_day: { type: 'json', readOnly: true, notNull: true, render: 'perDay', list: true },
    empty_at: { type: 'datetime', readOnly: true, list: true, sort: true, filter: 'range', render: 'emptyIn' },
    days_left: { type: 'decimal', readOnly: true, list: true, sort: true },
    low: { type: 'datetime', readOnly: true },
    high: { type: 'datetime', readOnly: true },
    integrator,
    // the list's `empty_before` filter: rows that run empty before the time given (server/features/forecast/hooks.ts)
    empty_before: { type: 'datetime', derived: true, readOnly: true, filter: 'eq', hidden: true },
    update_time: { type: 'datetime', readOnly: true, notNull: true },
  },
  permissions: { list: 'product_stock', read: 'product_stock' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  list: {
    sort: { field: 'empty_at', order: 'ASC' },
    open: 'none',
    card: { primary: ['product', 'metric'], secondary: ['empty_at', 'days_left'], tertiary: ['dealer', 'device'] },
  },
  menu: { section: 'fleet', order: 45, icon: 'Insights' },
});
