// Authorization checks. The browser hides what a user may not do; the server refuses it.
import type { Permission } from '../../resources/types';
import { holds as holdsAny } from '../../resources/permissions';
import { forbidden } from '../http/errors';
import type { SessionUser } from './context';

/** The shared rule (resources/permissions.ts), for a signed-in caller. */
export function holds(user: Pick<SessionUser, 'authorizations'>, permission: Permission | undefined): boolean {
  return holdsAny(user.authorizations, permission);
}

export function requirePermission(user: SessionUser, permission: Permission | undefined) {
  if (!holds(user, permission)) throw forbidden();
}

/** SUPER and PROVIDER staff see every tenant; brand and store accounts are scoped. */
export function isPlatformStaff(user: Pick<SessionUser, 'account_type'>): boolean {
  return user.account_type === 'SUPER' || user.account_type === 'PROVIDER';
}
