// One metric of one robot over time (recharts, loaded with the robot page's measurements only): the average as a
// line, the hour's min–max as a band when the points are hourly, each rule's threshold as a dashed line, and the
// stretches where a rule was breached shaded. Times and numbers in the console's language.
import { useTranslate } from 'react-admin';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '@mui/material/styles';
import { useFormat } from '../lib/format';
import type { Series, ShownRule } from './shapes';

const HEIGHT = 200;
/** x-axis labels across the range (the data alone may cover a minute of it) */
const TICKS = 5;

const breaching = (r: ShownRule, v: number) => (r.op === 'gt' ? v > r.threshold : v < r.threshold);

/** The [start, end] times of each run of points breaching any of the rules. */
function excursions(s: Series, rules: ShownRule[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start: number | undefined;
  let last = 0;
  for (const p of s.points) {
    const t = Date.parse(p.t);
    const out_ = rules.some((r) => breaching(r, r.op === 'gt' ? p.max : p.min));
    if (out_ && start === undefined) start = t;
    if (!out_ && start !== undefined) {
      out.push([start, t]);
      start = undefined;
    }
    last = t;
  }
  if (start !== undefined) out.push([start, last]);
  return out;
}

export default function MetricChart({
  series,
  rules,
  from,
  to,
}: {
  series: Series;
  rules: ShownRule[];
  from: number;
  to: number;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const fmt = useFormat();
  const long = to - from > 2 * 86_400_000;
  const tick = (t: number) =>
    new Intl.DateTimeFormat(
      fmt.locale,
      long ? { month: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit' },
    ).format(t);
  const data = series.points.map((p) => ({ t: Date.parse(p.t), avg: p.avg, band: [p.min, p.max] as [number, number] }));
  const unit = series.unit;
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[from, to]}
          ticks={Array.from({ length: TICKS }, (_, i) => from + ((to - from) * i) / (TICKS - 1))}
          tickFormatter={tick}
          fontSize={12}
        />
        <YAxis fontSize={12} width={44} domain={['auto', 'auto']} tickFormatter={(v: number) => fmt.number(v)} />
        <Tooltip
          labelFormatter={(t) => fmt.dateTime(Number(t))}
          formatter={(v, name) => {
            const text = Array.isArray(v)
              ? v.map((x) => fmt.number(Number(x), 1)).join(' – ')
              : fmt.number(Number(v), 1);
            return [
              `${text}${unit}`,
              translate(`vf.telemetry.chart.${name === 'band' ? 'min' : 'avg'}`) +
                (name === 'band' ? ` – ${translate('vf.telemetry.chart.max')}` : ''),
            ];
          }}
        />
        {excursions(series, rules).map(([a, b]) => (
          <ReferenceArea key={a} x1={a} x2={b} fill={theme.palette.error.main} fillOpacity={0.12} ifOverflow="hidden" />
        ))}
        {rules.map((r) => (
          <ReferenceLine
            key={r._id}
            y={r.threshold}
            stroke={r.level === 'error' ? theme.palette.error.main : theme.palette.warning.main}
            strokeDasharray="6 4"
            ifOverflow="extendDomain"
            label={{
              value: translate('vf.telemetry.chart.threshold', {
                name: r.name,
                op: translate(`vf.telemetry.op.${r.op}`),
                threshold: `${r.threshold}${unit}`,
              }),
              position: 'insideTopRight',
              fontSize: 11,
            }}
          />
        ))}
        {series.step === 'hour' ? (
          <Area
            dataKey="band"
            stroke="none"
            fill={theme.palette.primary.main}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        ) : null}
        <Line
          dataKey="avg"
          stroke={theme.palette.primary.main}
          dot={false}
          strokeWidth={1.5}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
