// The hooks of every declared resource that has any, each defined by the feature or domain file that owns it
// (`defineHooks`, server/crud/hooks.ts), listed once here and handed to the engine when the app is built
// (server/app.ts). A resource left out of this list has no hooks; a name that is not a declared resource does not
// compile; two definitions for one resource stop the app at its start.
import { hookBook } from './crud/hooks';
import { userHooks } from './domain/user';
import { roleHooks } from './domain/role';
import { authorizationHooks } from './domain/authorization';
import { deviceHooks } from './domain/device';
import { dealerHooks } from './domain/dealer';
import { messageHooks } from './domain/message';
import { alarmHooks } from './domain/alarm';
import { reportHooks } from './domain/report';
import { productHooks, templateHooks } from './domain/catalog';
import { orderHooks, refundHooks } from './domain/order';
import { webhookHooks } from './domain/webhook';
import { restockHooks } from './domain/restock';
import { commandHooks } from './features/commands';
import { telemetryRuleHooks } from './features/telemetry/ruleHooks';

export const resourceHooks = hookBook([
  userHooks,
  roleHooks,
  authorizationHooks,
  deviceHooks,
  dealerHooks,
  messageHooks,
  alarmHooks,
  reportHooks,
  productHooks,
  templateHooks,
  orderHooks,
  refundHooks,
  webhookHooks,
  restockHooks,
  commandHooks,
  telemetryRuleHooks,
]);
