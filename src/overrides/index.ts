// Screens that replace a generated one, by resource name. Empty until a screen needs more than its
// declaration can say.
import type { ResourceViews } from '../generated';
import message from './message';
import product from './product';
import product_classify from './product_classify';
import template from './template';

export const overrides: Record<string, Partial<ResourceViews>> = {
  message,
  product,
  product_classify,
  template,
};
