// A robot's measurements on its page (docs/telemetry.md): every metric its type reports over 24 hours, 7 or 30
// days, with the thresholds of the rules that cover it. The chart code (recharts) loads only when shown. The 24-hour
// view follows the robot: it is asked again every half minute while the page is open.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  CardContent,
  CircularProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { api, apiStream } from '../providers/http';
import { save } from '../lib/exportList';
import Download from '@mui/icons-material/Download';
import { metricsOf } from '../../resources/telemetry';
import { MAX_PAGE_SIZE } from '../../resources/limits';
import type { Series, ShownRule } from './shapes';
import { RecordCard } from '../declared/RecentCard';

const MetricChart = lazy(() => import('./MetricChart'));

const RANGES = { range_24h: 1, range_7d: 7, range_30d: 30 } as const;
type RangeKey = keyof typeof RANGES;
const LIVE_MS = 30_000;

/** The rules that cover this robot, as the server judges them (server/features/telemetry/rules.ts). */
function useRules(robot: { id: string; type: string; integrator: string | null; dealer: string | null } | undefined) {
  const { canAccess } = useCanAccess({ resource: 'telemetry_rule', action: 'list' });
  const [rules, setRules] = useState<ShownRule[]>([]);
  // asked again when the robot's identity or owners change, not each time its record is fetched again
  const { id, type, integrator, dealer } = robot ?? {};
  useEffect(() => {
    if (!id || !canAccess) return;
    let live = true;
    api<{ list: ShownRule[] }>('POST', '/telemetry_rule/list', { page: 1, pageSize: MAX_PAGE_SIZE })
      .then((r) => {
        if (!live) return;
        setRules(
          r.list.filter(
            (x) =>
              (!x.integrator || x.integrator === integrator) &&
              (!x.dealer || x.dealer === dealer) &&
              (!x.type || x.type === type) &&
              (!x.device || x.device === id),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, type, integrator, dealer, canAccess]);
  return rules;
}

/** The food-safety record of one metric of this robot over the range shown, in the viewer's time zone. */
async function downloadRecord(device: string, metric: string, from: number, to: number, format: 'xlsx' | 'csv') {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const res = await apiStream(
    '/telemetry/report/export',
    { metric, devices: [device], from: new Date(from).toISOString(), to: new Date(to).toISOString(), format, tz },
    new AbortController().signal,
  );
  save(await res.blob(), `food-safety-${metric}.${format}`);
}

export function RobotTelemetry() {
  const r = useRecordContext();
  const translate = useTranslate();
  const [range, setRange] = useState<RangeKey>('range_24h');
  const [data, setData] = useState<{ from: number; to: number; series: Series[] } | null>(null);
  // the series are asked again when the robot or the range changes, not each time its record is fetched again
  const device = r ? String(r._id ?? r.id) : undefined;
  const robotType = r ? String(r.type) : undefined;
  const metrics = useMemo(() => (robotType ? metricsOf(robotType) : []), [robotType]);
  const rules = useRules(
    r
      ? { id: String(r._id ?? r.id), type: String(r.type), integrator: r.integrator ?? null, dealer: r.dealer ?? null }
      : undefined,
  );

  useEffect(() => {
    if (!device || metrics.length === 0) return;
    let live = true;
    const load = () => {
      const to = Date.now();
      const from = to - RANGES[range] * 86_400_000;
      Promise.all(
        metrics.map((metric) =>
          api<Series>('POST', '/telemetry/series', {
            device,
            metric,
            from: new Date(from).toISOString(),
            to: new Date(to).toISOString(),
          }),
        ),
      )
        .then((series) => live && setData({ from, to, series }))
        .catch(() => live && setData({ from, to, series: [] }));
    };
    load();
    const timer = range === 'range_24h' ? setInterval(load, LIVE_MS) : undefined;
    return () => {
      live = false;
      if (timer) clearInterval(timer);
    };
  }, [device, range, metrics]);

  if (!r || metrics.length === 0) return null;
  return (
    <RecordCard
      title="vf.telemetry.chart.title"
      testId="device-telemetry"
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, v: RangeKey | null) => v && setRange(v)}
          aria-label={translate('vf.telemetry.chart.title')}
          sx={{ mr: 1 }}
        >
          {(Object.keys(RANGES) as RangeKey[]).map((k) => (
            <ToggleButton key={k} value={k} data-testid={`telemetry-${k}`}>
              {translate(`vf.telemetry.chart.${k}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <CardContent>
        {!data ? (
          <CircularProgress size={24} />
        ) : (
          <Stack spacing={2}>
            {data.series.map((s) => (
              <Box
                key={s.metric}
                data-testid={`telemetry-chart-${s.metric}`}
                data-points={s.points.length}
                data-step={s.step}
              >
                <Stack direction="row" alignItems="center" justifyContent="space-between" useFlexGap flexWrap="wrap">
                  <Typography variant="body2" color="text.secondary">
                    {translate(`vf.telemetry.metric.${s.metric}`)}
                    {s.unit ? ` (${s.unit})` : ''}
                  </Typography>
                  <Stack direction="row">
                    {(['xlsx', 'csv'] as const).map((format) => (
                      <Button
                        key={format}
                        size="small"
                        startIcon={<Download />}
                        // the name starts with the button's visible text (WCAG 2.5.3)
                        aria-label={`${format} · ${translate('vf.telemetry.report.title')}`}
                        onClick={() =>
                          void downloadRecord(String(r._id ?? r.id), s.metric, data.from, data.to, format).catch(
                            () => undefined,
                          )
                        }
                      >
                        {format}
                      </Button>
                    ))}
                  </Stack>
                </Stack>
                {s.points.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                    {translate('vf.telemetry.chart.none')}
                  </Typography>
                ) : (
                  <Suspense fallback={<Box sx={{ height: 200 }} />}>
                    <MetricChart
                      series={s}
                      rules={rules.filter((x) => x.metric === s.metric)}
                      from={data.from}
                      to={data.to}
                    />
                  </Suspense>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </RecordCard>
  );
}
