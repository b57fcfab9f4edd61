import { defineResource } from './types';
import { ID_PATTERN } from './validate';

/** The permission groups an authorization belongs to (docs/rules.md, Records). */
export const PERMISSION_GROUPS = [
  'device',
  'integrator',
  'account',
  'role',
  'authorization',
  'order',
  'product',
  'dealer',
  'message',
  'payment',
  'chatterbot',
  'report',
  'voucher',
  'system',
] as const;

// Authorizations (permissions). Their calls live under /auth/authorization (docs/api.md).
export default defineResource({
  name: 'authorization',
  table: 'permission', // AUTHORIZATION is a reserved word in SQL
  title: 'display_name',
  base: '/auth/authorization',
  idField: { type: 'text', required: true, max: 40, pattern: ID_PATTERN, patternMessage: 'vf.validation.id_format' },
  fields: {
    display_name: { type: 'text', required: true, min: 1, max: 40, search: true, list: true, sort: true },
    group: { type: 'choice', choices: PERMISSION_GROUPS, required: true, filter: 'eq', list: true, sort: true },
    create_time: { type: 'datetime', readOnly: true, notNull: true },
  },
  permissions: {
    list: 'authorization_list',
    read: 'authorization_list',
    add: 'authorization_add',
    edit: 'authorization_edit',
    delete: 'authorization_delete',
  },
  // newest first: a permission just added is on the first page after saving, not on the third of its group
  // (the group column still sorts, and the group filter narrows)
  list: { sort: { field: 'create_time', order: 'DESC' } },
  menu: { section: 'system', order: 30, icon: 'Key' },
});
