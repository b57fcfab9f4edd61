// Named renderers, inputs, cells and toolbar buttons that a declaration asks for by name (`render`, `input`,
// `cells`, `list.toolbar` in resources/types.ts). The declaration says which; this says how it looks. A name
// a declaration uses must be here (tests/unit/registry.test.ts holds both sides together).
import type { ComponentType } from 'react';
import { FunctionField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import type { FieldDef } from '../../resources/types';
import { choiceKey } from './fields';
import { PhotosField, PhotosInput } from './Photos';
import { PropertiesInput } from '../catalog/PropertiesInput';
import { AlarmDuration, StateChip } from '../alarms/parts';
import { GenerateVouchers } from '../vouchers/GenerateVouchers';
import { MarkAllRead } from '../live/MarkAllRead';

export interface RendererProps {
  resource: string;
  source: string;
  def: FieldDef;
}

const LEVEL_COLOR = { success: 'success', warning: 'warning', error: 'error' } as const;

/** A choice as a chip coloured by its severity (a message's or an alarm's level). */
function LevelChip({ resource, source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v == null) return null;
  return <Chip size="small" sx={{ minWidth: 64 }} color={LEVEL_COLOR[v as keyof typeof LEVEL_COLOR] ?? 'default'} label={translate(choiceKey(resource, source, v), { _: v })} />;
}

/** A long text cut to three lines, so a page of them can be scanned (the record's page shows it all). */
function Clamped({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  if (v == null) return null;
  return (
    <Box component="span" title={String(v)} sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 420 }}>
      {String(v)}
    </Box>
  );
}

/** A notification code with its title in the viewer's language (the server adds `title`). */
function CodeTitle({ source }: RendererProps) {
  const record = useRecordContext();
  if (record?.[source] == null) return null;
  return <span>{`${record[source]} · ${record.title ?? ''}`}</span>;
}

function AlarmStateChip({ source }: RendererProps) {
  const record = useRecordContext();
  return record?.[source] ? <StateChip state={String(record[source])} /> : null;
}

function Photos({ source }: RendererProps) {
  return <PhotosField source={source} />;
}

/** Read-only renderers by name: columns and show pages. */
export const renderers: Record<string, ComponentType<RendererProps>> = {
  level: LevelChip,
  clamp: Clamped,
  codeTitle: CodeTitle,
  alarmState: AlarmStateChip,
  photos: Photos,
};

/** Form inputs by name. */
export const inputs: Record<string, ComponentType<{ resource: string; source: string }>> = {
  properties: PropertiesInput,
  photos: PhotosInput,
};

/** Values that are no declared column (texts the server adds, a duration), by name: `label` is an i18n key. */
export const cells: Record<string, { label: (resource: string) => string; render: ComponentType }> = {
  'notice.title': { label: (r) => `resources.${r}.fields.title`, render: () => <TextField source="title" /> },
  'notice.content': { label: (r) => `resources.${r}.fields.content`, render: () => <TextField source="content" sx={{ display: 'block', maxWidth: 420 }} /> },
  'alarm.duration': { label: () => 'vf.alarms.duration', render: () => <FunctionField render={(r: { first_seen: string; clear_time: string | null }) => <AlarmDuration record={r} />} /> },
};

/** Buttons of a list's toolbar by name; each decides for itself whether the account may use it. */
export const toolbar: Record<string, ComponentType> = {
  'lecode.generate': GenerateVouchers,
  'message.readAll': MarkAllRead,
};
