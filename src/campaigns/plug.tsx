// The campaign parts the declarations name (resources/campaign.ts, resources/firmware.ts; docs/campaigns.md):
// the command's parameters, the target and the phases as inputs and as values, a campaign's funnel, a firmware
// image's upload, and the start-a-campaign button. Plugged in by src/parts.ts (docs/architecture.md, "The
// browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import {
  CampaignFunnel,
  CampaignParamsInput,
  CampaignPhasesInput,
  CampaignTargetInput,
  FirmwareFileInput,
  PhasesField,
  TargetField,
} from './parts';
import { StartCampaign } from './StartCampaign';

export const campaignParts = {
  renderers: { campaignPhases: PhasesField, campaignTarget: TargetField },
  inputs: {
    campaignParams: CampaignParamsInput,
    campaignTarget: CampaignTargetInput,
    campaignPhases: CampaignPhasesInput,
    firmwareFile: FirmwareFileInput,
  },
  // a campaign's funnel, its phase and progress (its page only: the counts come with the record's detail)
  cells: { 'campaign.funnel': { label: () => 'vf.campaign.funnel', render: CampaignFunnel } },
  toolbar: { 'campaign.start': StartCampaign },
} satisfies FeatureParts;
