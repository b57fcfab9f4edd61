// Which verbs a list offers over selected rows, read by the server (what /bulk accepts) and the browser
// (which buttons appear when rows are selected).
import { rowActions, type ResourceDef } from './types';

/** delete where declared, and every single-row action the declaration marks `bulk` — never one with inputs of its
 * own or that reveals a secret (a device key is shown once, to one person, for one robot): such a marking is
 * ignored here, and tests/api/bulk.test.ts holds every declaration to it. A selection action (`lines`) is its own
 * call over the selection already. */
export function bulkVerbs(def: ResourceDef): string[] {
  const actions = rowActions(def)
    .filter(([, a]) => a.bulk === true && !a.reveals && !a.body)
    .map(([n]) => n);
  const edit = def.permissions.edit && bulkEditFields(def).length ? [BULK_EDIT] : [];
  return [...(def.permissions.delete ? ['delete'] : []), ...edit, ...actions];
}

/** The verb that sets fields declared `bulkEdit` on every selected row (`body: { field: value }`). */
export const BULK_EDIT = 'edit';

/** The fields a bulk edit may set: those declared `bulkEdit`, never read-only, `createOnly` or secret. */
export function bulkEditFields(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.bulkEdit && !f.readOnly && !f.createOnly && !f.secret && f.type !== 'password')
    .map(([n]) => n);
}
