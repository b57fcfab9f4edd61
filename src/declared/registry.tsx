// Named renderers, inputs and cells that a declaration asks for by name (`render`, `input`, `cells` in
// resources/types.ts; the named buttons are in ./buttons.tsx). The declaration says which; this says how it
// looks. A name a declaration uses must be here (tests/unit/registry.test.ts holds both sides together).
import type { ComponentType } from 'react';
import { FunctionField, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { resources } from '../../resources';
import { choiceKey } from './choiceKey';
import type { RendererProps, InputProps } from './partProps';
import { codeWord } from '../lib/codeWord';
import { PhotosField, PhotosInput } from './Photos';
import { PropertiesInput } from '../catalog/PropertiesInput';
import { AlarmDuration, StateChip } from '../alarms/parts';
import { LogChanges, accountTypeName, actionName, resourceName } from '../log/parts';
import { CommandStateChip, shortJson } from '../commands/parts';
import { CodesField, CodesInput, MessageText, QuietField, QuietInput, TiersField, TiersInput } from '../notify/parts';
import { EmptyIn, MetricName, PerDay } from '../replenishment/parts';
import {
  CampaignFunnel,
  CampaignParamsInput,
  CampaignPhasesInput,
  CampaignTargetInput,
  FirmwareFileInput,
  PhasesField,
  TargetField,
} from '../campaigns/parts';

export type { RendererProps, InputProps } from './partProps';

const LEVEL_COLOR = { success: 'success', warning: 'warning', error: 'error', failed: 'error' } as const;

/** A choice as a chip coloured by its severity (a message's or an alarm's level). */
function LevelChip({ resource, source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v == null) return null;
  return (
    <Chip
      size="small"
      sx={{ minWidth: 64 }}
      color={LEVEL_COLOR[v as keyof typeof LEVEL_COLOR] ?? 'default'}
      label={translate(choiceKey(resource, source, v), { _: v })}
    />
  );
}

/** A long text cut to three lines, so a page of them can be scanned (the record's page shows it all). */
function Clamped({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  if (v == null) return null;
  return (
    <Box
      component="span"
      title={String(v)}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        maxWidth: 420,
      }}
    >
      {String(v)}
    </Box>
  );
}

/** A notification code with its title in the viewer's language (the server adds `title`). */
function CodeTitle({ source }: RendererProps) {
  const record = useRecordContext();
  if (record?.[source] == null) return null;
  // a telemetry rule's alarm has no robot code: its title (the rule's name) says it all
  if (record.rule) return <span>{String(record.title ?? '')}</span>;
  return <span>{`${record[source]} · ${record.title ?? ''}`}</span>;
}

function AlarmStateChip({ source }: RendererProps) {
  const record = useRecordContext();
  return record?.[source] ? <StateChip state={String(record[source])} /> : null;
}

function Photos({ source }: RendererProps) {
  return <PhotosField source={source} />;
}

/** A restock line's state: sold out (red) or low (amber). */
function SoldOut({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const out = !!record[source];
  return (
    <Chip
      size="small"
      color={out ? 'error' : 'warning'}
      label={translate(out ? 'vf.restock.sold_out' : 'vf.restock.low')}
    />
  );
}

/** A text value as react-admin's own TextField sets it (same size in a column and on a record's page). */
const Text = ({ children }: { children: string }) => (
  <Typography component="span" variant="body2">
    {children}
  </Typography>
);

/** The operation log's words: the resource, the action and the account type in the reader's language, not codes. */
function ResourceName({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <Text>{resourceName(translate, record?.[source])}</Text>;
}
function LogAction({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <Text>{actionName(translate, record?.resource, record?.[source])}</Text>;
}
function AccountType({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <Text>{accountTypeName(translate, record?.[source])}</Text>;
}

function CommandState({ source }: RendererProps) {
  const record = useRecordContext();
  return record?.[source] ? <CommandStateChip state={String(record[source])} /> : null;
}

function CommandParams({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  return v == null ? null : <Text>{shortJson(v)}</Text>;
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

/** A stored code kept as text (a notification's category) in words: its label under the field's choices, where
 * there is one (`resources.<R>.choices.<field>.<code>`), else the code as stored. */
function Word({ resource, source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (v == null || v === '') return null;
  return <Text>{codeWord(translate, resource, source, v)}</Text>;
}

/** Read-only renderers by name: columns and show pages. */
export const renderers: Record<string, ComponentType<RendererProps>> = {
  level: LevelChip,
  soldOut: SoldOut,
  resourceName: ResourceName,
  logAction: LogAction,
  accountType: AccountType,
  clamp: Clamped,
  codeTitle: CodeTitle,
  alarmState: AlarmStateChip,
  photos: Photos,
  commandState: CommandState,
  commandParams: CommandParams,
  locked: Locked,
  menuOutdated: MenuOutdated,
  word: Word,
  notifyTiers: TiersField,
  notifyQuiet: QuietField,
  notifyCodes: CodesField,
  notifyMessage: MessageText,
  emptyIn: EmptyIn,
  perDay: PerDay,
  metric: MetricName,
  campaignPhases: PhasesField,
  campaignTarget: TargetField,
};

/** A choice among the declared resources, by their names in the reader's language (the log's filter). */
function ResourceChoice({ source, label, alwaysOn }: InputProps) {
  const translate = useTranslate();
  return (
    <SelectInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      choices={resources.map((r) => ({ id: r.name, name: resourceName(translate, r.name) }))}
    />
  );
}

/** Form inputs by name, also used by the filter bar for a filterable field that names one. */
export const inputs: Record<string, ComponentType<InputProps>> = {
  properties: PropertiesInput,
  photos: PhotosInput,
  resourceChoice: ResourceChoice,
  notifyTiers: TiersInput,
  notifyQuiet: QuietInput,
  notifyCodes: CodesInput,
  campaignParams: CampaignParamsInput,
  campaignTarget: CampaignTargetInput,
  campaignPhases: CampaignPhasesInput,
  firmwareFile: FirmwareFileInput,
};

/** Values that are no declared column (texts the server adds, a duration), by name: `label` is an i18n key. */
export const cells: Record<string, { label: (resource: string) => string; render: ComponentType }> = {
  'notice.title': { label: (r) => `resources.${r}.fields.title`, render: () => <TextField source="title" /> },
  'notice.content': {
    label: (r) => `resources.${r}.fields.content`,
    render: () => <TextField source="content" sx={{ display: 'block', maxWidth: 420 }} />,
  },
  // before and after of a log entry side by side, field by field (two columns, so no one field's renderer)
  'log.changes': { label: () => 'vf.service.log.changes', render: LogChanges },
  // a campaign's funnel, its phase and progress (its page only: the counts come with the record's detail)
  'campaign.funnel': { label: () => 'vf.campaign.funnel', render: CampaignFunnel },
  'alarm.duration': {
    label: () => 'vf.alarms.duration',
    render: () => (
      <FunctionField render={(r: { first_seen: string; clear_time: string | null }) => <AlarmDuration record={r} />} />
    ),
  },
};
