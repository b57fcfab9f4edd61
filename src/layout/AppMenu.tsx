// The sidebar menu: the dashboard, then the declared resources and pages the account may see, grouped by
// section (docs/rules.md, Roles: children filtered the same way, empty sections left out). A section folds open and
// shut; with the sidebar collapsed only the icons show, each with its name as a tooltip.
import { useState } from 'react';
import { Menu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { Collapse, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { iconOf } from './icons';
import { HOME, MENU_SECTIONS, menuSections } from './routes';
import { SIDEBAR_ACTIVE_BG } from './theme';
import { resources } from '../../resources';
import { holds } from '../providers/authProvider';

export { MENU_SECTIONS };

/** The declared resources whose list the account may open. */
export function visibleResources(authorizations: readonly string[] | undefined) {
  return resources.filter((r) => r.menu && holds(authorizations, r.permissions.list));
}

const SECTION_ICON: Record<string, string> = {
  fleet: 'PrecisionManufacturing',
  catalog: 'Inventory',
  sales: 'Receipt',
  marketing: 'ConfirmationNumber',
  service: 'Forum',
  message: 'NotificationsActive',
  system: 'People',
};

export const SIDEBAR_TEXT = '#bfcbd9';

export function AppMenu() {
  const { permissions } = usePermissions<string[]>();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const [folded, setFolded] = useState<Record<string, boolean>>({});
  const sections = menuSections(permissions);
  return (
    <Menu
      aria-label={translate('vf.layout.sidebar.label')}
      sx={{
        mt: 0,
        mb: 2,
        color: SIDEBAR_TEXT,
        '& .RaMenuItemLink-root': { color: SIDEBAR_TEXT, minHeight: 44, fontSize: 14 },
        '& .RaMenuItemLink-root:hover': { backgroundColor: SIDEBAR_ACTIVE_BG },
        '& .RaMenuItemLink-icon': { color: 'inherit', minWidth: 36 },
        // react-admin's own active style (dark text) is as specific as `& .RaMenuItemLink-active`: win over it,
        // or the active entry is near-black on the dark sidebar (Lighthouse: contrast 1.6)
        '& .RaMenuItemLink-root.RaMenuItemLink-active': { color: 'primary.light', backgroundColor: SIDEBAR_ACTIVE_BG },
        '& .RaMenuItemLink-root.RaMenuItemLink-active .RaMenuItemLink-icon': { color: 'primary.light' },
      }}
    >
      <Menu.Item to={HOME} primaryText={translate('vf.menu.dashboard')} leftIcon={<DashboardIcon />} />
      {sections.map(({ section, items }) => {
        const label = translate(`vf.menu.section.${section}`);
        const SectionIcon = iconOf(SECTION_ICON[section]);
        const shut = open && folded[section];
        const entries = items.map((item) => {
          const Icon = iconOf(item.icon);
          return (
            <Menu.Item
              key={item.path}
              to={item.path}
              primaryText={translate(item.title, item.args)}
              leftIcon={<Icon />}
              sx={open ? { pl: 4 } : undefined}
            />
          );
        });
        if (!open) return entries;
        return [
          <ListItemButton
            key={`s-${section}`}
            className="menu-section"
            // an entry of the sidebar's menu that folds its section (a role="button" may not sit in a menu)
            role="menuitem"
            onClick={() => setFolded((f) => ({ ...f, [section]: !f[section] }))}
            aria-expanded={!shut}
            sx={{ color: SIDEBAR_TEXT, minHeight: 44, px: 2, '&:hover': { backgroundColor: SIDEBAR_ACTIVE_BG } }}
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>
              <SectionIcon />
            </ListItemIcon>
            <ListItemText primary={label} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />
            {shut ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
          </ListItemButton>,
          <Collapse key={`c-${section}`} in={!shut} timeout="auto" sx={{ backgroundColor: '#1f2d3d' }}>
            {entries}
          </Collapse>,
        ];
      })}
    </Menu>
  );
}
