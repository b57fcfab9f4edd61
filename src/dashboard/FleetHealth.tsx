// The dashboard's lead (docs/telemetry.md "Fleet health"): the caller's robots online, offline, in failure and
// locked — each a link to the robot list so filtered — active alarms by level, sold-out lines, and per store the
// uptime over the range and the median time to clear an alarm. Live: a robot's status event (a lock acknowledged
// too) or an alarm event asks it again. Below, the firmware versions in the fleet per robot type, each a link to the
// robot list filtered by type and version (what a campaign's target would be, docs/campaigns.md), as they make the robot and alarm lists stale (src/live/LiveAlarms.tsx).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { api } from '../providers/http';
import { useFormat } from '../lib/format';
import { MAX_PAGE_SIZE } from '../../resources/limits';
import type { FirmwareCount } from '../../resources/dashboard';

interface Counts {
  online: number;
  offline: number;
  failure: number;
  locked: number;
}
export interface Fleet {
  robots: Counts & { total: number };
  alarms: { warning: number; error: number };
  menu_outdated: number | null;
  sold_out: number;
  running_empty: number;
  stores: Array<Counts & { dealer: string | null; uptime: number; clear_median_minutes: number | null }>;
  versions: FirmwareCount[];
}

const RANGES = { range_24h: 1, range_7d: 7, range_30d: 30 } as const;
type RangeKey = keyof typeof RANGES;
const listOf = (resource: string, filter: Record<string, unknown>) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const STATUS: Array<{
  key: keyof Counts;
  filter: Record<string, unknown>;
  color?: 'success.main' | 'error.main' | 'warning.main';
}> = [
  { key: 'online', filter: { online: true }, color: 'success.main' },
  { key: 'offline', filter: { online: false } },
  { key: 'failure', filter: { state: 'failure' }, color: 'error.main' },
  { key: 'locked', filter: { locked: true }, color: 'warning.main' },
];

function Figure({
  label,
  value,
  to,
  testid,
  color,
}: {
  label: string;
  value: string;
  to?: string;
  testid: string;
  color?: string;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={testid} sx={{ color }}>
          {to ? (
            <Link component={RouterLink} to={to} color="inherit" underline="hover">
              {value}
            </Link>
          ) : (
            value
          )}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function FleetHealth() {
  const translate = useTranslate();
  const fmt = useFormat();
  const t = (k: string, args?: Record<string, unknown>) => translate(`vf.telemetry.fleet.${k}`, args);
  const [range, setRange] = useState<RangeKey>('range_7d');
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    // under 'device': a robot's status event makes it stale like the robot list
    queryKey: ['device', 'fleet-health', range],
    queryFn: () => {
      const to = Date.now();
      return api<Fleet>('POST', '/dashboard/fleet', {
        from: new Date(to - RANGES[range] * 86_400_000).toISOString(),
        to: new Date(to).toISOString(),
      });
    },
  });
  // an alarm event makes the alarm lists stale: the alarm counts here are too
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((e) => {
        if (e.type === 'updated' && e.action.type === 'invalidate' && e.query.queryKey[0] === 'alarm') void refetch();
      }),
    [queryClient, refetch],
  );
  const { data: names } = useQuery({
    queryKey: ['dealer', 'fleet-health-names'],
    queryFn: () =>
      api<{ list: Array<{ _id: string; name: string }> }>('POST', '/dealer/list', {
        page: 1,
        pageSize: MAX_PAGE_SIZE,
      }).then((r) => new Map(r.list.map((d) => [d._id, d.name]))),
    enabled: (data?.stores.length ?? 0) > 0,
  });

  return (
    <Card data-testid="fleet-health">
      <CardHeader
        title={t('title')}
        subheader={data ? t('total', { count: fmt.number(data.robots.total) }) : undefined}
        titleTypographyProps={{ component: 'h2', variant: 'h6' }}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_, v: RangeKey | null) => v && setRange(v)}
            aria-label={t('uptime')}
            sx={{ mr: 1, mt: 1 }}
          >
            {(Object.keys(RANGES) as RangeKey[]).map((k) => (
              <ToggleButton key={k} value={k}>
                {translate(`vf.telemetry.chart.${k}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      <CardContent>
        {error ? <Alert severity="error">{(error as Error).message}</Alert> : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', xl: 'repeat(8, 1fr)' },
          }}
        >
          {STATUS.map(({ key, filter, color }) => (
            <Figure
              key={key}
              label={t(key)}
              value={data ? fmt.number(data.robots[key]) : '…'}
              to={listOf('device', filter)}
              testid={`fleet-${key}`}
              color={data?.robots[key] ? color : undefined}
            />
          ))}
          <Figure
            label={`${t('alarms')} · ${translate('resources.alarm.choices.level.error')}`}
            value={data ? fmt.number(data.alarms.error) : '…'}
            to={listOf('alarm', { state: 'active', level: 'error' })}
            testid="fleet-alarms-error"
            color={data?.alarms.error ? 'error.main' : undefined}
          />
          <Figure
            label={`${t('alarms')} · ${translate('resources.alarm.choices.level.warning')}`}
            value={data ? fmt.number(data.alarms.warning) : '…'}
            to={listOf('alarm', { state: 'active', level: 'warning' })}
            testid="fleet-alarms-warning"
            color={data?.alarms.warning ? 'warning.main' : undefined}
          />
          <Figure
            label={translate('vf.restock.sold_out')}
            value={data ? fmt.number(data.sold_out) : '…'}
            to={listOf('restock', { sold_out: true })}
            testid="fleet-sold-out"
          />
          <Figure
            label={translate('vf.forecast.running_empty')}
            value={data ? fmt.number(data.running_empty) : '…'}
            to={listOf('forecast', { empty_before: new Date(Date.now() + 86_400_000).toISOString() })}
            testid="fleet-running-empty"
            color={data?.running_empty ? 'warning.main' : undefined}
          />
          <Figure
            label={t('menu_outdated')}
            value={data && data.menu_outdated !== null ? fmt.number(data.menu_outdated) : t('none')}
            testid="fleet-menu-outdated"
          />
        </Box>
        {data && data.stores.length ? (
          <Box sx={{ overflowX: 'auto', mt: 2 }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('store')}</TableCell>
                  {STATUS.map(({ key }) => (
                    <TableCell key={key} align="right">
                      {t(key)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{t('uptime')}</TableCell>
                  <TableCell align="right">{t('clear_median')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.stores.map((s) => (
                  <TableRow key={s.dealer ?? ''} data-testid={`fleet-store-${s.dealer ?? 'none'}`}>
                    <TableCell>
                      {s.dealer ? (names?.get(s.dealer) ?? s.dealer) : translate('vf.fleet.device.unbound')}
                    </TableCell>
                    {STATUS.map(({ key, filter }) => (
                      <TableCell key={key} align="right">
                        <Link
                          component={RouterLink}
                          to={listOf('device', { ...filter, ...(s.dealer ? { dealer: s.dealer } : {}) })}
                          underline="hover"
                        >
                          {fmt.number(s[key])}
                        </Link>
                      </TableCell>
                    ))}
                    <TableCell align="right">{fmt.percent(s.uptime)}</TableCell>
                    <TableCell align="right">
                      {s.clear_median_minutes === null
                        ? t('none')
                        : t('minutes', { count: fmt.number(s.clear_median_minutes, 1) })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        {data && data.versions.length ? (
          <Box sx={{ overflowX: 'auto', mt: 2 }}>
            <Typography variant="subtitle1" component="h3" id="fleet-versions-title">
              {t('versions')}
            </Typography>
            <Table size="small" aria-labelledby="fleet-versions-title" data-testid="fleet-versions">
              <TableHead>
                <TableRow>
                  <TableCell>{t('type')}</TableCell>
                  <TableCell>{t('version')}</TableCell>
                  <TableCell align="right">{t('robots')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.versions.map((v) => (
                  <TableRow
                    key={`${v.type}/${v.firmware_version ?? ''}`}
                    data-testid={`fleet-version-${v.type}-${v.firmware_version ?? 'none'}`}
                  >
                    <TableCell>{translate(`resources.device.choices.type.${v.type}`, { _: v.type })}</TableCell>
                    <TableCell>{v.firmware_version ?? t('unreported')}</TableCell>
                    <TableCell align="right">
                      {v.firmware_version === null ? (
                        fmt.number(v.count)
                      ) : (
                        <Link
                          component={RouterLink}
                          to={listOf('device', { type: v.type, firmware_version: v.firmware_version })}
                          underline="hover"
                        >
                          {fmt.number(v.count)}
                        </Link>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default FleetHealth;
