// Screens that replace a generated one, by resource name, where a screen needs more than its
// declaration can say. Each is loaded when its screen is first opened (src/generated/index.ts).
import type { ResourceViews } from '../generated';

export const overrides: Record<string, () => Promise<{ default: Partial<ResourceViews> }>> = {
  message: () => import('./message'),
  alarm: () => import('./alarm'),
  device: () => import('./device'),
  product: () => import('./product'),
  product_classify: () => import('./product_classify'),
  template: () => import('./template'),
  lecode: () => import('./lecode'),
  report: () => import('./report'),
  log: () => import('./log'),
  chatchat: () => import('./chatchat'),
  order: () => import('./order'),
  refund: () => import('./refund'),
  restock: () => import('./restock'),
  webhook: () => import('./webhook'),
};
