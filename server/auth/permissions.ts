// Authorization checks. The browser hides what a user may not do; the server refuses it.
import type { Permission } from '../../resources/types';
import { SUPER_AUTHORIZATION } from '../../resources/accounts';
import { forbidden } from '../http/errors';
import type { SessionUser } from './context';

export function holds(user: Pick<SessionUser, 'authorizations'>, permission: Permission | undefined): boolean {
  if (permission === undefined) return false; // an undeclared verb is not offered at all
  if (user.authorizations.has(SUPER_AUTHORIZATION)) return true;
  const any = typeof permission === 'string' ? [permission] : permission;
  return any.some((p) => user.authorizations.has(p));
}

export function requirePermission(user: SessionUser, permission: Permission | undefined) {
  if (!holds(user, permission)) throw forbidden();
}

/** SUPER and PROVIDER staff see every tenant; brand and store accounts are scoped. */
export function isPlatformStaff(user: Pick<SessionUser, 'account_type'>): boolean {
  return user.account_type === 'SUPER' || user.account_type === 'PROVIDER';
}
