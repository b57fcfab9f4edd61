// A custom page typed into the address bar by an account without its permission shows the 401 page, as the
// declared resources' screens do (the server refuses the calls anyway; this only avoids a page of errors).
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { holds } from '../providers/authProvider';
import { UnauthorizedPage } from '../pages/ErrorPages';

export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return null;
  return holds(permissions, permission) ? <>{children}</> : <UnauthorizedPage />;
}
