// The hooks of every declared resource that has any, each defined by the feature or domain file that owns it
// (`defineHooks`, server/crud/hooks.ts), listed once here and handed to the engine when the app is built
// (server/app.ts). A resource left out of this list has no hooks; a name that is not a declared resource does not
// compile; two definitions for one resource stop the app at its start.
import { hookBook } from './crud/hooks';
import { userHooks } from './features/accounts/user';
import { roleHooks } from './features/accounts/role';
import { authorizationHooks } from './features/accounts/authorization';
import { deviceHooks } from './features/fleet/device';
import { dealerHooks } from './features/fleet/dealer';
import { messageHooks } from './features/messages/hooks';
import { alarmHooks } from './features/alarms/hooks';
import { reportHooks } from './features/service/report';
import { productHooks, templateHooks } from './features/catalog/product';
import { orderHooks, refundHooks } from './features/orders/order';
import { webhookHooks } from './features/webhooks/hooks';
import { restockHooks } from './features/catalog/restock';
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
