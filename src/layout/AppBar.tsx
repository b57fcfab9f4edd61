// The header (docs/rules.md, Screens): sidebar toggle and breadcrumb on the left; on the right the brand's or store's
// name, menu search, error log, full screen, size, language, settings and the user menu (profile, log out).
// On a phone only what fits: the toggle, the page's name, search, language and the user menu.
import {
  LoadingIndicator,
  Logout,
  UserMenu,
  MenuItemLink,
  useGetIdentity,
  useSidebarState,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Person from '@mui/icons-material/Person';
import { useProfile } from './useProfile';
import { LanguageSwitch } from './LanguageSwitch';
import { Breadcrumb } from './Breadcrumb';
import { MenuSearch } from './MenuSearch';
import { ErrorLogButton } from './ErrorLog';
import { FullscreenToggle } from './Fullscreen';
import { SizeSwitch } from './SizeSwitch';
import { SettingsButton } from './SettingsDrawer';
import { saveSidebarOpen } from './settings';
import { LiveAlarms } from '../live/LiveAlarms';
import { RolePreviewButton } from './RolePreview';

function TenantBadge() {
  const p = useProfile();
  if (!p) return null;
  const name = p.account_type === 'DEALER' ? p.dealer_name : p.account_type === 'INTEGRATOR' ? p.integrator_name : null;
  if (!name) return null;
  return (
    <Box data-testid="tenant-badge" sx={{ mx: 1, maxWidth: 200, minWidth: 0 }}>
      <Typography variant="subtitle2" noWrap sx={{ color: 'text.secondary' }}>
        {name}
      </Typography>
    </Box>
  );
}

/** A link in the user menu closes the menu, or it would stay open over the page it leads to. */
function ProfileItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItemLink
      to="/profile"
      primaryText={translate('vf.user_menu.profile')}
      leftIcon={<Person />}
      onClick={() => userMenu?.onClose()}
    />
  );
}

/** The user menu's button shows the user's name: its accessible name starts with that name, then says what it opens
 * ("admin · Profile"; WCAG 2.5.3, the visible words are in the name). */
function MyUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const what = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName} · ${what}` : what}>
      <ProfileItem />
      <Logout />
    </UserMenu>
  );
}

export function SidebarToggle({ mobile }: { mobile: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'vf.layout.sidebar.close' : 'vf.layout.sidebar.open');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={label}
        aria-expanded={open}
        data-testid="sidebar-toggle"
        onClick={() => {
          setOpen(!open);
          if (!mobile) saveSidebarOpen(!open);
        }}
      >
        {open && !mobile ? <MenuOpen /> : <MenuIcon />}
      </IconButton>
    </Tooltip>
  );
}

export function TopBar({ mobile }: { mobile: boolean }) {
  return (
    <Toolbar
      variant="dense"
      disableGutters
      sx={{
        minHeight: 50,
        px: 1.5,
        gap: 0.5,
        bgcolor: 'background.paper',
        color: 'rgba(0,0,0,0.75)',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
      }}
    >
      <SidebarToggle mobile={mobile} />
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', ml: 1 }}>
        <Breadcrumb compact={mobile} />
      </Box>
      {mobile ? null : <TenantBadge />}
      <MenuSearch width={mobile ? 150 : 210} />
      <LiveAlarms />
      <ErrorLogButton />
      {mobile ? null : (
        <>
          <FullscreenToggle />
          <SizeSwitch />
        </>
      )}
      <LanguageSwitch />
      {mobile ? null : <SettingsButton />}
      {mobile ? null : <LoadingIndicator />}
      {mobile ? null : <RolePreviewButton />}
      <MyUserMenu />
    </Toolbar>
  );
}
