// Screens that replace a generated one, by resource name, where a screen is truly special: a robot's live
// page, a product's form with its template import and stock, the order page and the refund approval.
// Everything a declaration can say is said there instead (resources/types.ts: `render`, `input`, `sameAs`,
// `lockedWhen`, `list.toolbar`, `cells`, `related` lists on a record's page, selection actions with `lines`,
// one-time secrets with `reveal`/`reveals` …): the restock list, webhooks and the operation log are generated.
// Each is loaded when its screen is first opened (src/declared/index.ts); src/App.tsx hands this list in.
import type { Overrides } from '../declared';

export const overrides: Overrides = {
  device: () => import('./device'),
  product: () => import('./product'),
  order: () => import('./order'),
  refund: () => import('./refund'),
};
