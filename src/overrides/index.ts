// Screens that replace a generated one, by resource name, where a screen needs more than its
// declaration can say.
import type { ResourceViews } from '../generated';
import message from './message';
import device from './device';
import product from './product';
import product_classify from './product_classify';
import template from './template';
import lecode from './lecode';
import report from './report';
import log from './log';
import chatchat from './chatchat';
import order from './order';
import refund from './refund';

export const overrides: Record<string, Partial<ResourceViews>> = {
  message,
  device,
  product,
  product_classify,
  template,
  lecode,
  report,
  log,
  chatchat,
  order,
  refund,
};
