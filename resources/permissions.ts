// The permissions the declarations name (verbs and actions), with the group they are listed under, what first
// names them (their display name is built from that: the resource's name and the verb's or action's label)
// and which account types' administrator roles receive them by default (`grant`). The server creates the
// missing ones at start-up (server/auth/declared.ts); the words test holds every label present.
import type { AccountType } from './accounts';
import type { ResourceDef, Verb } from './types';

export const VERBS: readonly Verb[] = ['list', 'read', 'add', 'edit', 'delete'];

export interface DeclaredPermission {
  id: string;
  group: string;
  /** the resource and the verb or action that first names it */
  resource: string;
  verb?: Verb;
  action?: string;
  /** account types whose administrator role gets it when it is created */
  grant: AccountType[];
}

const ids = (p: string | readonly string[] | undefined): readonly string[] => (p === undefined ? [] : typeof p === 'string' ? [p] : p);

function grantOf(def: ResourceDef, id: string): readonly AccountType[] {
  const g = def.grant;
  if (!g) return [];
  if (Array.isArray(g)) return g as readonly AccountType[];
  return (g as Readonly<Record<string, readonly AccountType[]>>)[id] ?? [];
}

export function declaredPermissions(all: readonly ResourceDef[]): DeclaredPermission[] {
  const out = new Map<string, DeclaredPermission>();
  const note = (def: ResourceDef, id: string, by: { verb?: Verb; action?: string }) => {
    const seen = out.get(id);
    const grant = grantOf(def, id);
    if (seen) {
      for (const t of grant) if (!seen.grant.includes(t)) seen.grant.push(t);
      return;
    }
    out.set(id, { id, group: def.permissionGroup ?? def.name, resource: def.name, ...by, grant: [...grant] });
  };
  for (const def of all) {
    for (const verb of VERBS) for (const id of ids(def.permissions[verb])) note(def, id, { verb });
    for (const [action, a] of Object.entries(def.actions ?? {})) for (const id of ids(a.permission)) note(def, id, { action });
  }
  return [...out.values()];
}
