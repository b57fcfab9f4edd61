// The dashboard: who you are, the sales figures (orders, quantity, fee, refund orders, refund fee, real fee)
// for today, 7 days, 30 days or chosen dates, scoped by the server to the account's brand or store, and
// the charts — recharts is loaded lazily so the login page and the shell never wait for it.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useProfile } from '../layout/useProfile';
import { api } from '../providers/http';
import { useFormat, zoneLabel } from '../lib/format';
import { isoDate, rangeOf, type Period } from '../dashboard/period';
import type { ChartData, DashboardSummary as Summary } from '../../resources/dashboard';
import { MAX_PAGE_SIZE } from '../../resources/limits';

const Charts = lazy(() => import('../dashboard/Charts'));
const FleetHealth = lazy(() => import('../dashboard/FleetHealth'));
const RangePickers = lazy(() => import('../dashboard/RangePickers'));

const FIGURES: Array<{ key: Exclude<keyof Summary, 'from' | 'to'>; money?: boolean }> = [
  { key: 'orders' },
  { key: 'quantity' },
  { key: 'fee', money: true },
  { key: 'refund_orders' },
  { key: 'refund_fee', money: true },
  { key: 'real_fee', money: true },
];

function Welcome() {
  const translate = useTranslate();
  const p = useProfile();
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h5" gutterBottom>
          {translate('vf.dashboard.welcome', { name: p?.nickname || p?._id || '' })}
        </Typography>
        {p ? (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Chip
              label={translate(`vf.account_type.${p.account_type}`)}
              color="primary"
              sx={{ bgcolor: 'primary.dark' }}
            />
            {p.roles_detail.map((r) => (
              <Chip key={r._id} label={translate('vf.dashboard.role', { role: r.display_name })} variant="outlined" />
            ))}
            <Chip
              label={p.dealer_name ?? p.integrator_name ?? translate('vf.dashboard.scope_all')}
              variant="outlined"
            />
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The stores an account may narrow its figures to (a brand's own, or every store for the provider). */
function useStores(enabled: boolean) {
  const [stores, setStores] = useState<Array<{ _id: string; name: string }>>([]);
  useEffect(() => {
    if (!enabled) return;
    api<{ list: Array<{ _id: string; name: string }> }>('POST', '/dealer/list', {
      page: 1,
      pageSize: MAX_PAGE_SIZE,
      sort: { field: 'name', order: 'ASC' },
    })
      .then((r) => setStores(r.list))
      .catch(() => setStores([]));
  }, [enabled]);
  return stores;
}

function Sales() {
  const translate = useTranslate();
  const profile = useProfile();
  const stores = useStores(!!profile && !profile.dealer);
  const [dealer, setDealer] = useState('');
  const fmt = useFormat();
  const t = (k: string) => translate(`vf.orders.dashboard.${k}`);
  const [period, setPeriod] = useState<Period>('today');
  const [from, setFrom] = useState(() => isoDate(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => isoDate(new Date()));
  const [summary, setSummary] = useState<Summary | null>(null);
  const [charts, setCharts] = useState<ChartData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const range = rangeOf(period, new Date(), from, to);
    if (!range) return;
    let live = true;
    const body = {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      tz_offset: new Date().getTimezoneOffset(),
      ...(dealer ? { dealer } : {}),
    };
    // what was shown belongs to the previous choice: never leave it under the new one (a failed call would)
    setError(null);
    setSummary(null);
    setCharts(null);
    Promise.all([api<Summary>('POST', '/dashboard/summary', body), api<ChartData>('POST', '/dashboard/charts', body)])
      .then(([s, c]) => {
        if (!live) return;
        setSummary(s);
        // four charts are the page's heaviest render: as a transition React slices it, the page stays responsive
        startTransition(() => setCharts(c));
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [period, from, to, dealer]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: Period | null) => v && setPeriod(v)}
          aria-label={t('range')}
        >
          {(['today', 'd7', 'd30', 'range'] as const).map((p) => (
            <ToggleButton key={p} value={p} data-testid={`period-${p}`}>
              {t(p)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {/* the days above begin and end at the viewer's midnight: say whose */}
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-zone">
          {zoneLabel()}
        </Typography>
        {period === 'range' ? (
          <Suspense fallback={<CircularProgress size={24} />}>
            <RangePickers from={from} to={to} onFrom={setFrom} onTo={setTo} />
          </Suspense>
        ) : null}
        {stores.length > 1 ? (
          <TextField
            select
            size="small"
            label={translate('resources.order.fields.dealer')}
            value={dealer}
            onChange={(e) => setDealer(e.target.value)}
            sx={{ minWidth: 200 }}
            data-testid="dashboard-store"
          >
            <MenuItem value="">{t(profile?.integrator ? 'every_store' : 'all_stores')}</MenuItem>
            {stores.map((d) => (
              <MenuItem key={d._id} value={d._id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
        }}
      >
        {FIGURES.map(({ key, money }) => (
          <Card key={key} variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {t(key)}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`figure-${key}`}>
                {summary ? (money ? fmt.money(summary[key]) : fmt.number(summary[key])) : '…'}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {charts ? (
        <Suspense fallback={<CircularProgress aria-label={t('sales')} />}>
          <Charts data={charts} />
        </Suspense>
      ) : error ? null : (
        <CircularProgress aria-label={t('sales')} />
      )}
    </Stack>
  );
}

export function DashboardPage() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'order', action: 'list' });
  const fleet = useCanAccess({ resource: 'device', action: 'list' });
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('vf.menu.dashboard')} />
      <Welcome />
      {/* the fleet's health leads; the sales figures stay below it */}
      {fleet.canAccess ? (
        <Suspense fallback={<CircularProgress />}>
          <FleetHealth />
        </Suspense>
      ) : null}
      {isPending ? null : canAccess ? (
        <Sales />
      ) : (
        <Alert severity="info">{translate('vf.orders.dashboard.no_access')}</Alert>
      )}
    </Stack>
  );
}
