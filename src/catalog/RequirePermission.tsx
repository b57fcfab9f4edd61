// A custom page typed into the address bar by an account without its permission shows the 401 page, as the
// declared resources' screens do (the server refuses the calls anyway; this only avoids a page of errors).
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { holds } from '../providers/authProvider';
import { UnauthorizedPage } from '../pages/ErrorPages';
import { pages } from '../layout/pages';
import type { Permission } from '../../resources/types';

export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (!permission) return <>{children}</>;
  // nothing (and so none of the page's calls) until the account's authorizations are known
  if (isPending) return null;
  return holds(permissions, permission) ? <>{children}</> : <UnauthorizedPage />;
}

/** A page of `pages.ts`, guarded by the permission that puts it in the menu: the menu and the address bar agree. */
export function RequirePage({ path, children }: { path: string; children: ReactNode }) {
  return <RequirePermission permission={pages.find((p) => p.path === path)?.permission}>{children}</RequirePermission>;
}
