// Accounts beyond the declared CRUD: a SUPER session previewing a role (./rolePreview.ts). The accounts', roles'
// and authorizations' hooks (./user.ts, ./role.ts, ./authorization.ts) register with the generic service.
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { rolePreviewRoutes } from './rolePreview';
import type { EdgeTypes } from '../../http/schema';
import type { Feature } from '../feature';
import { userHooks } from './user';
import { roleHooks } from './role';
import { authorizationHooks } from './authorization';

/** Not encapsulated (fastify-plugin): the role preview's hooks reach every route. */
export const accountRoutes = fp<{ db: DB }>(async (app, { db }) => {
  rolePreviewRoutes(app.withTypeProvider<EdgeTypes>(), db);
});

export const accounts: Feature = {
  name: 'accounts',
  register: (app, { db }) => app.register(accountRoutes, { db }),
  hooks: [userHooks, roleHooks, authorizationHooks],
  owns: ['account', 'role', 'permission', 'role_preview'],
};
