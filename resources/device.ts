import { defineResource, tenantFields } from './types';

export const ROBOT_TYPES = ['icecream', 'coffee', 'coffee_icecream', 'noodle', 'milktea', 'fastfood'] as const;
export const DEVICE_STATES = ['idle', 'busy', 'failure', 'lack', 'pause', 'unknown'] as const;

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, notNull: true },
  { filter: 'eq', list: true, sort: true },
);

// Robots. Creating one, or rotating its key, answers the device key once (data.device_key).
// `online`, `state`, `work_status` and `last_heartbeat` are moved by the robots' own calls (device gateway).
export default defineResource({
  name: 'device',
  table: 'device',
  title: 'name',
  fields: {
    device_id: {
      type: 'text',
      required: true,
      min: 8,
      max: 18,
      pattern: '^[A-Za-z0-9_-]+$',
      unique: true,
      createOnly: true,
      search: true,
      list: true,
      sort: true,
    },
    name: { type: 'text', required: true, min: 2, max: 15, search: true, list: true, sort: true },
    sn: { type: 'text', required: true, min: 1, max: 40, search: true, list: true, sort: true },
    type: { type: 'choice', choices: ROBOT_TYPES, required: true, filter: 'eq', list: true, sort: true },
    category: { type: 'text', required: true, min: 1, max: 30, list: true, sort: true, bulkEdit: true },
    integrator,
    dealer,
    online: { type: 'boolean', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true },
    state: {
      type: 'choice',
      choices: DEVICE_STATES,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    work_status: { type: 'text', readOnly: true, render: 'word' },
    last_heartbeat: { type: 'datetime', readOnly: true, list: true, sort: true },
    key_issued_at: { type: 'datetime', readOnly: true, notNull: true },
    // only the hash of the robot's key is kept; declared so the service keeps it out of every answer by rule
    key_hash: { type: 'text', readOnly: true, hideInForm: true, secret: true, notNull: true },
    create_time: { type: 'datetime', readOnly: true, filter: 'range', notNull: true },
    // out of service (food safety): from the robot's acknowledged `lock` until its acknowledged `unlock` its sales
    // are refused (server/features/commands/); who locked it and why, shown with it
    locked: { type: 'boolean', readOnly: true, filter: 'eq', list: true, sort: true, notNull: true, render: 'locked' },
    lock_reason: { type: 'text', readOnly: true },
    locked_by: { type: 'text', readOnly: true },
    lock_time: { type: 'datetime', readOnly: true },
    // the menu version the robot runs (its heartbeat's `menu_version`, or sync_menu's acknowledgement)
    menu_version: { type: 'text', readOnly: true, max: 64 },
    // it runs another menu than its store's current one (never counted before it reports a version)
    // the firmware version the robot runs (its heartbeat's `firmware_version`, or update_firmware's acknowledgement)
    firmware_version: { type: 'text', readOnly: true, max: 64, filter: 'eq', list: true, sort: true },
    menu_outdated: { type: 'boolean', derived: true, readOnly: true, filter: 'eq', list: true, render: 'menuOutdated' },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
    // the menu version GET menu last answered this robot, and when
    menu_served: { type: 'text', max: 64 },
    menu_served_at: { type: 'datetime' },
  },
  permissions: { list: 'device_list', read: 'device_read', add: 'device_add', edit: 'device_edit' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  // its newest commands, alarms and messages, each a card on the robot's page (src/overrides/device.tsx places them)
  related: [
    { resource: 'command', field: 'device', rows: 10 },
    { resource: 'alarm', field: 'device', rows: 50 },
    { resource: 'message', field: 'device', rows: 8 },
  ],
  // A robot's info page (state, heartbeat, notifications, key) is where operators go first.
  // on a phone: the robot, whether it is up and what it is doing, where it stands and when it last beat; the selected
  // robots can be sent a command (src/commands/SendCommand.tsx)
  list: {
    sort: { field: 'create_time', order: 'DESC' },
    open: 'show',
    card: {
      primary: 'name',
      secondary: ['dealer', 'type'],
      tertiary: ['last_heartbeat', 'device_id'],
      status: ['online', 'state'],
    },
    bulk: ['command.send'],
    // the campaign form, with this list's filter as its target (docs/campaigns.md)
    toolbar: ['campaign.start'],
  },
  actions: {
    unbind: {
      bulk: true,
      permission: 'device_edit',
      confirm: true,
      except: { field: 'dealer', values: [null] },
      set: { dealer: null },
    },
    rotate_key: { permission: 'device_edit', confirm: true, reveals: 'device_key' },
  },
  reveal: 'device_key',
  // spreadsheets in: a robot by its device id; a new robot's key is in the answer once (docs/import.md)
  import: { key: ['device_id'] },
  menu: { section: 'fleet', order: 30, icon: 'PrecisionManufacturing' },
});
