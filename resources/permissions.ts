// Permission rules both halves follow: the server refuses by them, the browser hides by them. One home, so
// the menu, the buttons and the 403s never disagree.
import type { Permission, ResourceDef, Verb } from './types';
import { SUPER_AUTHORIZATION } from './accounts';

/** Whether these authorizations grant `permission` (one id, or several of which any one suffices). SUPER holds
 * all; an undeclared verb (no permission) is held by nobody, so it is not offered at all. */
export function holds(authorizations: readonly string[] | ReadonlySet<string> | undefined, permission: Permission | undefined): boolean {
  if (!permission || !authorizations) return false;
  const has = (p: string) => (Array.isArray(authorizations) ? authorizations.includes(p) : (authorizations as ReadonlySet<string>).has(p));
  if (has(SUPER_AUTHORIZATION)) return true;
  return (typeof permission === 'string' ? [permission] : permission).some(has);
}

/** The permission of a verb; reading a record falls back to listing (a resource declares `read` only when it differs). */
export function verbPermission(def: ResourceDef, verb: Verb): Permission | undefined {
  return def.permissions[verb] ?? (verb === 'read' ? def.permissions.list : undefined);
}
