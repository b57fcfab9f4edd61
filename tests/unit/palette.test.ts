// The theme meets WCAG 2.2 AA contrast whatever colour the settings drawer offers or the user picks
// (docs/accessibility.md, "Colour"): text 4.5:1 on the page and on the dark sidebar, white text on every filled colour.
import { contrast } from '../../src/layout/contrast';
import { DARK_SURFACES, LIGHT_SURFACES, makeTheme } from '../../src/layout/theme';
import { THEME_COLORS } from '../../src/layout/SettingsDrawer';
import { SIDEBAR_TEXT } from '../../src/layout/AppMenu';

// the drawer's swatches, and picks of the custom colour input at the edges: white, black, yellow, a mid grey
const PICKS = [...THEME_COLORS, '#ffffff', '#000000', '#ffff00', '#777777'];

describe.each(PICKS)('the theme of %s', (pick) => {
  const { palette } = makeTheme(pick);

  it('writes text in the primary colour at 4.5:1 on paper and on the page', () => {
    for (const bg of LIGHT_SURFACES) expect(contrast(palette.primary.main, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes white at 4.5:1 on every filled colour (buttons, chips, badges)', () => {
    for (const c of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)
      expect(contrast(palette[c].contrastText, palette[c].main), c).toBeGreaterThanOrEqual(4.5);
  });

  it("marks the sidebar's active entry at 4.5:1 on the dark sidebar", () => {
    for (const bg of DARK_SURFACES) expect(contrast(palette.primary.light, bg)).toBeGreaterThanOrEqual(4.5);
  });
});

it('keeps a compliant colour as it was picked and the sidebar text readable', () => {
  expect(makeTheme('#212121').palette.primary.main).toBe('#212121');
  for (const bg of DARK_SURFACES) expect(contrast(SIDEBAR_TEXT, bg)).toBeGreaterThanOrEqual(4.5);
});
