// The MUI theme; the primary colour is the one picked in the settings drawer (default #1890ff) and the
// size switch sets the density (default medium).
import { useMemo } from 'react';
import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';
import { DEFAULT_SETTINGS, DEFAULT_SIZE, useSettings, useSize, type Size } from './settings';

export const DEFAULT_THEME_COLOR = DEFAULT_SETTINGS.themeColor;
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_CLOSED_WIDTH = 54;
/** docs/rules.md, Constants: below this width the console uses the mobile layout. */
export const MOBILE_BREAKPOINT = 992;

/** Font size, spacing unit and the size of inputs and buttons for each choice of the size switch. */
const DENSITY: Record<Size, { fontSize: number; spacing: number; control: 'medium' | 'small' }> = {
  default: { fontSize: 15, spacing: 8, control: 'medium' },
  medium: { fontSize: 14, spacing: 8, control: 'medium' },
  small: { fontSize: 13, spacing: 7, control: 'small' },
  mini: { fontSize: 12, spacing: 6, control: 'small' },
};

/** On a phone react-admin draws a toolbar's buttons as bare icons (their names only in tooltips, which a finger
 * never sees): each gets its name written under it, from its accessible label. */
const LABELLED_ICONS = {
  '@media (max-width:599.95px)': {
    '& .MuiIconButton-root[aria-label]': {
      flexDirection: 'column',
      borderRadius: 8,
      padding: '4px 6px',
      fontSize: 11,
      lineHeight: 1.2,
    },
    '& .MuiIconButton-root[aria-label]::after': { content: 'attr(aria-label)', whiteSpace: 'nowrap' },
  },
};

export function makeTheme(primary: string = DEFAULT_THEME_COLOR, size: Size = DEFAULT_SIZE) {
  const d = DENSITY[size] ?? DENSITY[DEFAULT_SIZE];
  const control = { defaultProps: { size: d.control } };
  return createTheme({
    ...defaultTheme,
    spacing: d.spacing,
    typography: { ...(defaultTheme as { typography?: object }).typography, fontSize: d.fontSize },
    palette: {
      mode: 'light',
      primary: { main: primary },
      secondary: { main: '#304156' },
      background: { default: '#f0f2f5' },
    },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
    components: {
      ...defaultTheme.components,
      MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: '#fff', color: 'rgba(0,0,0,0.85)' } } },
      MuiTextField: {
        defaultProps: { ...(defaultTheme.components?.MuiTextField?.defaultProps ?? {}), size: d.control },
      },
      MuiFormControl: {
        defaultProps: { ...(defaultTheme.components?.MuiFormControl?.defaultProps ?? {}), size: d.control },
      },
      MuiButton: control,
      MuiIconButton: control,
      MuiChip: control,
      // A list never makes the page wider than the window: a wide table scrolls inside its own card and the
      // toolbars wrap their buttons onto a second line rather than pushing them off screen.
      RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 } } } },
      RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
      RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4, ...LABELLED_ICONS } } },
      RaBulkActionsToolbar: { styleOverrides: { root: LABELLED_ICONS } },
      // MUI's unselected toggle text (54% black) is 4.48:1 on the page background: just short of 4.5:1
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.64)' } } },
    },
  } as object);
}

/** The theme of the picked colour and size; a new one whenever either changes. */
export function useAppTheme() {
  const { themeColor } = useSettings();
  const size = useSize();
  return useMemo(() => makeTheme(themeColor, size), [themeColor, size]);
}
