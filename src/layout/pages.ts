// Custom pages (src/pages, routed in src/App.tsx) that belong in the menu, the menu search, the tabs and the
// breadcrumb. Declared resources need nothing here: their menu entries come from resources/<name>.ts.
// A feature adds ONE line to `pages` below, e.g.
//   { path: '/stock', title: 'vf.stock.title', section: 'catalog', order: 15, icon: 'Inventory', permission: 'product_list' },
// `title` is an i18n key; `section` one of MENU_SECTIONS (AppMenu.tsx); `icon` a name known to icons.ts;
// `permission` any one of the authorizations (absent: open to every signed-in account); `hidden: true` keeps
// the page out of the menu and the search while still giving it a title, a tab and a breadcrumb.
import type { Permission } from '../../resources/types';

export interface PageEntry {
  path: string;
  title: string;
  section?: string;
  order?: number;
  icon?: string;
  permission?: Permission;
  hidden?: boolean;
}

export const pages: PageEntry[] = [
  {
    path: '/product/stock',
    title: 'vf.catalog.stock.title',
    section: 'catalog',
    order: 12,
    icon: 'Inventory',
    permission: 'product_stock',
  },
  {
    path: '/product/copy',
    title: 'vf.catalog.copy.title',
    section: 'catalog',
    order: 14,
    icon: 'Storefront',
    permission: 'product_copy',
  },
  {
    path: '/visit-plan',
    title: 'vf.forecast.plan.menu',
    section: 'fleet',
    order: 42,
    icon: 'Route',
    permission: 'product_stock',
  },
  {
    path: '/refund-approval',
    title: 'vf.orders.approval.title',
    section: 'sales',
    order: 25,
    icon: 'CurrencyExchange',
    permission: 'refund_approve',
  },
];
