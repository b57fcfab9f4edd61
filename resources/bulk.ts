// Which verbs a list offers over selected rows, read by the server (what /bulk accepts) and the browser
// (which buttons appear when rows are selected).
import { rowActions, type ResourceDef } from './types';

/** delete where declared, and every single-row action that does not reveal a secret (a device key is shown once,
 * to one person, for one robot). A selection action (`lines`) is its own call over the selection already. */
export function bulkVerbs(def: ResourceDef): string[] {
  const actions = rowActions(def).filter(([, a]) => !a.reveals).map(([n]) => n);
  return def.permissions.delete ? ['delete', ...actions] : actions;
}
