// A robot's alarms on its info page: what is open now, and what it raised in the last 30 days. Live alarm
// events refetch both (src/live/LiveAlarms.tsx).
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  RecordContextProvider,
  useCanAccess,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { Lang } from '../../resources/accounts';
import alarm from '../../resources/alarm';
import { RowActions } from '../declared/RowActions';
import { formatDateTime, localeTag } from '../lib/format';
import { AlarmDuration, LevelChip, StateChip } from './parts';

const HISTORY_DAYS = 30;

function AlarmRows({ rows, empty, testId }: { rows: RaRecord[]; empty: string; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tag = localeTag(locale as Lang);
  if (rows.length === 0) {
    return (
      <CardContent data-testid={testId}>
        <Typography variant="body2" color="text.secondary">
          {translate(empty)}
        </Typography>
      </CardContent>
    );
  }
  return (
    <List dense disablePadding data-testid={testId}>
      {rows.map((a, i) => (
        <RecordContextProvider key={a.id} value={a}>
          <Box component="li" sx={{ listStyle: 'none' }}>
            {i ? <Divider /> : null}
            {/* icons (acknowledge, clear) a finger finds on a phone; there the chips stand above the title */}
            <ListItem
              component="div"
              secondaryAction={<RowActions def={alarm} />}
              data-testid="robot-alarm"
              data-code={a.code}
              sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ mr: 1.5, minWidth: { xs: '100%', sm: 160 }, mb: { xs: 0.5, sm: 0 } }}
              >
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
                    {formatDateTime(a.first_seen, tag)} ·{' '}
                    <AlarmDuration record={a as { first_seen?: string; clear_time?: string | null }} />
                    {a.clear_code ? ` · ${translate('vf.alarms.cleared_by_code', { code: a.clear_code })}` : ''}
                  </>
                }
              />
            </ListItem>
          </Box>
        </RecordContextProvider>
      ))}
    </List>
  );
}

/** Rendered inside a robot's record context; the row's actions take the alarm as their record. */
export function RobotAlarms() {
  const r = useRecordContext();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'alarm', action: 'list' });
  const since = useMemo(() => new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString(), []);
  const enabled = !!r && !!canAccess;
  const sort = alarm.list.sort;
  const { data: open = [] } = useGetList(
    'alarm',
    { filter: { device: r?._id, state: ['active', 'acknowledged'] }, pagination: { page: 1, perPage: 50 }, sort },
    { enabled },
  );
  const { data: history = [] } = useGetList(
    'alarm',
    { filter: { device: r?._id, first_seen_gte: since }, pagination: { page: 1, perPage: 50 }, sort },
    { enabled },
  );
  if (!r || !canAccess) return null;
  const all = `/alarm?filter=${encodeURIComponent(JSON.stringify({ device: r._id }))}`;
  return (
    <Card variant="outlined" data-testid="device-alarms">
      <CardHeader
        title={translate('vf.alarms.robot_active')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
        action={
          <Link component={RouterLink} to={all} sx={{ mr: 1, fontSize: 14 }}>
            {translate('vf.alarms.all')}
          </Link>
        }
      />
      <AlarmRows rows={open} empty="vf.alarms.robot_none_active" testId="robot-alarms-active" />
      <Divider />
      <CardHeader
        title={translate('vf.alarms.robot_history')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h3' }}
      />
      <AlarmRows
        rows={history.filter((a) => a.state === 'cleared')}
        empty="vf.alarms.robot_none_history"
        testId="robot-alarms-history"
      />
    </Card>
  );
}
