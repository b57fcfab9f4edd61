// Screens that replace a generated one, by resource name. Empty until a screen needs more than its
// declaration can say.
import type { ResourceViews } from '../generated';
import message from './message';
import order from './order';
import refund from './refund';

export const overrides: Record<string, Partial<ResourceViews>> = {
  message,
  order,
  refund,
};
