// Every declared resource. A new entity = one new file here; `npm run db:migration` adds its import and its
// name at the end of the list (scripts/registerEntities.ts): keep the list on one line.
import type { ResourceDef } from './types';
import user from './user';
import role from './role';
import authorization from './authorization';
import integrator from './integrator';
import dealer from './dealer';
import device from './device';
import message from './message';
import alarm from './alarm';
import { lecode, chatchat, report, log } from './service';
import product from './product';
import template from './template';
import product_classify from './product_classify';
import order from './order';
import refund from './refund';
import restock from './restock';
import webhook from './webhook';
import webhook_delivery from './webhook_delivery';
import command from './command';
import telemetry_rule from './telemetry_rule';
import notification from './notification';
import notify_channel from './notify_channel';
import notify_policy from './notify_policy';
import forecast from './forecast';
import firmware from './firmware';
import campaign from './campaign';

/** Every declaration, with its literal types (`as const`): server/db/schema/rows.ts derives the tables' row types
 * from them. `npm run db:migration` adds a new declaration here (scripts/registerEntities.ts). */
// one line: `npm run db:migration` adds a new entity's name to it (scripts/registerEntities.ts)
// prettier-ignore
export const declared = [integrator, dealer, device, alarm, message, product, template, product_classify, restock, order, refund, user, role, authorization, lecode, chatchat, report, log, webhook, webhook_delivery, firmware, campaign, command, telemetry_rule, notification, notify_channel, notify_policy, forecast] as const;

export const resources: readonly ResourceDef[] = declared;

export function findResource(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}

export type { ResourceDef, FieldDef, ActionDef, Verb, Permission } from './types';
export { callPath } from './types';
