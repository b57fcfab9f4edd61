// A command's state as a chip coloured by where it stands (done, failed, still on its way), and its parameters
// or result as short text: the renderers the declaration names (`commandState`, `commandParams`).
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { choiceKey } from '../declared/choiceKey';

const COLOR = {
  queued: 'default',
  sent: 'info',
  acknowledged: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
} as const;

export function CommandStateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={state === 'queued' || state === 'cancelled' ? 'outlined' : 'filled'}
      color={COLOR[state as keyof typeof COLOR] ?? 'default'}
      label={translate(choiceKey('command', 'state', state), { _: state })}
      data-testid="command-state"
      data-state={state}
    />
  );
}

/** `{ reason: "freezer warm" }` → `reason: freezer warm` (no braces and quotes for people). */
export function shortJson(v: unknown): string {
  if (v == null || typeof v !== 'object') return v == null ? '' : String(v);
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${k}: ${typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}`)
    .join(', ');
}
