// Screens that replace a generated one, by resource name. Empty until a screen needs more than its
// declaration can say.
import type { ResourceViews } from '../generated';
import message from './message';
import lecode from './lecode';
import report from './report';
import log from './log';
import chatchat from './chatchat';

export const overrides: Record<string, Partial<ResourceViews>> = {
  message,
  lecode,
  report,
  log,
  chatchat,
};
