// The one list of the browser's features that plug parts into the generated screens (docs/architecture.md,
// "The browser: parts plugged in"). A feature with parts has a `plug.tsx`; listing it here is all it takes.
// `Parts` wants a part under every name of resources/parts.ts, and each feature's `satisfies FeatureParts`
// takes only those names: a name a declaration uses without its part, or a part under a misspelt name, does
// not compile. src/App.tsx loads this list with the first generated screen (not with the console's shell).
import { gatherParts, type Parts } from './declared/parts';
import { genericParts } from './declared/plug';
import { alarmParts } from './alarms/plug';
import { campaignParts } from './campaigns/plug';
import { catalogParts } from './catalog/plug';
import { commandParts } from './commands/plug';
import { importParts } from './import/plug';
import { liveParts } from './live/plug';
import { logParts } from './log/plug';
import { notifyParts } from './notify/plug';
import { replenishmentParts } from './replenishment/plug';
import { voucherParts } from './vouchers/plug';

export const parts: Parts = gatherParts([
  genericParts,
  alarmParts,
  campaignParts,
  catalogParts,
  commandParts,
  importParts,
  liveParts,
  logParts,
  notifyParts,
  replenishmentParts,
  voucherParts,
]);
