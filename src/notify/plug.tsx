// The notification parts the declarations name (resources/notify_policy.ts, notification.ts, notify_channel.ts):
// a policy's tiers, quiet hours and codes, a sent message's text, and the notify-me button. Plugged in by
// src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import { NotifyMe } from './NotifyMe';
import { CodesField, CodesInput, MessageText, QuietField, QuietInput, TiersField, TiersInput } from './parts';

export const notifyParts = {
  renderers: { notifyTiers: TiersField, notifyQuiet: QuietField, notifyCodes: CodesField, notifyMessage: MessageText },
  inputs: { notifyTiers: TiersInput, notifyQuiet: QuietInput, notifyCodes: CodesInput },
  toolbar: { 'notify_channel.notifyMe': NotifyMe },
} satisfies FeatureParts;
