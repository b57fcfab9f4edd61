// The command parts the declarations name (resources/command.ts, resources/device.ts): a command's state and
// parameters, a robot out of service or on an older menu, and the send-a-command button over selected robots.
// Plugged in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import { useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { RendererProps } from '../declared/partProps';
import type { FeatureParts } from '../declared/parts';
import { ValueText } from '../declared/plug';
import { CommandStateChip, shortJson } from './parts';
import { SendCommandBulk } from './SendCommand';

function CommandState({ source }: RendererProps) {
  const record = useRecordContext();
  return record?.[source] ? <CommandStateChip state={String(record[source])} /> : null;
}

function CommandParams({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  return v == null ? null : <ValueText>{shortJson(v)}</ValueText>;
}

/** A robot out of service: a chip, with who locked it and why on hover (and on its page). */
function Locked({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.[source]) return null;
  return (
    <Chip
      size="small"
      color="warning"
      label={translate('resources.device.fields.locked')}
      title={translate('vf.commands.locked', { by: record.locked_by ?? '—', reason: record.lock_reason ?? '' })}
      data-testid="robot-locked"
    />
  );
}

/** A robot running an older menu than its store's: a chip (nothing while it is up to date). */
function MenuOutdated({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return record?.[source] ? (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      label={translate('resources.device.fields.menu_outdated')}
      data-testid="robot-menu-outdated"
    />
  ) : null;
}

export const commandParts = {
  renderers: { commandState: CommandState, commandParams: CommandParams, locked: Locked, menuOutdated: MenuOutdated },
  bulk: { 'command.send': SendCommandBulk },
} satisfies FeatureParts;
