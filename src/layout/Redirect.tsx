// /redirect/<path>: the hidden helper that refreshes a page in place (docs/rules.md). Leaving the page for this
// one unmounts it; coming straight back mounts it afresh, with its data fetched again.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRefresh } from 'react-admin';

export function RedirectPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefresh();
  useEffect(() => {
    const target = pathname.replace(/^\/redirect/, '') || '/dashboard';
    refresh();
    void navigate(`${target}${search}`, { replace: true });
  }, [pathname, search, navigate, refresh]);
  return null;
}
