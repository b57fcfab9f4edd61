// A robot's info page: is it online and since when did it last beat, what is it doing, its alarms, what it
// has said lately, and its key (rotated here; a new or rotated key is shown once). Live events refetch the robot
// and its messages, so the page follows the robot without a reload.
import { EditButton, Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import device from '../../resources/device';
import { relatedOf } from '../../resources/types';
import { ActionButtons } from '../declared/ActionButtons';
import { FieldFor, choiceKey, codeWord } from '../declared/fields';
import { OneTimeKeyDialog, useRevealedSecret } from '../declared/OneTimeKeyDialog';
import { RecordCard, RecentRows, useRecent } from '../declared/RecentCard';
import { RobotAlarms } from '../alarms/RobotAlarms';
import { RobotCommands } from '../commands/RobotCommands';
import { RobotTelemetry } from '../telemetry/RobotTelemetry';
import { RobotDaysLeft } from '../replenishment/RobotDaysLeft';
import { useNow } from '../alarms/parts';
import { useFormat } from '../lib/format';

const f = (name: string) => `resources.device.fields.${name}`;
const LEVEL_COLOR = { info: 'default', success: 'success', warning: 'warning', error: 'error' } as const;

function Status() {
  const r = useRecordContext();
  const translate = useTranslate();
  const fmt = useFormat();
  const now = useNow(15_000); // "3 minutes ago" keeps counting while the page is open
  if (!r) return null;
  const beat = r.last_heartbeat
    ? translate('vf.fleet.device.heartbeat_ago', { ago: fmt.ago(r.last_heartbeat, now) })
    : translate('vf.fleet.device.never');
  return (
    <Card variant="outlined">
      <CardHeader
        title={translate('vf.fleet.device.status')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
      />
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
          <Chip
            data-testid="device-online"
            data-online={r.online ? 'yes' : 'no'}
            color={r.online ? 'success' : 'default'}
            label={translate(r.online ? 'vf.fleet.device.online' : 'vf.fleet.device.offline')}
          />
          {r.state ? (
            <Chip
              variant="outlined"
              data-testid="device-state"
              label={translate(choiceKey('device', 'state', r.state), { _: r.state })}
            />
          ) : null}
        </Stack>
        <Typography variant="body2" title={fmt.dateTime(r.last_heartbeat)} data-testid="device-heartbeat">
          {beat}
        </Typography>
        {r.work_status ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(f('work_status'))}: {codeWord(translate, 'device', 'work_status', r.work_status)}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Details() {
  const r = useRecordContext();
  const translate = useTranslate();
  if (!r) return null;
  const shown = ['device_id', 'name', 'sn', 'type', 'category', 'integrator', 'dealer', 'create_time'] as const;
  return (
    <Card variant="outlined">
      <CardContent>
        <Grid container spacing={2}>
          {shown.map((n) => (
            <Grid key={n} size={{ xs: 12, sm: 6 }}>
              <Labeled label={f(n)}>
                {n === 'dealer' && !r.dealer ? (
                  <Typography variant="body2">{translate('vf.fleet.device.unbound')}</Typography>
                ) : (
                  <FieldFor resource="device" source={n} def={device.fields[n]} />
                )}
              </Labeled>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

const messages = relatedOf(device, 'message')!;

function RecentMessages() {
  const translate = useTranslate();
  const fmt = useFormat();
  const { record: r, canList, rows, all } = useRecent(messages);
  if (!r || !canList) return null;
  return (
    <RecordCard
      title="vf.fleet.device.recent_messages"
      testId="device-messages"
      all={{ to: all, label: 'vf.fleet.device.all_messages' }}
    >
      <RecentRows rows={rows} empty="vf.fleet.device.no_messages">
        {(m) => (
          <ListItem component="div">
            <Chip
              size="small"
              sx={{ mr: 1.5, minWidth: 64 }}
              color={LEVEL_COLOR[m.level as keyof typeof LEVEL_COLOR] ?? 'default'}
              label={translate(choiceKey('message', 'level', m.level), { _: m.level })}
            />
            <ListItemText
              primary={`${m.code} · ${m.title}`}
              secondary={`${fmt.dateTime(m.create_time)} — ${m.content}`}
            />
          </ListItem>
        )}
      </RecentRows>
    </RecordCard>
  );
}

function KeySection() {
  const r = useRecordContext();
  const translate = useTranslate();
  const fmt = useFormat();
  if (!r) return null;
  return (
    <Card variant="outlined">
      <CardHeader
        title={translate('vf.fleet.device.key_section')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {translate('vf.fleet.device.key_explained')}
        </Typography>
        {r.key_issued_at ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('vf.fleet.device.key_issued', {
              when: fmt.dateTime(r.key_issued_at),
            })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Title() {
  const r = useRecordContext();
  const translate = useTranslate();
  return <span>{r ? translate('vf.fleet.device.info_title', { name: r.name }) : ''}</span>;
}

function DeviceShow() {
  const [secret, dropSecret] = useRevealedSecret();
  // one column (a phone at a robot): its alarms come right under its status, not below every other card
  const oneColumn = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  return (
    <Show
      title={<Title />}
      actions={
        <TopToolbar>
          <ActionButtons def={device} />
          <EditButton />
        </TopToolbar>
      }
    >
      <Box sx={{ p: 2 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={2}>
              <Status />
              {oneColumn ? <RobotAlarms /> : null}
              <KeySection />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <Details />
              <RobotCommands />
              <RobotDaysLeft />
              <RobotTelemetry />
              {oneColumn ? null : <RobotAlarms />}
              <RecentMessages />
            </Stack>
          </Grid>
        </Grid>
      </Box>
      <RevealedKey secret={secret} onClose={dropSecret} />
    </Show>
  );
}

function RevealedKey({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  const r = useRecordContext();
  return <OneTimeKeyDialog secret={secret} name={r?.name ?? ''} onClose={onClose} />;
}

export default { show: DeviceShow };
