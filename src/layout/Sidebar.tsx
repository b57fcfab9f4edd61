// The sidebar (docs/rules.md): 210 px, collapsible to its icons on desktop; below 992 px it is closed and opens
// as a drawer over the page. The logo on top is the brand's or store's for those accounts (setting).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSidebarState, useTranslate } from 'react-admin';
import { Box, Drawer, Typography } from '@mui/material';
import { useProfile } from './useProfile';
import { useSettings } from './settings';
import { SIDEBAR_BG, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './theme';
import { HOME } from './routes';
import { fileUrl } from '../lib/files';

const LOGO_BG = '#2b2f3a';
const LOGO_HEIGHT = 50;

function VendFleetMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="5" y="3" width="22" height="26" rx="4" fill="currentColor" opacity="0.9" />
      <rect x="9" y="7" width="9" height="12" rx="1.5" fill={LOGO_BG} />
      <circle cx="22.5" cy="10" r="1.8" fill={LOGO_BG} />
      <circle cx="22.5" cy="15" r="1.8" fill={LOGO_BG} />
      <rect x="9" y="22" width="14" height="3" rx="1.5" fill={LOGO_BG} />
    </svg>
  );
}

/** The brand's or store's logo and name for those accounts, VendFleet's otherwise. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const translate = useTranslate();
  const p = useProfile();
  const tenant =
    p?.account_type === 'DEALER'
      ? { name: p.dealer_name, logo: p.dealer_logo }
      : p?.account_type === 'INTEGRATOR'
        ? { name: p.integrator_name, logo: p.integrator_logo }
        : null;
  const name = tenant?.name || translate('vf.app.title');
  return (
    <Box
      component={Link}
      to={HOME}
      data-testid="sidebar-logo"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 1.25,
        height: LOGO_HEIGHT,
        minHeight: LOGO_HEIGHT,
        px: collapsed ? 0 : 2,
        bgcolor: LOGO_BG,
        color: '#fff',
        textDecoration: 'none',
        overflow: 'hidden',
      }}
    >
      {tenant?.logo ? (
        <Box
          component="img"
          src={fileUrl(tenant.logo)}
          alt=""
          sx={{ width: 32, height: 32, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <Box sx={{ color: 'primary.light', display: 'flex', flexShrink: 0 }}>
          <VendFleetMark />
        </Box>
      )}
      {collapsed ? null : (
        <Typography component="span" noWrap sx={{ fontWeight: 600, fontSize: 14, color: '#fff' }}>
          {name}
        </Typography>
      )}
    </Box>
  );
}

export function Sidebar({ mobile, open, children }: { mobile: boolean; open: boolean; children: ReactNode }) {
  const [, setOpen] = useSidebarState();
  const { sidebarLogo } = useSettings();
  const collapsed = !mobile && !open;
  const content = (
    <Box
      sx={{
        bgcolor: SIDEBAR_BG,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        width: collapsed ? SIDEBAR_CLOSED_WIDTH : SIDEBAR_WIDTH,
      }}
    >
      {sidebarLogo ? <SidebarLogo collapsed={collapsed} /> : null}
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', scrollbarWidth: 'thin' }}>{children}</Box>
    </Box>
  );
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        data-testid="sidebar-drawer"
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 'none' } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Box
      component="aside"
      data-testid="sidebar"
      sx={{
        position: 'fixed',
        top: 0,
        bottom: 0,
        left: 0,
        zIndex: 1200,
        width: collapsed ? SIDEBAR_CLOSED_WIDTH : SIDEBAR_WIDTH,
        transition: 'width .28s',
        boxShadow: '2px 0 6px rgba(0,21,41,.15)',
      }}
    >
      {content}
    </Box>
  );
}
