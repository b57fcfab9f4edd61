// Menu search (docs/rules.md): fuse.js with threshold 0.4 over the titles the user may see, in the current
// language; Chinese titles are also matched by their pinyin and pinyin initials, so `dingdan` and `dd`
// find 订单. pinyin-pro is large (~140 KB gzip), so it is loaded only when a Chinese search needs it.
import Fuse from 'fuse.js';

export const SEARCH_THRESHOLD = 0.4;

export interface SearchItem {
  path: string;
  title: string;
  /** the menu section, shown with the title and matched with less weight */
  section?: string;
}

/** Full pinyin without tones and spaces, and the initials: 订单 → dingdan, dd. */
export type PinyinFn = (text: string) => { full: string; initials: string };

interface Indexed extends SearchItem {
  pinyin?: string;
  initials?: string;
  sectionPinyin?: string;
  sectionInitials?: string;
}

const HAN = /\p{Script=Han}/u;

export function makeMenuSearch(items: readonly SearchItem[], opts: { pinyin?: PinyinFn } = {}) {
  const { pinyin } = opts;
  const docs: Indexed[] = items.map((item) => {
    if (!pinyin) return { ...item };
    const d: Indexed = { ...item };
    if (HAN.test(item.title))
      Object.assign(d, (({ full, initials }) => ({ pinyin: full, initials }))(pinyin(item.title)));
    if (item.section && HAN.test(item.section)) {
      const p = pinyin(item.section);
      d.sectionPinyin = p.full;
      d.sectionInitials = p.initials;
    }
    return d;
  });
  const keys = [
    { name: 'title', weight: 0.7 },
    { name: 'section', weight: 0.3 },
    ...(pinyin
      ? [
          { name: 'pinyin', weight: 0.7 },
          { name: 'initials', weight: 0.7 },
          { name: 'sectionPinyin', weight: 0.3 },
          { name: 'sectionInitials', weight: 0.3 },
        ]
      : []),
  ];
  const fuse = new Fuse(docs, {
    keys,
    threshold: SEARCH_THRESHOLD,
    shouldSort: true,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
  });
  return (query: string): SearchItem[] => {
    const q = query.trim();
    if (!q) return [];
    return fuse.search(q).map(({ item }) => ({ path: item.path, title: item.title, section: item.section }));
  };
}

/** Builds the pinyin function from pinyin-pro, imported on first use. */
export async function loadPinyin(): Promise<PinyinFn> {
  const { pinyin } = await import('pinyin-pro');
  return (text: string) => ({
    full: pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase(),
    initials: pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase(),
  });
}
