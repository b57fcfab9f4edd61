// Named buttons a declaration asks for (`list.toolbar`, `list.bulk` in resources/types.ts). Apart from the named
// values and inputs (./registry.tsx) because a button may itself show a form of declared inputs, which look
// those up: kept together, the inputs and the buttons would import each other.
import type { ComponentType } from 'react';
import { GenerateVouchers } from '../vouchers/GenerateVouchers';
import { MarkAllRead } from '../live/MarkAllRead';
import { SendCommandBulk } from '../commands/SendCommand';
import { NotifyMe } from '../notify/NotifyMe';
import { StartCampaign } from '../campaigns/StartCampaign';

/** Buttons of a list's toolbar by name; each decides for itself whether the account may use it. */
export const toolbar: Record<string, ComponentType> = {
  'lecode.generate': GenerateVouchers,
  'message.readAll': MarkAllRead,
  'notify_channel.notifyMe': NotifyMe,
  'campaign.start': StartCampaign,
};

/** Buttons over a list's selected rows by name (`list.bulk`), beside the generated bulk verbs. */
export const bulkButtons: Record<string, ComponentType> = {
  'command.send': SendCommandBulk,
};
