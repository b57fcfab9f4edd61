// A permission created from a declaration (server/auth/declared.ts) is stored with its English name; callers
// read it in their own language, built from the same words — unless an administrator has renamed it since.
import { registerHooks } from '../crud/hooks';
import { resources } from '../../resources';
import { declaredPermissions } from '../../resources/permissions';
import { permissionLabel } from '../auth/declared';

const declared = new Map(declaredPermissions(resources).map((p) => [p.id, p]));

registerHooks('authorization', {
  present(rows, _db, ctx) {
    for (const row of rows) {
      const p = declared.get(String(row._id));
      if (p && row.display_name === permissionLabel(p, 'en')) row.display_name = permissionLabel(p, ctx.lang);
    }
  },
});
