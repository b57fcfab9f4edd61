// The frame around every signed-in page (docs/rules.md, Screens), in the manner of the console operators know: a dark
// sidebar on the left; on the right the header (sticky when "fixed header" is on), the tabs of visited
// pages when switched on, and the page. Below 992 px the sidebar closes and opens as a drawer.
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading, TitlePortal, useGetIdentity, useLogout, useNotify, useSidebarState, useTranslate } from 'react-admin';
import { Box, useMediaQuery } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { AppMenu } from './AppMenu';
import { TopBar } from './AppBar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { PageErrorBoundary } from './ErrorLog';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { sidebarOpenSaved, useSettings } from './settings';
import { MOBILE_BREAKPOINT, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './theme';
import { describeRoute, mayOpen } from './routes';
import { keepOnly, visit } from './tabs';
import { useProfile } from './useProfile';
import { RolePreviewBanner } from './RolePreview';
import { TotpGate } from '../pages/TwoFactorCard';
import { useFocusKeeper } from './focusKeeper';

/** docs/rules.md, States: without user info the token is cleared, an error shown, and the user sent to sign in. */
function IdentityGuard() {
  const { error, isPending } = useGetIdentity();
  const notify = useNotify();
  const logout = useLogout();
  useEffect(() => {
    if (!isPending && error && (error as { status?: number }).status !== 401) {
      notify('vf.error.verification_failed', { type: 'error' });
      void logout();
    }
  }, [error, isPending, notify, logout]);
  return null;
}

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
}

/**
 * The sidebar's state: on desktop the saved (cookie) choice; on a phone closed, and closed again on every navigation.
 * Answers whether the state has been set for this width yet: react-admin's store starts "open" on any window wider
 * than 600 px, and a drawer mounted open and closed in the same instant never finishes its exit, leaving its
 * invisible modal layer over the page to swallow every click. So the drawer opens only once the state is ours.
 */
function useSidebarSync(mobile: boolean): boolean {
  const [, setOpen] = useSidebarState();
  const [syncedFor, setSyncedFor] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    setOpen(mobile ? false : sidebarOpenSaved());
    setSyncedFor(mobile);
  }, [mobile, setOpen]);
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [pathname, mobile, setOpen]);
  return syncedFor === mobile;
}

/** Each visited route the frame knows becomes a tab; the document title follows the route's title. */
function useRouteEffects() {
  const { pathname, search } = useLocation();
  const translate = useTranslate();
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    const d = describeRoute(pathname, translate);
    const app = translate('vf.app.title');
    document.title = d ? `${d.title} - ${app}` : app;
    // '/' is only the way in, sent on to the dashboard at once: a tab of its own would be a second dashboard
    // (there was one when the frame drew before the redirect)
    const path = pathname.replace(/\/+$/, '') || '/';
    if (d && path !== '/') visit(path, `${pathname}${search}`);
  }, [pathname, search, translate]);
}

/** The tabs are kept for the browser tab's session, across the reload a role preview starts and ends with:
 * once the account's authorizations are known, tabs of pages it may not open are closed. */
function usePrunedTabs() {
  const authorizations = useProfile()?.authorizations;
  useEffect(() => {
    if (authorizations) keepOnly((path) => mayOpen(path, authorizations));
  }, [authorizations]);
}

export function AppLayout({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  const [open] = useSidebarState();
  const { tagsView, fixedHeader } = useSettings();
  const synced = useSidebarSync(mobile);
  useRouteEffects();
  usePrunedTabs();
  useFocusKeeper();
  const offset = mobile ? 0 : open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH;
  return (
    <Box
      sx={{ minHeight: '100vh', bgcolor: 'background.default' }}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-testid="app-layout"
    >
      <IdentityGuard />
      <TotpGate />
      <SessionExpiredDialog />
      <Sidebar mobile={mobile} open={synced && open}>
        <AppMenu />
      </Sidebar>
      <Box
        sx={{
          ml: `${offset}px`,
          transition: 'margin-left .28s',
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          minWidth: 0,
        }}
      >
        <Box
          component="header"
          sx={{ position: fixedHeader ? 'sticky' : 'relative', top: 0, zIndex: 1100 }}
          data-testid="app-header"
        >
          <TopBar mobile={mobile} />
          <RolePreviewBanner />
          {tagsView ? <TagsView /> : null}
        </Box>
        <TitlePortal component="h1" style={visuallyHidden} />
        <Box
          component="main"
          id="main-content"
          sx={{
            '&:focus': { outline: 'none' },
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            px: { xs: 1, sm: 2 },
            pb: 2,
            minWidth: 0,
          }}
        >
          <PageErrorBoundary>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
