// The visit plan (docs/replenishment.md, "The visit plan"): for a day and the days a visit must cover, the stores to
// visit in route order on a map, each robot's reasons and what to load, the van's pick list; printable as the
// restocker's sheet, exportable as CSV, and each robot restocked from it in one step with the existing restock.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  GlobalStyles,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { api } from '../providers/http';
import { useFormat } from '../lib/format';

const RouteMap = lazy(() => import('./RouteMap'));

interface Line {
  product: string;
  code: string;
  name: string;
  quantity: number;
}
interface Stop {
  order: number;
  dealer: string;
  name: string;
  lat: number;
  lng: number;
  robots: Array<{ device: string; name: string; reasons: string[]; lines: Line[] }>;
}
interface Plan {
  date: string;
  stops: Stop[];
  skipped: Array<{ dealer: string; name: string; reason: string }>;
  distance_km: number;
  pick_list: Line[];
  tile_url: string;
}

/** Tomorrow in the browser's own clock, YYYY-MM-DD. */
function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A CSV cell: quoted, and text a spreadsheet would run as a formula made inert. */
const cell = (v: string | number) => {
  const s = String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function VisitPlanPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const fmt = useFormat();
  const [date, setDate] = useState(tomorrow);
  const [cover, setCover] = useState('2');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restocked, setRestocked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const cover_days = /^\d+$/.test(cover.trim()) ? Number(cover.trim()) : cover;
      setPlan(await api<Plan>('POST', '/visit/plan', { date, cover_days }));
      setRestocked(new Set());
    } catch (e) {
      setError((e as Error).message);
    }
  }, [date, cover]);
  useEffect(() => {
    void load();
    // the first plan on arrival; later ones when asked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // one step per robot: each of its lines through the product's own restock (atomic and logged there)
  const restock = async (robot: Stop['robots'][number]) => {
    setBusy(robot.device);
    try {
      for (const l of robot.lines) await api('POST', '/product/restock', { _id: l.product, quantity: l.quantity });
      setRestocked((s) => new Set([...s, robot.device]));
      notify('vf.forecast.plan.restocked', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = () => {
    if (!plan) return;
    const t = (k: string) => translate(`vf.forecast.plan.${k}`);
    const rows = [
      [
        t('stops'),
        translate('resources.dealer.name', { smart_count: 1 }),
        t('robot'),
        t('code'),
        t('product'),
        t('quantity'),
      ],
    ];
    for (const s of plan.stops)
      for (const r of s.robots)
        for (const l of r.lines) rows.push([String(s.order), s.name, r.name, l.code, l.name, String(l.quantity)]);
    rows.push([], [t('pick_list')], ...plan.pick_list.map((l) => ['', '', '', l.code, l.name, String(l.quantity)]));
    download(`visit-plan-${plan.date}.csv`, rows.map((r) => r.map(cell).join(',')).join('\r\n'));
  };

  // how good the forecasts have been, beside the 28-day average (the accuracy call's backtest of the last weeks)
  const [accuracy, setAccuracy] = useState<{ wape: number | null; baseline_wape: number | null } | null>(null);
  useEffect(() => {
    const day = 86_400_000;
    api<{ wape: number | null; baseline_wape: number | null }>('POST', '/forecast/accuracy', {
      from: new Date(Date.now() - 35 * day).toISOString(),
      to: new Date(Date.now() - 8 * day).toISOString(),
    }).then(setAccuracy, () => setAccuracy(null));
  }, []);

  const mapStops = useMemo(
    () => plan?.stops.map(({ order, name, lat, lng }) => ({ order, name, lat, lng })) ?? [],
    [plan],
  );

  return (
    <Box sx={{ mt: 1 }} className="vf-visit-plan">
      <GlobalStyles
        styles={{
          '@media print': {
            // the console's header and menu (src/layout) and the page's own buttons are no part of the sheet
            '[data-testid="app-header"], [data-testid="sidebar"], [data-testid="sidebar-drawer"], [data-no-print]': {
              display: 'none !important',
            },
            '[data-testid="app-layout"] > div': { marginLeft: '0 !important' },
            '.leaflet-control-zoom': { display: 'none' },
            '.vf-visit-plan': { margin: 0 },
          },
        }}
      />
      <Title title={translate('vf.forecast.plan.menu')} />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }} data-no-print>
        <TextField
          size="small"
          type="date"
          label={translate('vf.forecast.plan.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 190 }}
        />
        <TextField
          size="small"
          label={translate('vf.forecast.plan.cover_days')}
          value={cover}
          onChange={(e) => setCover(e.target.value)}
          sx={{ width: 120 }}
        />
        <Button variant="contained" onClick={() => void load()}>
          {translate('vf.forecast.plan.show')}
        </Button>
        <Button onClick={() => window.print()} disabled={!plan}>
          {translate('vf.forecast.plan.print')}
        </Button>
        <Button onClick={exportCsv} disabled={!plan}>
          {translate('vf.forecast.plan.export')}
        </Button>
      </Stack>
      {accuracy && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="forecast-accuracy">
          {translate('vf.forecast.accuracy.title')}:{' '}
          {accuracy.wape === null || accuracy.baseline_wape === null
            ? translate('vf.forecast.accuracy.none')
            : `${translate('vf.forecast.accuracy.wape', { wape: fmt.percent(accuracy.wape, 0) })} · ${translate(
                'vf.forecast.accuracy.baseline',
                { wape: fmt.percent(accuracy.baseline_wape, 0) },
              )}`}
        </Typography>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {plan && (
        <Stack spacing={2}>
          <Typography variant="h6">
            {translate('vf.forecast.plan.title', { date: plan.date })} ·{' '}
            {translate('vf.forecast.plan.distance', { km: fmt.number(plan.distance_km, 1) })}
          </Typography>
          {plan.skipped.length > 0 && (
            <Alert severity="warning">
              {translate('vf.forecast.plan.skipped', { names: plan.skipped.map((s) => s.name).join(', ') })}
            </Alert>
          )}
          {plan.stops.length === 0 && plan.skipped.length === 0 && (
            <Alert severity="info">{translate('vf.forecast.plan.none')}</Alert>
          )}
          {mapStops.length > 0 && (
            <Suspense fallback={<Box sx={{ height: 340 }} />}>
              <RouteMap stops={mapStops} tileUrl={plan.tile_url} label={translate('vf.forecast.plan.map')} />
            </Suspense>
          )}
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" gutterBottom>
                {translate('vf.forecast.plan.stops')}
              </Typography>
              <Table size="small" data-testid="plan-stops">
                <TableHead>
                  <TableRow>
                    <TableCell>#</TableCell>
                    <TableCell>{translate('resources.dealer.name', { smart_count: 1 })}</TableCell>
                    <TableCell>{translate('vf.forecast.plan.robot')}</TableCell>
                    <TableCell>{translate('vf.forecast.plan.load')}</TableCell>
                    <TableCell data-no-print />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.stops.flatMap((s) =>
                    s.robots.map((r, i) => (
                      <TableRow key={r.device} data-testid={`stop-${s.order}`}>
                        <TableCell>{i === 0 ? s.order : ''}</TableCell>
                        <TableCell>{i === 0 ? s.name : ''}</TableCell>
                        <TableCell>
                          <div>{r.name}</div>
                          {r.reasons.map((why) => (
                            <Chip
                              key={why}
                              size="small"
                              sx={{ mr: 0.5, mt: 0.5 }}
                              label={translate(`vf.forecast.plan.reasons.${why}`)}
                            />
                          ))}
                        </TableCell>
                        <TableCell>
                          {r.lines.map((l) => (
                            <div key={l.product}>
                              {l.name} ({l.code}) × {l.quantity}
                            </div>
                          ))}
                        </TableCell>
                        <TableCell data-no-print>
                          {r.lines.length > 0 &&
                            (restocked.has(r.device) ? (
                              <Chip size="small" color="success" label={translate('vf.forecast.plan.restocked')} />
                            ) : (
                              <Button size="small" disabled={busy !== null} onClick={() => void restock(r)}>
                                {translate('vf.forecast.plan.restock')}
                              </Button>
                            ))}
                        </TableCell>
                      </TableRow>
                    )),
                  )}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" gutterBottom>
                {translate('vf.forecast.plan.pick_list')}
              </Typography>
              <Table size="small" data-testid="pick-list">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('vf.forecast.plan.code')}</TableCell>
                    <TableCell>{translate('vf.forecast.plan.product')}</TableCell>
                    <TableCell align="right">{translate('vf.forecast.plan.quantity')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.pick_list.map((l) => (
                    <TableRow key={l.code}>
                      <TableCell>{l.code}</TableCell>
                      <TableCell>{l.name}</TableCell>
                      <TableCell align="right">{l.quantity}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
