// The dashboard. The figures and charts of the orders issue go here; for now who you are and what you see.
import { Title, useTranslate } from 'react-admin';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useProfile } from '../layout/useProfile';

export function DashboardPage() {
  const translate = useTranslate();
  const p = useProfile();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('vf.menu.dashboard')} />
      <Card>
        <CardContent>
          <Typography component="h2" variant="h5" gutterBottom>
            {translate('vf.dashboard.welcome', { name: p?.nickname || p?._id || '' })}
          </Typography>
          {p ? (
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              <Chip label={translate(`vf.account_type.${p.account_type}`)} color="primary" />
              {p.roles_detail.map((r) => (
                <Chip key={r._id} label={translate('vf.dashboard.role', { role: r.display_name })} variant="outlined" />
              ))}
              <Chip label={p.dealer_name ?? p.integrator_name ?? translate('vf.dashboard.scope_all')} variant="outlined" />
            </Stack>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
