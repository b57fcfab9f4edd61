// The notification screens' own parts (resources/notify_policy.ts, notification.ts): the tier editor (each tier's
// minutes and channels), quiet hours as two times, codes as a list, and a message read as it was sent.
import {
  ArrayInput,
  AutocompleteArrayInput,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  SimpleFormIterator,
  SingleFieldList,
  ChipField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import type { InputProps, RendererProps } from '../declared/partProps';

interface Tier {
  after_minutes: number;
  channels: string[];
}

/** The tiers in order: minutes after the alarm opened (0 for the first) and the channels told then. */
export function TiersInput({ source }: InputProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }} data-testid="tiers-input">
      <Typography variant="subtitle1" sx={{ mt: 1 }}>
        {translate('resources.notify_policy.fields.tiers')}
      </Typography>
      <ArrayInput source={source} label={false} helperText={false} defaultValue={[{ after_minutes: 0, channels: [] }]}>
        <SimpleFormIterator inline disableReordering>
          <NumberInput
            source="after_minutes"
            label={translate('vf.notify.form.after_minutes')}
            helperText={false}
            min={0}
            defaultValue={0}
            sx={{ width: 220 }}
          />
          <ReferenceArrayInput source="channels" reference="notify_channel" perPage={100}>
            <AutocompleteArrayInput
              label={translate('vf.notify.form.channels')}
              optionText="name"
              helperText={false}
              sx={{ minWidth: 320 }}
            />
          </ReferenceArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

export function TiersField({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const tiers = (record?.[source] ?? []) as Tier[];
  return (
    <Stack spacing={0.5} data-testid="tiers">
      {tiers.map((t, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ minWidth: 110 }}>
            {translate('vf.notify.form.tier_after', { tier: i, minutes: t.after_minutes })}
          </Typography>
          <ReferenceArrayField record={{ id: i, ...t }} source="channels" reference="notify_channel">
            <SingleFieldList linkType="show">
              {/* a link's words are in the theme colour, 4.41:1 on a filled chip's grey: outlined, they sit on
                  the paper, as every link does (docs/accessibility.md, "Colour") */}
              <ChipField source="name" size="small" variant="outlined" />
            </SingleFieldList>
          </ReferenceArrayField>
        </Box>
      ))}
    </Stack>
  );
}

/** Quiet hours as two times of day; both empty: none. */
export function QuietInput({ source }: InputProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} data-testid="quiet-input">
      <Typography variant="body2" color="text.secondary">
        {translate('resources.notify_policy.fields.quiet')}
      </Typography>
      <TextInput
        source={`${source}.from`}
        label={translate('vf.notify.form.from')}
        placeholder="22:00"
        helperText={false}
        sx={{ width: 120 }}
      />
      <TextInput
        source={`${source}.to`}
        label={translate('vf.notify.form.to')}
        placeholder="07:00"
        helperText={false}
        sx={{ width: 120 }}
      />
    </Box>
  );
}

export function QuietField({ source }: RendererProps) {
  const record = useRecordContext();
  const q = record?.[source] as { from: string; to: string } | null | undefined;
  return q ? <Typography variant="body2">{`${q.from} – ${q.to}`}</Typography> : null;
}

/** Codes typed as "21, 22"; empty: every code. */
export function CodesInput({ source }: InputProps) {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      label={translate('resources.notify_policy.fields.codes')}
      helperText={false}
      format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : ((v as string) ?? ''))}
      parse={(v: string) => {
        const parts = v.split(/[\s,]+/).filter(Boolean);
        if (parts.length === 0) return null;
        return parts.every((p) => /^\d+$/.test(p)) ? parts.map(Number) : v;
      }}
    />
  );
}

export function CodesField({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  return Array.isArray(v) ? <Typography variant="body2">{v.join(', ')}</Typography> : null;
}

/** A message as its reader got it: the text with its lines (the outbox of e-mails shows this). */
export function MessageText({ source }: RendererProps) {
  const record = useRecordContext();
  const v = record?.[source];
  if (typeof v !== 'string' || v === '') return null;
  return (
    <Box
      component="pre"
      data-testid="notification-text"
      sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {v}
    </Box>
  );
}
