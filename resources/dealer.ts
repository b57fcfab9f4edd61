import { defineResource } from './types';

/** An IANA time zone's name ("Asia/Shanghai", "UTC"); that the zone exists is checked by the server. */
export const TZ_PATTERN = '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$';

export const DEALER_STATUS = ['normal', 'closed', 'deleted'] as const;

// Stores (dealers). Closing and reopening ask for confirmation; a removed store is kept as `deleted`.
export default defineResource({
  name: 'dealer',
  table: 'dealer',
  title: 'name',
  fields: {
    name: { type: 'text', required: true, min: 4, max: 30, search: true, list: true, sort: true },
    description: {
      type: 'text',
      required: true,
      min: 4,
      max: 100,
      multiline: true,
      search: true,
      list: true,
      sort: true,
    },
    integrator: { type: 'reference', reference: 'integrator', required: true, filter: 'eq', list: true, sort: true },
    logo: { type: 'image', max: 300 },
    location: { type: 'text', max: 100, search: true, list: true, sort: true },
    // where the store is (WGS-84 degrees) for the visit plan's route, and its time zone for local days and hours
    // (empty: the server's); docs/replenishment.md
    lat: { type: 'decimal', min: -90, max: 90 },
    lng: { type: 'decimal', min: -180, max: 180 },
    tz: { type: 'text', max: 64, pattern: TZ_PATTERN, patternMessage: 'vf.forecast.error.tz' },
    notify_enabled: { type: 'boolean', default: true, list: true, sort: true },
    pay_enabled: { type: 'boolean', default: true, list: true, sort: true },
    status: {
      type: 'choice',
      choices: DEALER_STATUS,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, filter: 'range', notNull: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
    // when its robots' menu last changed (a price, a listing, a group): set by the database, so every robot that
    // reported an older menu shows out of date without a write per robot (server/features/fleet/menuSync.ts)
    menu_changed: { type: 'datetime', notNull: true },
  },
  permissions: {
    list: 'dealer_list',
    read: 'dealer_read',
    add: 'dealer_add',
    edit: 'dealer_edit',
    delete: 'dealer_edit',
  },
  tenant: { integrator: 'integrator', dealer: '_id' },
  remove: { field: 'status', value: 'deleted' },
  import: { key: ['integrator', 'name'] },
  list: { sort: { field: 'create_time', order: 'DESC' }, hide: { field: 'status', value: 'deleted' } },
  actions: {
    close: {
      bulk: true,
      permission: 'dealer_edit',
      confirm: true,
      from: { field: 'status', values: ['normal'] },
      set: { status: 'closed' },
    },
    reopen: {
      bulk: true,
      permission: 'dealer_edit',
      confirm: true,
      from: { field: 'status', values: ['closed'] },
      set: { status: 'normal' },
    },
  },
  // the store's robots on its page (through the robots' own list: a store account sees only its own)
  related: [{ resource: 'device', field: 'dealer' }],
  menu: { section: 'fleet', order: 20, icon: 'Store' },
});
