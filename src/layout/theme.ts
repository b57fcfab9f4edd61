// The MUI theme; the primary colour is the one picked in the settings drawer (default #1890ff) and the
// size switch sets the density (default medium). Every colour meets WCAG 2.2 AA contrast whatever the pick
// (docs/accessibility.md, "Colour"): the pick is darkened for text on the page and lightened on the dark sidebar.
import { useMemo } from 'react';
import { createTheme } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';
import { DEFAULT_SETTINGS, DEFAULT_SIZE, useSettings, useSize, type Size } from './settings';
import { darkenFor, lightenFor } from './contrast';
import { SELECTION_CHECKBOX } from './selectionCheckbox';

export const DEFAULT_THEME_COLOR = DEFAULT_SETTINGS.themeColor;
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_CLOSED_WIDTH = 54;
/** docs/rules.md, Constants: below this width the console uses the mobile layout. */
export const MOBILE_BREAKPOINT = 992;
/** The surfaces text is drawn on: paper and the page's background; the sidebar and its active entry. */
export const PAGE_BG = '#f0f2f5';
export const LIGHT_SURFACES = ['#ffffff', PAGE_BG] as const;
export const SIDEBAR_BG = '#304156';
export const SIDEBAR_ACTIVE_BG = '#263445';
export const DARK_SURFACES = [SIDEBAR_BG, SIDEBAR_ACTIVE_BG, '#2b2f3a'] as const;

/** A palette colour that white text may sit on and that reads as text on the page: 4.5:1 both ways. */
function onLight(color: string) {
  const main = darkenFor(color, LIGHT_SURFACES);
  return { main, dark: darkenFor(main, LIGHT_SURFACES, 7), contrastText: '#fff' };
}

/** The palette of a picked colour: primary darkened for the page, its `light` for the dark sidebar. MUI's own
 * warning (3.0:1 under white), info (4.1:1) and success colours are held to the same rule. */
export function accessiblePalette(primary: string) {
  return {
    mode: 'light' as const,
    primary: { ...onLight(primary), light: lightenFor(primary, DARK_SURFACES) },
    secondary: onLight(SIDEBAR_BG),
    error: onLight('#d32f2f'),
    warning: onLight('#ed6c02'),
    info: onLight('#0288d1'),
    success: onLight('#2e7d32'),
    background: { default: PAGE_BG },
  };
}

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

const BULK_OPEN = '.RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)';

/** react-admin draws the selection's toolbar over the list's toolbar (`RaList-actions`: its filters and buttons),
 * one 48 px line tall. The list's toolbar is taller where its buttons wrap (a desktop list with Import beside
 * Export, a phone): its first line showed above the selection's, cut through, and its fields and buttons under the
 * selection's stayed Tab stops that no one could see (WCAG 2.4.11). While rows are selected the list's toolbar is
 * hidden, keeping its place: the rows below do not move under the pointer that is selecting them. */
const SELECTION_OVER_TOOLBAR = {
  [`& .RaList-main:has(${BULK_OPEN}) .RaList-actions`]: { visibility: 'hidden' },
};
/** The selection's toolbar as tall as its buttons need (a phone wraps them), grown upward from the rows' top over
 * the hidden top toolbar instead of spilling its buttons over the rows and the top toolbar's words. */
const SELECTION_TOOLBAR = {
  [`& ${BULK_OPEN}`]: { height: 'auto', top: 'auto', bottom: 0, transform: 'none' },
  // With no row selected react-admin collapses the toolbar to no height but keeps its buttons ("Unselect", the bulk
  // actions) in the page: Tab stops no one could see, and targets axe found lying over the column headers' sort
  // buttons (WCAG 2.4.11, 2.5.8). Hidden, they leave the Tab order and the accessibility tree until rows are selected.
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
};

export function makeTheme(primary: string = DEFAULT_THEME_COLOR, size: Size = DEFAULT_SIZE, loading = 'Loading') {
  const d = DENSITY[size] ?? DENSITY[DEFAULT_SIZE];
  const control = { defaultProps: { size: d.control } };
  return createTheme({
    ...defaultTheme,
    spacing: d.spacing,
    typography: { ...(defaultTheme as { typography?: object }).typography, fontSize: d.fontSize },
    palette: accessiblePalette(primary),
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
      // a visible focus ring on everything pressable that the keyboard reached (WCAG 2.4.7), beside MUI's ripple
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }: { theme: { palette: { primary: { main: string } } } }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      MuiButton: control,
      MuiIconButton: control,
      MuiChip: control,
      // A list never makes the page wider than the window: a wide table scrolls inside its own box (ListRows) and the
      // toolbars wrap their buttons onto a second line rather than pushing them off screen.
      RaList: {
        styleOverrides: {
          root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 }, ...SELECTION_OVER_TOOLBAR },
        },
      },
      RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4, ...LABELLED_ICONS } } },
      RaBulkActionsToolbar: { styleOverrides: { root: { ...LABELLED_ICONS, ...SELECTION_TOOLBAR } } },
      // MUI's unselected toggle text (54% black) is 4.48:1 on the page background: just short of 4.5:1
      // react-admin's form toolbar is grey 300, on which the error colour of Delete reads 3.9:1: the page's own grey
      RaToolbar: { styleOverrides: { root: { backgroundColor: PAGE_BG } } },
      // "Please wait" under a loading page's spinner is text: secondary (5.5:1), not disabled grey (2.6:1)
      RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.64)' } } },
      // a spinner is a progressbar, which needs a name (WCAG 4.1.2): every one is "Loading" unless it says more
      MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
      MuiLinearProgress: { defaultProps: { 'aria-label': loading } },
      MuiCheckbox: SELECTION_CHECKBOX,
    },
  } as object);
}

/** The theme of the picked colour and size; a new one whenever either changes (the language reloads the page). */
export function useAppTheme(loading: string) {
  const { themeColor } = useSettings();
  const size = useSize();
  return useMemo(() => makeTheme(themeColor, size, loading), [themeColor, size, loading]);
}
