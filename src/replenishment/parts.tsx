// Small parts of the forecasts' screens (docs/replenishment.md): "empty in 9 h", a week's use per day, a
// consumable's name. Plugged in by ./plug.tsx for the forecast and restock lists.
import { useRecordContext, useTranslate } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { useFormat } from '../lib/format';

const HOUR = 3_600_000;

/** A span of hours in the language, short: "45 min", "9 h", "3 d". */
export function spanOf(hours: number, locale: string): string {
  const unit = (n: number, u: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 0 }).format(n);
  if (hours < 1) return unit(Math.max(1, Math.round(hours * 60)), 'minute');
  if (hours < 48) return unit(Math.round(hours), 'hour');
  return unit(Math.round(hours / 24), 'day');
}

/** "empty in 9 h" from an ISO time (red under a day), "empty now", or nothing when it does not run empty. */
export function EmptyInText({ at, now = Date.now() }: { at: string | null | undefined; now?: number }) {
  const translate = useTranslate();
  const fmt = useFormat();
  if (!at)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('vf.forecast.never')}
      </Typography>
    );
  const hours = (new Date(at).getTime() - now) / HOUR;
  if (hours <= 0) return <Chip size="small" color="error" label={translate('vf.forecast.empty_now')} />;
  return (
    <Chip
      size="small"
      variant={hours < 24 ? 'filled' : 'outlined'}
      color={hours < 24 ? 'warning' : 'default'}
      label={translate('vf.forecast.empty_in', { time: spanOf(hours, fmt.locale) })}
    />
  );
}

/** The renderer of an `empty_at` column. */
export function EmptyIn({ source }: { source: string }) {
  const record = useRecordContext();
  return <EmptyInText at={record?.[source] as string | null} />;
}

/** The next 7 days' use, today first, as small numbers. */
export function PerDay({ source }: { source: string }) {
  const record = useRecordContext();
  const fmt = useFormat();
  const days = record?.[source];
  if (!Array.isArray(days)) return null;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {days.map((d: number) => fmt.number(d, 1)).join(' · ')}
    </Typography>
  );
}

/** A consumable's telemetry metric by its name in the language. */
export function MetricName({ source }: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (!v) return null;
  return <Typography variant="body2">{translate(`vf.telemetry.metric.${String(v)}`, { _: String(v) })}</Typography>;
}
