// Accounts beyond the declared CRUD: a SUPER session previewing a role (./rolePreview.ts). The accounts', roles'
// and authorizations' hooks (./user.ts, ./role.ts, ./authorization.ts) register with the generic service.
import fp from 'fastify-plugin';
import type { DB } from '../../db';
import { rolePreviewRoutes } from './rolePreview';
import type { EdgeTypes } from '../../http/schema';

/** Not encapsulated (fastify-plugin): the role preview's hooks reach every route. */
export const accountRoutes = fp<{ db: DB }>(async (app, { db }) => {
  rolePreviewRoutes(app.withTypeProvider<EdgeTypes>(), db);
});
