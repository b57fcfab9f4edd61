// A robot's alarms on its info page: what is open now, and what it raised in the last 30 days — the robot's
// declared related list of alarms (resources/device.ts), drawn as a card (src/declared/RecentCard.tsx). Live alarm
// events refetch both (src/live/LiveAlarms.tsx).
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate, type RaRecord } from 'react-admin';
import { Divider, CardHeader, Link, ListItem, ListItemText, Stack } from '@mui/material';
import alarm from '../../resources/alarm';
import device from '../../resources/device';
import { relatedOf } from '../../resources/types';
import { RowActions } from '../declared/RowActions';
import { RecordCard, RecentRows, useRecent } from '../declared/RecentCard';
import { useFormat } from '../lib/format';
import { AlarmDuration, LevelChip, StateChip } from './parts';

const HISTORY_DAYS = 30;

function AlarmRow({ a }: { a: RaRecord }) {
  const translate = useTranslate();
  const fmt = useFormat();
  return (
    // icons (acknowledge, clear) a finger finds on a phone; there the chips stand above the title
    <ListItem
      component="div"
      secondaryAction={<RowActions def={alarm} />}
      data-testid="robot-alarm"
      data-code={a.code}
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <Stack direction="row" spacing={1} sx={{ mr: 1.5, minWidth: { xs: '100%', sm: 160 }, mb: { xs: 0.5, sm: 0 } }}>
        <StateChip state={a.state} />
        <LevelChip level={a.level} />
      </Stack>
      <ListItemText
        primary={
          <Link
            component={RouterLink}
            to={`/alarm/${encodeURIComponent(String(a.id))}/show`}
            underline="hover"
            color="inherit"
          >
            {`${a.code} · ${a.title}${a.count > 1 ? ` ${translate('vf.alarms.times', { count: a.count })}` : ''}`}
          </Link>
        }
        secondary={
          <>
            {fmt.dateTime(a.first_seen)} ·{' '}
            <AlarmDuration record={a as { first_seen?: string; clear_time?: string | null }} />
            {a.clear_code ? ` · ${translate('vf.alarms.cleared_by_code', { code: a.clear_code })}` : ''}
          </>
        }
      />
    </ListItem>
  );
}

const related = relatedOf(device, 'alarm')!;

/** Rendered inside a robot's record context; the row's actions take the alarm as their record. */
export function RobotAlarms() {
  const translate = useTranslate();
  const since = useMemo(() => new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString(), []);
  const open = useRecent(related, { state: ['active', 'acknowledged'] });
  const history = useRecent(related, { first_seen_gte: since });
  if (!open.record || !open.canList) return null;
  return (
    <RecordCard title="vf.alarms.robot_active" testId="device-alarms" all={{ to: open.all, label: 'vf.alarms.all' }}>
      <RecentRows rows={open.rows} empty="vf.alarms.robot_none_active" testId="robot-alarms-active">
        {(a) => <AlarmRow a={a} />}
      </RecentRows>
      <Divider />
      <CardHeader
        title={translate('vf.alarms.robot_history')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h3' }}
      />
      <RecentRows
        rows={history.rows.filter((a) => a.state === 'cleared')}
        empty="vf.alarms.robot_none_history"
        testId="robot-alarms-history"
      >
        {(a) => <AlarmRow a={a} />}
      </RecentRows>
    </RecordCard>
  );
}
