// The campaign screens' own parts (resources/campaign.ts, resources/firmware.ts; docs/campaigns.md): the command's
// parameters as a form, the target (robots by name, or a robot-list filter) with a live count of the robots it
// reaches, the phases as a list of percents, the funnel of a campaign's page (with its outcomes over time), and a
// firmware image's upload.
import { lazy, Suspense, useRef, useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useGetList,
  useInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { commandParams } from '../../resources/command';
import { ROBOT_TYPES } from '../../resources/device';
import { CAMPAIGN_COUNTS } from '../../resources/campaign';
import { subChoice, subLabel } from '../../resources/types';
import { api } from '../providers/http';
import type { InputProps } from '../declared/partProps';

/** The chosen command's declared parameters, one input each (the catalogue's words, as the send dialog's). */
export function CampaignParamsInput({ source }: InputProps) {
  const translate = useTranslate();
  return (
    <FormDataConsumer>
      {({ formData }) => (
        <Stack sx={{ width: '100%' }} data-testid="campaign-params">
          {Object.entries(commandParams(String(formData?.command ?? '')) ?? {}).map(([k, f]) => {
            const label = translate(subLabel('command', 'params', k));
            const at = `${source}.${k}`;
            if (f.type === 'reference')
              return (
                <ReferenceInput key={at} source={at} reference={f.reference!}>
                  <AutocompleteInput label={label} isRequired={f.required} helperText={false} />
                </ReferenceInput>
              );
            if (f.type === 'choice')
              return (
                <SelectInput
                  key={at}
                  source={at}
                  label={label}
                  isRequired={f.required}
                  helperText={false}
                  choices={(f.choices ?? []).map((c) => ({
                    id: c,
                    name: translate(subChoice('command', 'params', k, c)),
                  }))}
                />
              );
            return <TextInput key={at} source={at} label={label} isRequired={f.required} helperText={false} />;
          })}
        </Stack>
      )}
    </FormDataConsumer>
  );
}

/** How many robots a target reaches now (the list's own count, in the caller's scope). */
function TargetCount({ filter }: { filter: Record<string, unknown> }) {
  const translate = useTranslate();
  const { total, isPending } = useGetList('device', { filter, pagination: { page: 1, perPage: 1 } });
  return (
    <Typography variant="body2" color="text.secondary" data-testid="campaign-target-count">
      {isPending ? '…' : translate('vf.campaign.reaches', { smart_count: total ?? 0 })}
    </Typography>
  );
}

/** Robots by name, or a robot-list filter (type, store, firmware version) resolved when the campaign starts. */
export function CampaignTargetInput({ source }: InputProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const target = useWatch({ name: source }) as { devices?: string[]; filter?: Record<string, unknown> } | undefined;
  const [kind, setKind] = useState<'devices' | 'filter'>(target?.devices ? 'devices' : 'filter');
  const filter = Object.fromEntries(Object.entries(target?.filter ?? {}).filter(([, v]) => v !== '' && v != null));
  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="campaign-target">
      <Typography variant="subtitle1">{translate('resources.campaign.fields.target')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        sx={{ my: 1 }}
        onChange={(_e, v: 'devices' | 'filter' | null) => {
          if (!v) return;
          setKind(v);
          // a target is robots or a filter, never both: the other is cleared
          setValue(source, v === 'devices' ? { devices: [] } : { filter: {} });
        }}
      >
        <ToggleButton value="filter">{translate('vf.campaign.target.filter')}</ToggleButton>
        <ToggleButton value="devices">{translate('vf.campaign.target.devices')}</ToggleButton>
      </ToggleButtonGroup>
      {kind === 'devices' ? (
        <ReferenceArrayInput source={`${source}.devices`} reference="device" perPage={100}>
          <AutocompleteArrayInput label="resources.device.name" helperText={false} fullWidth />
        </ReferenceArrayInput>
      ) : (
        <Stack>
          <SelectInput
            source={`${source}.filter.type`}
            label="resources.device.fields.type"
            choices={ROBOT_TYPES.map((t) => ({ id: t, name: translate(`resources.device.choices.type.${t}`) }))}
            helperText={false}
          />
          <ReferenceInput source={`${source}.filter.dealer`} reference="dealer">
            <AutocompleteInput label="resources.device.fields.dealer" helperText={false} />
          </ReferenceInput>
          <TextInput
            source={`${source}.filter.firmware_version`}
            label="resources.device.fields.firmware_version"
            helperText={false}
          />
        </Stack>
      )}
      {kind === 'devices' ? (
        <Typography variant="body2" color="text.secondary" data-testid="campaign-target-count">
          {translate('vf.campaign.reaches', { smart_count: target?.devices?.length ?? 0 })}
        </Typography>
      ) : (
        <TargetCount filter={filter} />
      )}
    </Box>
  );
}

/** Phases as percents, "1, 10, 100": the server judges them (ascending, the last 100). */
export function CampaignPhasesInput({ source }: InputProps) {
  return (
    <TextInput
      source={source}
      helperText="vf.campaign.phases_help"
      format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''))}
      parse={(v: string) => {
        const parts = v.split(/[,\s]+/).filter(Boolean);
        return parts.length && parts.every((p) => /^\d+$/.test(p)) ? parts.map(Number) : v || null;
      }}
    />
  );
}

export function PhasesField({ source }: InputProps) {
  const record = useRecordContext();
  const phases = (record?.[source] ?? [100]) as number[];
  return <span data-testid="campaign-phases">{phases.map((p) => `${p} %`).join(' → ')}</span>;
}

export function TargetField({ source }: InputProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const t = record?.[source] as { devices?: string[]; filter?: Record<string, unknown> } | undefined;
  if (!t) return null;
  if (t.devices) return <span>{translate('vf.campaign.reaches', { smart_count: t.devices.length })}</span>;
  return (
    <span data-testid="campaign-filter">
      {Object.entries(t.filter ?? {})
        .map(
          ([k, v]) =>
            `${translate(`resources.device.fields.${k}`, { _: k })}: ${translate(`resources.device.choices.${k}.${String(v)}`, { _: String(v) })}`,
        )
        .join(' · ')}
    </span>
  );
}

// recharts is loaded with a campaign's page only
const OutcomesChart = lazy(() => import('./OutcomesChart'));

const COLORS: Record<string, string> = {
  acknowledged: 'success.main',
  failed: 'error.main',
  expired: 'warning.main',
  skipped: 'text.disabled',
};

/** The campaign's page: targeted → waiting → queued → sent → acknowledged / failed / expired / skipped, the phase
 * under way, why it stopped, and the outcomes over time (./OutcomesChart.tsx). The page refetches on `campaign.changed` and `command.changed` (live). */
export function CampaignFunnel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const counts = record?.counts as Record<string, number> | undefined;
  if (!counts) return null;
  const phases = (record?.phases ?? [100]) as number[];
  const done = counts.acknowledged + counts.failed + counts.expired + counts.skipped;
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }} data-testid="campaign-funnel">
      {record?.abort_reason && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} data-testid="campaign-abort-reason">
          {translate('resources.campaign.fields.abort_reason')}: {String(record.abort_reason)}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('vf.campaign.phase_of', { phase: Number(record?.phase ?? 0) + 1, phases: phases.length })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={counts.targeted ? (100 * done) / counts.targeted : 0}
        sx={{ height: 8, borderRadius: 1, mb: 1 }}
        aria-label={translate('vf.campaign.funnel')}
      />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}>
        {CAMPAIGN_COUNTS.map((k) => (
          <Box key={k} sx={{ display: 'contents' }} data-testid={`campaign-count-${k}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`vf.campaign.counts.${k}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: COLORS[k] }}>
              {counts[k] ?? 0}
            </Typography>
          </Box>
        ))}
      </Box>
      {record?.start_time ? (
        <Suspense fallback={null}>
          <OutcomesChart id={String(record.id ?? record._id)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** A firmware image: picked, sent to POST /api/firmware/upload at once, the field takes the answered path. */
export function FirmwareFileInput({ source, resource }: InputProps) {
  const { field } = useInput({ source, resource });
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const [info, setInfo] = useState<{ sha256: string; size: number }>();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const r = await api<{ file: string; sha256: string; size: number }>('POST', '/firmware/upload', form);
      field.onChange(r.file);
      setInfo(r);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mb: 2 }} data-testid="firmware-file">
      <input
        ref={picker}
        type="file"
        hidden
        aria-label={translate('resources.firmware.fields.file')}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button variant="outlined" startIcon={<CloudUpload />} disabled={busy} onClick={() => picker.current?.click()}>
        {translate('resources.firmware.actions.upload')}
      </Button>
      {busy && <LinearProgress sx={{ mt: 1 }} />}
      {info && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {info.size} B · SHA-256 {info.sha256}
        </Typography>
      )}
    </Box>
  );
}
