// A permission created from a declaration (server/auth/declared.ts) is stored with its English name; callers
// read it in their own language, built from the same words — unless an administrator has renamed it since.
// The permissions shipped by the migrations are said from i18n/features/walk.ts the same way (./builtInNames).
// An authorization a role holds, or the SUPER one, stays. (One definition per resource: the app refuses to start
// with a second one for 'authorization', server/crud/hooks.ts hookBook.)
import { sql } from 'kysely';
import { SUPER_AUTHORIZATION } from '../../../resources/accounts';
import { conflict } from '../../http/errors';
import { defineHooks } from '../../crud/hooks';
import { keepBuiltInName, nameBuiltIns } from './builtInNames';
import { resources } from '../../../resources';
import { declaredPermissions } from '../../../resources/permissions';
import { permissionLabel } from '../../auth/declared';

const declared = new Map(declaredPermissions(resources).map((p) => [p.id, p]));

export const authorizationHooks = defineHooks('authorization', {
  present(rows, _db, ctx) {
    nameBuiltIns('permission', rows, ctx.lang);
    for (const row of rows) {
      const p = declared.get(String(row._id));
      if (p && row.display_name === permissionLabel(p, 'en')) row.display_name = permissionLabel(p, ctx.lang);
    }
  },
  beforeWrite({ ctx, values, existing }) {
    keepBuiltInName('permission', existing?._id ?? values._id, values, ctx.lang);
  },
  async beforeRemove({ trx, existing }) {
    if (existing._id === SUPER_AUTHORIZATION) throw conflict('vf.error.in_use');
    const role = await trx
      .selectFrom('role')
      .select('_id')
      .where(sql<boolean>`${existing._id} = ANY(authorizations)`)
      .executeTakeFirst();
    if (role) throw conflict('vf.error.in_use');
  },
});
