// Contrast of colours as WCAG 2.2 measures it (docs/accessibility.md, "Colour"): text needs 4.5:1 against what it
// sits on, parts of the interface 3:1. The theme colour is the user's choice (any colour, from the settings drawer),
// so the theme does not trust it: it is darkened (text and buttons on white) or lightened (the active entry of the
// dark sidebar) by the least that meets the ratio.

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

function rgb(color: string): [number, number, number] {
  const h = color.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` mixed with `toward` (#000 or #fff) in steps of 2 % until it meets `min` against every one of `on`. */
function shift(color: string, toward: string, on: readonly string[], min: number): string {
  const from = rgb(color);
  const to = rgb(toward);
  for (let t = 0; t <= 1; t += 0.02) {
    const mixed = `#${from.map((v, i) => hex2(v + (to[i] - v) * t)).join('')}`;
    if (on.every((bg) => contrast(mixed, bg) >= min)) return mixed;
  }
  return toward;
}

/** The colour, darkened only as much as text in it on each of `on` needs (4.5:1 by default). */
export const darkenFor = (color: string, on: readonly string[], min = 4.5) => shift(color, '#000000', on, min);

/** The colour, lightened only as much as text in it on each of `on` (dark surfaces) needs. */
export const lightenFor = (color: string, on: readonly string[], min = 4.5) => shift(color, '#ffffff', on, min);
