// Tabs of the visited pages (docs/rules.md, Screens): the dashboard's is pinned; refresh, close, close others and close
// all, from the buttons at the right and from a right-click menu on any tab.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { Box, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import Close from '@mui/icons-material/Close';
import Refresh from '@mui/icons-material/Refresh';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { closeAll, closeOthers, closeTab, isPinned, useTabs, type Tab } from './tabs';
import { HOME, recordOf, tabLabel } from './routes';
import { findResource } from '../../resources';
import { rowName } from '../lib/rowName';

/** A record's tab says which record: its name, read from the page's own (cached) fetch of it. */
function RecordTabText({ path, resource, id, field }: { path: string; resource: string; id: string; field: string }) {
  const translate = useTranslate();
  const { data, isPending } = useGetOne(resource, { id }, { staleTime: 60_000 });
  const def = findResource(resource);
  const name = data && def ? rowName(def, data) : data?.[field];
  // the record's name, or "…" while it loads: never its database id first (an id is a name only where the
  // declaration says so, as an order's)
  const shown =
    name !== undefined && name !== null && name !== '' ? String(name) : isPending && field !== '_id' ? '…' : undefined;
  return <>{tabLabel(path, translate, shown)}</>;
}

/** `/redirect/<path>` remounts the page in place: the hidden helper behind "refresh". */
export function useRefreshTab() {
  const navigate = useNavigate();
  return (full: string) => void navigate(`/redirect${full}`, { replace: true });
}

export function TagsView() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabs();
  const refreshTab = useRefreshTab();
  const [menu, setMenu] = useState<{ tab: Tab; x?: number; y?: number; anchor?: HTMLElement } | null>(null);
  const activeRef = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const active = tabs.find((t) => t.path === pathname) ?? tabs[0];
  const close = (tab: Tab) => {
    const next = closeTab(tab.path, pathname);
    if (next) void navigate(next);
  };
  const others = (tab: Tab) => {
    closeOthers(tab.path);
    if (tab.path !== pathname) void navigate(tab.full);
  };
  const all = () => {
    closeAll();
    if (pathname !== HOME) void navigate(HOME);
  };
  const act = (fn: () => void) => () => {
    setMenu(null);
    fn();
  };
  const onContext = (e: MouseEvent, tab: Tab) => {
    e.preventDefault();
    setMenu({ tab, x: e.clientX, y: e.clientY });
  };

  return (
    <Box
      component="nav"
      aria-label={translate('vf.layout.tabs.label')}
      data-testid="tags-view"
      sx={{
        display: 'flex',
        alignItems: 'center',
        height: 34,
        bgcolor: 'background.paper',
        borderBottom: '1px solid #d8dce5',
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.12), 0 0 3px 0 rgba(0,0,0,.04)',
      }}
    >
      <Box
        role="tablist"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          overflowX: 'auto',
          overflowY: 'hidden',
          whiteSpace: 'nowrap',
          scrollbarWidth: 'none',
        }}
      >
        {tabs.map((tab) => {
          const selected = tab.path === pathname;
          const label = tabLabel(tab.path, translate) ?? tab.path;
          const record = recordOf(tab.path);
          return (
            <Box
              key={tab.path}
              component={Link}
              to={tab.full}
              role="tab"
              aria-selected={selected}
              ref={selected ? activeRef : undefined}
              onContextMenu={(e: MouseEvent) => onContext(e, tab)}
              onAuxClick={(e: MouseEvent) => {
                if (e.button === 1 && !isPinned(tab.path)) {
                  e.preventDefault();
                  close(tab);
                }
              }}
              data-path={tab.path}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                height: 26,
                px: 1,
                fontSize: 12,
                textDecoration: 'none',
                border: '1px solid',
                borderColor: selected ? 'primary.main' : '#d8dce5',
                bgcolor: selected ? 'primary.main' : 'background.paper',
                color: selected ? 'primary.contrastText' : '#495060',
                '&::before': selected
                  ? {
                      content: '""',
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: 'primary.contrastText',
                      mr: 0.25,
                    }
                  : undefined,
              }}
            >
              {record?.def.title ? (
                <RecordTabText path={tab.path} resource={record.def.name} id={record.id} field={record.def.title} />
              ) : (
                label
              )}
              {isPinned(tab.path) ? null : (
                <Box
                  component="span"
                  role="button"
                  aria-label={`${translate('vf.layout.tabs.close')}: ${label}`}
                  onClick={(e: MouseEvent) => {
                    e.preventDefault();
                    e.stopPropagation();
                    close(tab);
                  }}
                  sx={{ display: 'inline-flex', borderRadius: '50%', '&:hover': { bgcolor: 'rgba(0,0,0,.2)' } }}
                >
                  <Close sx={{ fontSize: 13 }} />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      <Tooltip title={translate('vf.layout.tabs.refresh')}>
        <IconButton
          size="small"
          onClick={() => refreshTab(active.full)}
          aria-label={translate('vf.layout.tabs.refresh')}
          data-testid="tabs-refresh"
        >
          <Refresh fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('vf.layout.tabs.menu')}>
        <IconButton
          size="small"
          sx={{ mr: 0.5 }}
          onClick={(e) => setMenu({ tab: active, anchor: e.currentTarget })}
          aria-label={translate('vf.layout.tabs.menu')}
          data-testid="tabs-menu"
        >
          <ArrowDropDown fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorEl={menu?.anchor}
        anchorReference={menu?.anchor ? 'anchorEl' : 'anchorPosition'}
        anchorPosition={menu && !menu.anchor ? { top: menu.y ?? 0, left: menu.x ?? 0 } : undefined}
        slotProps={{ list: { dense: true } }}
      >
        {menu
          ? [
              <MenuItem
                key="refresh"
                onClick={act(() =>
                  menu.tab.path === pathname ? refreshTab(menu.tab.full) : void navigate(menu.tab.full),
                )}
              >
                {translate('vf.layout.tabs.refresh')}
              </MenuItem>,
              isPinned(menu.tab.path) ? null : (
                <MenuItem key="close" onClick={act(() => close(menu.tab))}>
                  {translate('vf.layout.tabs.close')}
                </MenuItem>
              ),
              <MenuItem key="others" onClick={act(() => others(menu.tab))}>
                {translate('vf.layout.tabs.close_others')}
              </MenuItem>,
              <MenuItem key="all" onClick={act(all)}>
                {translate('vf.layout.tabs.close_all')}
              </MenuItem>,
            ]
          : null}
      </Menu>
    </Box>
  );
}
