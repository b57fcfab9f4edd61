// Screens that replace a generated one, by resource name, where a screen is truly special: a robot's live
// page, a product's form with its template import and stock, the order page and the refund approval, the
// operation log's before/after comparison. Everything a declaration can say is said there instead
// (resources/types.ts: `render`, `input`, `sameAs`, `lockedWhen`, `list.toolbar`, `cells` …).
// Each is loaded when its screen is first opened (src/generated/index.ts).
import type { ResourceViews } from '../generated';

export const overrides: Record<string, () => Promise<{ default: Partial<ResourceViews> }>> = {
  device: () => import('./device'),
  product: () => import('./product'),
  log: () => import('./log'),
  order: () => import('./order'),
  refund: () => import('./refund'),
  restock: () => import('./restock'),
  webhook: () => import('./webhook'),
};
