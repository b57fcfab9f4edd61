// What names a row for a person (a tab, a bulk report): its declared title field rather than its database id.
import type { ResourceDef } from '../../resources/types';
import { codeWord } from './codeWord';

/** The row's title field; a code shown with its title (an alarm's "22 · Arm fault") keeps the title the server
 * added to the row. */
export function rowName(def: ResourceDef, row: Record<string, unknown>): string {
  const field = def.title ?? '_id';
  const v = row[field] ?? row.id;
  const f = def.fields[field];
  if (f?.render === 'codeTitle' && row.title) return `${String(v)} · ${String(row.title)}`;
  return String(v);
}

/** A record as react-admin's own titles and references name it ("Product Cone", "Alarm 22 · Arm fault"): its
 * declared title, a stored code in words; never its database id where the declaration names another field. */
export function recordName(
  def: ResourceDef,
  row: Record<string, unknown>,
  translate: (key: string, options?: object) => string,
): string {
  const name = rowName(def, row);
  const f = def.fields[def.title ?? '_id'];
  return f?.type === 'choice' ? codeWord(translate, def.name, def.title!, name) : name;
}
