// The robot list's "Start a campaign": the campaign form opened with the list's current filter as its target
// (resolved when the campaign starts, docs/campaigns.md), for an account that may create campaigns.
import { Button, useCanAccess, useCreatePath, useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import RocketLaunch from '@mui/icons-material/RocketLaunch';

export function StartCampaign() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { filterValues } = useListContext();
  const { canAccess } = useCanAccess({ resource: 'campaign', action: 'create' });
  if (!canAccess) return null;
  // the robot-list filters a target takes: plain values (a range or a list stays behind)
  const filter = Object.fromEntries(
    Object.entries(filterValues ?? {}).filter(
      ([, v]) => ['string', 'number', 'boolean'].includes(typeof v) && v !== '',
    ),
  );
  const source = encodeURIComponent(JSON.stringify({ target: { filter } }));
  return (
    <Button
      label={translate('vf.campaign.start_here')}
      data-testid="start-campaign"
      onClick={() => navigate(`${createPath({ resource: 'campaign', type: 'create' })}?source=${source}`)}
    >
      <RocketLaunch />
    </Button>
  );
}
