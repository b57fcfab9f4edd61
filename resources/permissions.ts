// The permissions the declarations name (verbs and actions), with the group they are listed under, what first
// names them (their display name is built from that: the resource's name and the verb's or action's label)
// and which account types' administrator roles receive them by default (`grant`). The server creates the
// missing ones at start-up (server/auth/declared.ts); the words test holds every label present.
import { SUPER_AUTHORIZATION, type AccountType } from './accounts';
import type { Permission, ResourceDef, Verb } from './types';

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

const ids = (p: string | readonly string[] | undefined): readonly string[] =>
  p === undefined ? [] : typeof p === 'string' ? [p] : p;

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
    for (const [action, a] of Object.entries(def.actions ?? {}))
      for (const id of ids(a.permission)) note(def, id, { action });
    for (const [action, c] of Object.entries(def.calls ?? {}))
      for (const id of ids(c.permission)) note(def, id, { action });
  }
  return [...out.values()];
}

// Permission rules both halves follow: the server refuses by them, the browser hides by them. One home, so
// the menu, the buttons and the 403s never disagree.

/** Whether these authorizations grant `permission` (one id, or several of which any one suffices). SUPER holds
 * all; an undeclared verb (no permission) is held by nobody, so it is not offered at all. */
export function holds(
  authorizations: readonly string[] | ReadonlySet<string> | undefined,
  permission: Permission | undefined,
): boolean {
  if (!permission || !authorizations) return false;
  const has = (p: string) =>
    Array.isArray(authorizations) ? authorizations.includes(p) : (authorizations as ReadonlySet<string>).has(p);
  if (has(SUPER_AUTHORIZATION)) return true;
  return (typeof permission === 'string' ? [permission] : permission).some(has);
}

/** The permission of a verb; reading a record falls back to listing (a resource declares `read` only when it differs). */
export function verbPermission(def: ResourceDef, verb: Verb): Permission | undefined {
  return def.permissions[verb] ?? (verb === 'read' ? def.permissions.list : undefined);
}
