// What names a row for a person (a tab, a bulk report): its declared title field rather than its database id.
import type { ResourceDef } from '../../resources/types';

/** The row's title field; a code shown with its title (an alarm's "22 · Arm fault") keeps the title the server
 * added to the row. */
export function rowName(def: ResourceDef, row: Record<string, unknown>): string {
  const field = def.title ?? '_id';
  const v = row[field] ?? row.id;
  const f = def.fields[field];
  if (f?.render === 'codeTitle' && row.title) return `${String(v)} · ${String(row.title)}`;
  return String(v);
}
