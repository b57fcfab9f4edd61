// Who may send a list a spreadsheet (`POST /api/<R>/import`, ResourceDef.import): read by the server and by the
// console's Import button, so the button shows exactly where the call is allowed.
import { findResource } from './index';
import type { Permission, ResourceDef } from './types';

/** The permission an import needs: the action's, for a file that runs one (a stock file); else add or edit. */
export function importPermission(def: ResourceDef): Permission | undefined {
  const run = def.import?.action;
  if (run) return findResource(run.resource)?.actions?.[run.name]?.permission;
  const either = [def.permissions.add, def.permissions.edit].flatMap((p) => (p === undefined ? [] : [p].flat()));
  return either.length ? either : undefined;
}
