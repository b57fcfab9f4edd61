// Labels of every declared resource, in every language. One file per resource, listed here by
// `npm run db:migration` (scripts/registerEntities.ts): keep the list on one line.
import type { Lang } from '../../resources/accounts';
import type { ResourceLabels, ResourceText } from './types';
import user from './user';
import role from './role';
import authorization from './authorization';
import integrator from './integrator';
import dealer from './dealer';
import device from './device';
import message from './message';
import alarm from './alarm';
import webhook from './webhook';
import webhook_delivery from './webhook_delivery';
import telemetry_rule from './telemetry_rule';
import { lecode, chatchat, report, log } from './service';
import product from './product';
import template from './template';
import product_classify from './product_classify';
import order from './order';
import refund from './refund';
import restock from './restock';
import command from './command';

export const resourceLabels: Record<string, ResourceLabels> = { user, role, authorization, integrator, dealer, device, alarm, message, product, template, product_classify, order, refund, restock, lecode, chatchat, report, log, webhook, webhook_delivery, command, telemetry_rule };

export function resourceTexts(lang: Lang): Record<string, ResourceText> {
  return Object.fromEntries(Object.entries(resourceLabels).map(([name, l]) => [name, l[lang]]));
}
