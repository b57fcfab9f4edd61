import { defineResource } from './types';
import { ID_PATTERN } from './validate';
import { ACCOUNT_TYPES } from './accounts';

/** The role a SUPER session previews (`GET /api/role/preview`, the profile's `role_preview`): the server keeps it
 * with the session (server/features/accounts/rolePreview.ts), the console shows it (src/layout/RolePreview.tsx). */
export interface RolePreview {
  role: string;
  display_name: string;
  /** the brand and store whose data the preview shows (null: every tenant, for a platform role) */
  integrator: string | null;
  integrator_name: string | null;
  dealer: string | null;
  dealer_name: string | null;
}

// Roles hold authorizations; an account's authorizations are the union of its roles'.
// Roles are platform-wide, so only provider staff may change them.
export default defineResource({
  name: 'role',
  table: 'role',
  title: 'display_name',
  idField: { type: 'text', required: true, max: 40, pattern: ID_PATTERN, patternMessage: 'vf.validation.id_format' },
  fields: {
    display_name: { type: 'text', required: true, min: 1, max: 40, search: true, list: true, sort: true },
    description: { type: 'text', max: 200, multiline: true, list: true, sort: true, notNull: true },
    account_type: { type: 'choice', choices: ACCOUNT_TYPES, filter: 'eq', list: true, sort: true },
    authorizations: { type: 'references', reference: 'authorization', list: true, notNull: true },
    // every holder must sign in with a second factor (server/features/totp/index.ts); only SUPER changes it
    require_totp: { type: 'boolean', default: false, list: true },
    create_time: { type: 'datetime', readOnly: true, notNull: true },
  },
  permissions: { list: 'role_list', read: 'role_list', add: 'role_add', edit: 'role_edit', delete: 'role_delete' },
  list: { sort: { field: 'create_time', order: 'ASC' } },
  menu: { section: 'system', order: 20, icon: 'Badge' },
});
