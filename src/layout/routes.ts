// What the frame knows about each route: the menu (declared resources and pages the account may see, by
// section), and for any path its title and breadcrumb. The tabs, the breadcrumb, the page title and the
// menu search all read this, so a route is named the same everywhere and in the current language.
import { resources, type ResourceDef } from '../../resources';
import { holds } from '../providers/authProvider';
import { pages, type PageEntry } from './pages';
import type { Permission } from '../../resources/types';

export const MENU_SECTIONS = ['fleet', 'catalog', 'sales', 'marketing', 'service', 'message', 'system'] as const;
export const HOME = '/dashboard';

type Translate = (key: string, args?: Record<string, unknown>) => string;

export interface NavItem {
  path: string;
  /** i18n key and arguments; translated where shown */
  title: string;
  args?: Record<string, unknown>;
  icon?: string;
  order: number;
}
export interface NavSection {
  section: string;
  items: NavItem[];
}

const resourceTitle = (r: ResourceDef) => ({ title: `resources.${r.name}.name`, args: { smart_count: 2 } });

/** docs/rules.md, Roles: an entry shows when the account holds one of its permissions; entries without one are open. */
export function menuSections(authorizations: readonly string[] | undefined): NavSection[] {
  const items = new Map<string, NavItem[]>();
  const add = (section: string, item: NavItem) => items.set(section, [...(items.get(section) ?? []), item]);
  for (const r of resources) {
    if (r.menu && holds(authorizations, r.permissions.list))
      add(r.menu.section, { path: `/${r.name}`, ...resourceTitle(r), icon: r.menu.icon, order: r.menu.order });
  }
  for (const p of pages) {
    if (p.hidden || !p.section || (p.permission && !holds(authorizations, p.permission))) continue;
    add(p.section, { path: p.path, title: p.title, icon: p.icon, order: p.order ?? 100 });
  }
  const known: readonly string[] = MENU_SECTIONS;
  const order = [...MENU_SECTIONS, ...[...items.keys()].filter((s) => !known.includes(s))];
  return order
    .filter((s) => items.has(s))
    .map((section) => ({ section, items: items.get(section)!.sort((a, b) => a.order - b.order) }));
}

export interface SearchTarget {
  path: string;
  title: string;
  section?: string;
}

/** Everything the menu search may offer this account, translated: the menu, and "new …" where it may add. */
export function searchTargets(authorizations: readonly string[] | undefined, t: Translate): SearchTarget[] {
  const out: SearchTarget[] = [{ path: HOME, title: t('vf.menu.dashboard') }];
  for (const { section, items } of menuSections(authorizations)) {
    const sectionTitle = t(`vf.menu.section.${section}`);
    for (const item of items) {
      out.push({ path: item.path, title: t(item.title, item.args), section: sectionTitle });
      const r = resources.find((d) => `/${d.name}` === item.path);
      if (r?.permissions.add && holds(authorizations, r.permissions.add)) {
        out.push({
          path: `${item.path}/create`,
          title: t('vf.layout.route.create', { name: t(`resources.${r.name}.name`, { smart_count: 1 }) }),
          section: sectionTitle,
        });
      }
    }
  }
  return out;
}

export interface Crumb {
  label: string;
  to?: string;
}
export interface RouteDescription {
  /** the page's own name: tab label, last crumb, document title */
  title: string;
  crumbs: Crumb[];
}

function pageFor(pathname: string): PageEntry | undefined {
  return [...pages]
    .sort((a, b) => b.path.length - a.path.length)
    .find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
}

/** The title and breadcrumb of a path, or null for paths the frame does not know (they get no tab). */
export function describeRoute(pathname: string, t: Translate): RouteDescription | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const section = (s: string | undefined): Crumb[] => (s ? [{ label: t(`vf.menu.section.${s}`) }] : []);
  if (path === HOME || path === '/')
    return { title: t('vf.menu.dashboard'), crumbs: [{ label: t('vf.menu.dashboard') }] };
  if (path === '/profile') return { title: t('vf.menu.profile'), crumbs: [{ label: t('vf.menu.profile') }] };
  const page = pageFor(path);
  if (page) {
    const title = t(page.title);
    return {
      title,
      crumbs: [...section(page.section).filter((c) => c.label !== title), { label: title, to: page.path }],
    };
  }
  const [, name, second, third] = path.split('/');
  const r = resources.find((d) => d.name === name);
  if (!r) return null;
  const plural = t(`resources.${r.name}.name`, { smart_count: 2 });
  const single = t(`resources.${r.name}.name`, { smart_count: 1 });
  // A section named like its resource (Products › Products) is said once.
  const base = [...section(r.menu?.section).filter((c) => c.label !== plural), { label: plural, to: `/${r.name}` }];
  if (second === undefined) return { title: plural, crumbs: base };
  if (second === 'create') {
    const title = t('vf.layout.route.create', { name: single });
    return { title, crumbs: [...base, { label: title }] };
  }
  const title = t(third === 'show' ? 'vf.layout.route.show' : 'vf.layout.route.edit', { name: single });
  return { title, crumbs: [...base, { label: title }] };
}

/** The declared record a path opens (edit or show), if it opens one. */
export function recordOf(pathname: string): { def: ResourceDef; id: string } | null {
  const [, name, id] = pathname.split('/');
  const def = resources.find((r) => r.name === name);
  if (!def || !id || id === 'create' || pageFor(pathname)) return null;
  return { def, id: decodeURIComponent(id) };
}

/** A tab's label: the route's title, and for one record its name (the declaration's `title` field) when
 * known, else a short form of its id, so two tabs differ. */
export function tabLabel(pathname: string, t: Translate, recordName?: string): string | null {
  const d = describeRoute(pathname, t);
  if (!d) return null;
  const record = recordOf(pathname);
  if (record) {
    const shown = recordName || record.id;
    return `${d.title} · ${shown.length > 24 ? `${shown.slice(0, 22)}…` : !recordName && shown.length > 10 ? `${shown.slice(0, 8)}…` : shown}`;
  }
  return d.title;
}

/** The authorization a path needs, as its screen checks it (undefined: open to every signed-in account). */
export function permissionOfPath(pathname: string): Permission | undefined {
  const page = pageFor(pathname);
  if (page) return page.permission;
  const [, name, second, third] = pathname.split('/');
  const r = resources.find((d) => d.name === name);
  if (!r) return undefined;
  if (second === undefined) return r.permissions.list;
  if (second === 'create') return r.permissions.add;
  return third === 'show' ? (r.permissions.read ?? r.permissions.list) : r.permissions.edit;
}

/** Whether an account holding these authorizations may open the path. */
export function mayOpen(pathname: string, authorizations: readonly string[] | undefined): boolean {
  const permission = permissionOfPath(pathname);
  return permission === undefined || holds(authorizations, permission);
}
