// What a list call must refuse, worked out from each declaration by the rule written in the issue (not by the
// server's own helpers): a field is filtered by equality only when marked `filter: 'eq'`, by `_gte`/`_lte` only
// when marked `filter: 'range'`, sorted only when marked `sort` (or it is `_id` or the list's default), and a
// secret (`password`, `secret: true`) or JSON field never at all. Used by the isolation and bad-input suites.
import type { FieldDef, ResourceDef } from '../../resources';

export interface Refusal {
  what: 'filter' | 'sort';
  key: string;
  body: Record<string, unknown>;
}

const secret = (f: FieldDef) => f.type === 'password' || f.secret === true;

/** A value of the field's own type, so that a refusal can only be for the key, never for the value. */
function valueOf(f: FieldDef): unknown {
  switch (f.type) {
    case 'number':
    case 'money':
      return 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2024-01-01T00:00:00.000Z';
    case 'choice':
    case 'choices':
      return f.choices?.[0] ?? 'a';
    default:
      // a prefix of a scrypt hash: the binary search of a password hash the isolation test refuses
      return 'scrypt$';
  }
}

/** Every filter, range and sort key the declaration does not allow, with a body that asks for it. */
export function refusals(def: ResourceDef): Refusal[] {
  const out: Refusal[] = [];
  for (const [name, f] of Object.entries(def.fields)) {
    const v = valueOf(f);
    const usable = !secret(f) && f.type !== 'json';
    if (!(usable && f.filter === 'eq')) out.push({ what: 'filter', key: name, body: { filter: { [name]: v } } });
    if (!(usable && f.filter === 'range')) {
      for (const end of ['gte', 'lte'])
        out.push({ what: 'filter', key: `${name}_${end}`, body: { filter: { [`${name}_${end}`]: v } } });
    }
    const sortable = !secret(f) && (f.sort === true || def.list.sort.field === name);
    if (!sortable)
      for (const order of ['DESC']) out.push({ what: 'sort', key: name, body: { sort: { field: name, order } } });
  }
  // undeclared columns and keys that only look like fields
  for (const key of [
    'key_hash',
    'password',
    'update_time',
    'version',
    '__proto__',
    'constructor',
    '_id_gte',
    'q_lte',
  ]) {
    if (Object.hasOwn(def.fields, key)) continue;
    out.push({ what: 'filter', key, body: { filter: JSON.parse(`{"${key}":"a"}`) } });
    if (key !== '_id_gte' && key !== 'q_lte')
      out.push({ what: 'sort', key, body: { sort: { field: key, order: 'ASC' } } });
  }
  return out;
}

/** The secret fields of a declaration. */
export function secretFields(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => secret(f))
    .map(([n]) => n);
}
