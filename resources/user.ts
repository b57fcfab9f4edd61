import { defineResource, tenantFields } from './types';
import { ACCOUNT_STATUS, ACCOUNT_TYPES } from './accounts';

const { integrator, dealer } = tenantFields(
  { filter: 'eq', list: true, sort: true, when: { field: 'account_type', values: ['INTEGRATOR'] } },
  { filter: 'eq', list: true, sort: true, when: { field: 'account_type', values: ['DEALER'] } },
);

// Accounts. The calls keep the old console's paths (/user/profile/{id}, /user/freeze, …; docs/api.md).
export default defineResource({
  name: 'user',
  table: 'account',
  title: 'nickname',
  idField: {
    type: 'text',
    required: true,
    min: 3,
    max: 64,
    pattern: '^[A-Za-z0-9._@-]+$',
    patternMessage: 'vf.validation.login_name',
  },
  fields: {
    nickname: { type: 'text', max: 30, search: true, list: true, sort: true },
    email: { type: 'email', max: 100, search: true, list: true, sort: true },
    password: { type: 'password', required: true },
    account_type: {
      type: 'choice',
      choices: ACCOUNT_TYPES,
      required: true,
      filter: 'eq',
      list: true,
      sort: true,
      createOnly: true,
    },
    roles: { type: 'references', reference: 'role', filter: 'eq', list: true, notNull: true, bulkEdit: true },
    integrator,
    dealer,
    status: {
      type: 'choice',
      choices: ACCOUNT_STATUS,
      readOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
      notNull: true,
    },
    avatar: { type: 'image' },
    create_timestamp: { type: 'datetime', readOnly: true, list: true, sort: true, filter: 'range', notNull: true },
    last_login: { type: 'datetime', readOnly: true, list: true, sort: true },
  },
  columns: {
    update_time: { type: 'datetime', notNull: true },
    // bumped to end every session of the account at once (server/auth/session.ts)
    session_epoch: { type: 'number', notNull: true, default: 0 },
  },
  permissionGroup: 'account',
  permissions: { list: 'user_list', read: 'user_list', add: 'user_add', edit: 'user_edit', delete: 'user_edit' },
  tenant: { integrator: 'integrator', dealer: 'dealer' },
  remove: { field: 'status', value: 'deleted' },
  // no passwords in files: an account a file adds gets a first password, answered once (docs/import.md)
  import: { key: ['_id'] },
  list: { sort: { field: 'create_timestamp', order: 'DESC' }, hide: { field: 'status', value: 'deleted' } },
  paths: { read: '/user/profile/:id', edit: '/user/profile/:id', delete: '/user/delete' },
  actions: {
    freeze: {
      bulk: true,
      permission: 'user_edit',
      confirm: true,
      from: { field: 'status', values: ['normal'] },
      set: { status: 'frozen' },
    },
    unfreeze: {
      bulk: true,
      permission: 'user_edit',
      confirm: true,
      from: { field: 'status', values: ['frozen'] },
      set: { status: 'normal' },
    },
    set_roles: { permission: 'user_edit', body: { roles: { type: 'references', reference: 'role', required: true } } },
    set_password: { permission: 'user_edit', body: { password: { type: 'password', required: true } } },
    // a sign-in held after too many wrong guesses is heard again at once (docs/security.md, "Holds per account");
    // provider staff decide it, not a brand for its own stores (whose administrator's password may be the one guessed)
    lift_hold: { permission: 'user_edit', confirm: true, staffOnly: true },
  },
  menu: { section: 'system', order: 10, icon: 'People' },
});
