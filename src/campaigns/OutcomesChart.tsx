// A campaign's outcomes over time (docs/campaigns.md "The campaign's page"): acknowledged, failed and expired per
// bucket since it started (GET /api/campaign/outcomes/{id}), stacked, with recharts as the dashboard's charts and
// loaded only with the page. Under the 'campaign' query key, so `campaign.changed` and `command.changed` refetch
// it with the funnel (src/live/LiveAlarms.tsx).
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../providers/http';
import { useFormat } from '../lib/format';
import { CAMPAIGN_OUTCOMES, type CampaignOutcomes } from '../../resources/campaign';

const COLOR: Record<(typeof CAMPAIGN_OUTCOMES)[number], 'success' | 'error' | 'warning'> = {
  acknowledged: 'success',
  failed: 'error',
  expired: 'warning',
};

export default function OutcomesChart({ id }: { id: string }) {
  const translate = useTranslate();
  const fmt = useFormat();
  const theme = useTheme();
  const { data } = useQuery({
    queryKey: ['campaign', 'outcomes', id],
    queryFn: () => api<CampaignOutcomes>('GET', `/campaign/outcomes/${encodeURIComponent(id)}`),
  });
  if (!data?.start_time) return null;
  const time = (t: string) =>
    new Date(t).toLocaleTimeString(fmt.locale, {
      hour: '2-digit',
      minute: '2-digit',
      ...(data.points.length > 1 && data.bucket_seconds >= 86_400 / 4 ? { day: 'numeric' } : {}),
    });
  const rows = data.points.map((p) => ({ ...p, label: time(p.t) }));
  const name = (k: string) => translate(`vf.campaign.counts.${k}`);
  const title = translate('vf.campaign.outcomes', {
    minutes: fmt.number(data.bucket_seconds / 60),
  });
  return (
    <Box sx={{ mt: 2 }} data-testid="campaign-outcomes">
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tick={{ fontSize: 12 }} allowDecimals={false} tickFormatter={(v: number) => fmt.number(v)} />
          <Tooltip formatter={(v) => fmt.number(Number(v))} />
          <Legend />
          {CAMPAIGN_OUTCOMES.map((k) => (
            <Bar
              key={k}
              dataKey={k}
              name={name(k)}
              stackId="outcomes"
              fill={theme.palette[COLOR[k]].main}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      {/* the chart's figures for a screen reader (WCAG 1.1.1), as the dashboard's charts */}
      <Box component="table" sx={visuallyHidden} data-testid="campaign-outcomes-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{translate('vf.campaign.outcomes_from')}</th>
            {CAMPAIGN_OUTCOMES.map((k) => (
              <th key={k} scope="col">
                {name(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows
            .filter((r) => CAMPAIGN_OUTCOMES.some((k) => r[k]))
            .map((r) => (
              <tr key={r.t}>
                <th scope="row">{r.label}</th>
                {CAMPAIGN_OUTCOMES.map((k) => (
                  <td key={k}>{r[k]}</td>
                ))}
              </tr>
            ))}
        </tbody>
      </Box>
    </Box>
  );
}
