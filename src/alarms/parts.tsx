// Pieces of the alarm screens: level and state chips, how long an alarm has lasted, the robot's alarms card.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { choiceKey } from '../declared/choiceKey';
import { useFormat } from '../lib/format';

const LEVEL_COLOR = { warning: 'warning', error: 'error' } as const;
const STATE_COLOR = { active: 'error', acknowledged: 'warning', cleared: 'default' } as const;

export function LevelChip({ level }: { level: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={LEVEL_COLOR[level as keyof typeof LEVEL_COLOR] ?? 'default'}
      label={translate(choiceKey('alarm', 'level', level), { _: level })}
    />
  );
}

export function StateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={state === 'cleared' ? 'outlined' : 'filled'}
      color={STATE_COLOR[state as keyof typeof STATE_COLOR] ?? 'default'}
      label={translate(choiceKey('alarm', 'state', state), { _: state })}
      data-testid="alarm-state"
      data-state={state}
    />
  );
}

/** Re-renders every `ms`, so an open alarm's duration keeps counting while the page is open. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/** "3 min", "2 h 5 min", "4 d 3 h" in the viewer's language. */
export function formatDuration(ms: number, locale: string): string {
  const unit = (value: number, u: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
  return `${unit(Math.floor(hours / 24), 'day')} ${unit(hours % 24, 'hour')}`;
}

/** From opening to clearing, or to now while it is open. */
export function AlarmDuration({ record }: { record: { first_seen?: string; clear_time?: string | null } }) {
  const { locale } = useFormat();
  const now = useNow();
  if (!record.first_seen) return null;
  const end = record.clear_time ? new Date(record.clear_time).getTime() : now;
  return <span>{formatDuration(end - new Date(record.first_seen).getTime(), locale)}</span>;
}
