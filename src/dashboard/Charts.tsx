// The dashboard's charts (recharts, loaded only when the dashboard shows them): sales over time, sales by
// robot type, top products and robots by state. Money arrives in cents and is drawn in yuan. Axis ticks,
// tooltips and slice labels are written in the console's language (src/lib/format.ts).
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Section } from '../orders/parts';
import { useFormat, type Format } from '../lib/format';
import type { ChartData } from '../../resources/dashboard';

const toYuan = (c: number | string) => Math.round(Number(c)) / 100;
const PALETTE = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399', '#9B59B6', '#1ABC9C'];

function Empty() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="chart-empty">
      {translate('vf.orders.dashboard.no_data')}
    </Typography>
  );
}

const CHART_HEIGHT = 260;

/** The x axis: the hour within one day ('18:00'), day and hour over two ('11月23日 18:00'), else the day
 * ('11月23日', 'Nov 23', '23 nov'). */
function periodLabel(data: ChartData, period: string, fmt: Format): string {
  if (data.sales_unit === 'day') return fmt.period(period, { day: true });
  const oneDay = data.sales[0]?.period.slice(0, 10) === data.sales.at(-1)?.period.slice(0, 10);
  return fmt.period(period, { day: !oneDay, hour: true });
}

/**
 * One chart per task: each chart is drawn in its own turn of the event loop after the one before, so the
 * page never blocks for all four at once (Lighthouse counted one long task). Until its turn a chart keeps
 * its place, so nothing shifts.
 */
function useStagger(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return;
    const id = setTimeout(() => setShown(shown + 1), 0);
    return () => clearTimeout(id);
  }, [shown, count]);
  return shown;
}

/** A chart filling its section's width, drawn once its turn has come; until then an empty box of its height. */
const ChartFrame = ({ shown, children }: { shown: boolean; children: ReactElement }) =>
  shown ? (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      {children}
    </ResponsiveContainer>
  ) : (
    <Box sx={{ height: CHART_HEIGHT }} />
  );

/** A chart's text alternative (WCAG 1.1.1): its figures as a table, for a screen reader; the chart is drawn for
 * the eye. Named by its section's heading. */
function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <Box component="table" sx={visuallyHidden} data-testid="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {c}
                </th>
              ) : (
                <td key={j}>{c}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

export default function Charts({ data }: { data: ChartData }) {
  const shown = useStagger(4);
  const translate = useTranslate();
  const theme = useTheme();
  const fmt = useFormat();
  const t = (k: string) => translate(`vf.orders.dashboard.${k}`);
  const col = (k: string) => translate(`vf.a11y.chart.${k}`);
  const money = (c: number | string) => fmt.number(toYuan(c), 2);
  const sales = data.sales.map((s) => ({
    period: periodLabel(data, s.period, fmt),
    [t('fee')]: toYuan(s.fee),
    [t('orders')]: s.orders,
  }));
  const byType = data.by_type.map((s) => ({
    type: translate(`resources.device.choices.type.${s.type}`, { _: s.type }),
    [t('fee')]: toYuan(s.fee),
    [t('orders')]: s.orders,
  }));
  const top = data.top_products.map((p) => ({ name: p.name, [t('quantity')]: p.quantity }));
  const robots = new Map<string, number>();
  for (const r of data.robots) {
    const key = r.online
      ? translate(`resources.device.choices.state.${r.state ?? 'unknown'}`, { _: r.state ?? 'unknown' })
      : t('offline');
    robots.set(key, (robots.get(key) ?? 0) + r.count);
  }
  const robotSlices = [...robots].map(([name, value]) => ({ name, value }));
  const axis = { fontSize: 12, fill: theme.palette.text.secondary };
  const tick = (v: number) => fmt.number(v);
  // the fee series is in yuan: two decimals, as everywhere money shows; counts as whole numbers
  const value = (v: unknown, name: unknown) => (name === t('fee') ? fmt.number(Number(v), 2) : fmt.number(Number(v)));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Section title={t('sales')} testId="chart-sales">
        {data.sales.some((s) => s.orders > 0) ? (
          <ChartFrame shown={shown > 0}>
            <LineChart data={sales}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="period" tick={axis} />
              <YAxis yAxisId="fee" tick={axis} tickFormatter={tick} />
              <YAxis yAxisId="orders" orientation="right" tick={axis} tickFormatter={tick} allowDecimals={false} />
              <Tooltip formatter={value} />
              <Legend />
              <Line
                yAxisId="fee"
                type="monotone"
                dataKey={t('fee')}
                stroke={PALETTE[0]}
                dot={sales.length < 3}
                isAnimationActive={false}
              />
              <Line
                yAxisId="orders"
                type="monotone"
                dataKey={t('orders')}
                stroke={PALETTE[1]}
                dot={sales.length < 3}
                isAnimationActive={false}
              />
            </LineChart>
          </ChartFrame>
        ) : (
          <Empty />
        )}
        <ChartTable
          caption={t('sales')}
          head={[col('period'), t('fee'), t('orders')]}
          rows={data.sales.map((r) => [periodLabel(data, r.period, fmt), money(r.fee), fmt.number(r.orders)])}
        />
      </Section>
      <Section title={t('by_type')} testId="chart-by-type">
        {byType.length ? (
          <ChartFrame shown={shown > 1}>
            <BarChart data={byType}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="type" tick={axis} />
              <YAxis tick={axis} tickFormatter={tick} />
              <Tooltip formatter={value} />
              <Legend />
              <Bar dataKey={t('fee')} fill={PALETTE[0]} isAnimationActive={false} />
            </BarChart>
          </ChartFrame>
        ) : (
          <Empty />
        )}
        <ChartTable
          caption={t('by_type')}
          head={[col('type'), t('fee'), t('orders')]}
          rows={byType.map((r, i) => [r.type, money(data.by_type[i].fee), fmt.number(data.by_type[i].orders)])}
        />
      </Section>
      <Section title={t('top_products')} testId="chart-top">
        {top.length ? (
          <ChartFrame shown={shown > 2}>
            <BarChart data={top} layout="vertical" margin={{ left: 24 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" tick={axis} tickFormatter={tick} allowDecimals={false} />
              <YAxis type="category" dataKey="name" tick={axis} width={120} />
              <Tooltip formatter={value} />
              <Bar dataKey={t('quantity')} fill={PALETTE[2]} isAnimationActive={false} />
            </BarChart>
          </ChartFrame>
        ) : (
          <Empty />
        )}
        <ChartTable
          caption={t('top_products')}
          head={[col('product'), t('quantity')]}
          rows={data.top_products.map((p) => [p.name, fmt.number(p.quantity)])}
        />
      </Section>
      <Section title={t('robots')} testId="chart-robots">
        {robotSlices.length ? (
          <ChartFrame shown={shown > 3}>
            <PieChart>
              <Pie
                data={robotSlices}
                dataKey="value"
                nameKey="name"
                outerRadius={90}
                label={({ value: n }: { value?: number }) => fmt.number(n ?? 0)}
                isAnimationActive={false}
              >
                {robotSlices.map((s, i) => (
                  <Cell key={s.name} fill={PALETTE[i % PALETTE.length]} />
                ))}
              </Pie>
              <Tooltip formatter={value} />
              <Legend />
            </PieChart>
          </ChartFrame>
        ) : (
          <Empty />
        )}
        <ChartTable
          caption={t('robots')}
          head={[col('state'), col('count')]}
          rows={robotSlices.map((r) => [r.name, fmt.number(r.value)])}
        />
      </Section>
    </Box>
  );
}
