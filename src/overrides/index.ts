// Screens that replace a generated one, by resource name, where a screen is truly special: a robot's live
// page, a product's form with its template import and stock, the order page and the refund approval.
// Everything a declaration can say is said there instead (resources/types.ts: `render`, `input`, `sameAs`,
// `lockedWhen`, `list.toolbar`, `cells`, `related` lists on a record's page, selection actions with `lines`,
// one-time secrets with `reveal`/`reveals` …): the restock list, webhooks and the operation log are generated.
// Each is loaded when its screen is first opened (src/declared/index.ts).
import type { ComponentType } from 'react';

/** A resource's screens: the declared ones (src/declared/index.ts), or the ones listed here instead. */
export interface ResourceViews {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

export const overrides: Record<string, () => Promise<{ default: Partial<ResourceViews> }>> = {
  device: () => import('./device'),
  product: () => import('./product'),
  order: () => import('./order'),
  refund: () => import('./refund'),
};
