// Live updates and the active-alarm bell of the top bar. One EventSource per browser tab listens to
// /api/events (the server filters it to what the account may see); each event invalidates the queries
// it makes stale, so the robot list, a robot's page, the alarm list and the bell refetch without a reload. On every
// (re)connection everything live is refetched, so nothing missed while disconnected stays stale.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Badge, Box, IconButton, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import { currentLang, isSignedIn } from '../providers/session';
import { onCallsEnded } from '../providers/http';

/** The bell counts the alarms nobody has taken care of yet. */
export const ALARM_FILTER = { state: 'active' };

const THROTTLE_MS = 1000;

/** Which react-admin resources each event makes stale. */
const STALE: Record<string, string[]> = {
  'device.status': ['device'],
  'message.created': ['message'],
  'order.created': ['order'],
  'alarm.opened': ['alarm'],
  'alarm.changed': ['alarm'],
  // a command's outcome moves its campaign's funnel too
  'command.changed': ['command', 'campaign'],
  'campaign.changed': ['campaign'],
};

export function useLiveEvents(): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!isSignedIn() || typeof EventSource === 'undefined') return;
    // the browser sends the session cookie with it (EventSource cannot send headers; the server allows this GET)
    const source = new EventSource(`/api/events?lang=${currentLang()}`);
    // log-out closes the stream before the page is left, so it does not reconnect with the ended session
    const offEnded = onCallsEnded(() => source.close());
    // A busy fleet sends many events: the stale resources are gathered and refetched at most once a second.
    const stale = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const flush = () => {
      timer = undefined;
      last = Date.now();
      for (const r of stale) void queryClient.invalidateQueries({ queryKey: [r] });
      stale.clear();
    };
    const refresh = (resources: string[]) => {
      for (const r of resources) stale.add(r);
      if (!timer) timer = setTimeout(flush, Math.max(0, last + THROTTLE_MS - Date.now()));
    };
    source.addEventListener('ready', () => {
      setConnected(true);
      refresh(['device', 'message', 'alarm', 'command']);
    });
    for (const [type, resources] of Object.entries(STALE)) source.addEventListener(type, () => refresh(resources));
    source.onerror = () => setConnected(false);
    return () => {
      offEnded();
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
  return connected;
}

/** The bell's badge shows at most 99 ("99+"); its name says what the badge shows, so the name holds the visible text. */
const MAX_SHOWN = 99;

/** Said politely (after what the reader is saying) when the count of active alarms grows; never on the first count. */
function useAnnouncement(total: number | undefined, label: string): string {
  const [said, setSaid] = useState('');
  const [last, setLast] = useState<number | undefined>(undefined);
  if (total !== undefined && last !== total) {
    if (last !== undefined && total > last) setSaid(label);
    setLast(total);
  }
  return said;
}

function AlarmBadge({ connected }: { connected: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { total = 0, isPending } = useGetList('alarm', {
    filter: ALARM_FILTER,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'priority', order: 'DESC' },
  });
  const shown = total > MAX_SHOWN ? `${MAX_SHOWN}+` : total;
  const label = total ? translate('vf.alarms.bell', { smart_count: shown }) : translate('vf.alarms.bell_none');
  const title = `${label} · ${translate(connected ? 'vf.live.live_on' : 'vf.live.live_off')}`;
  const said = useAnnouncement(isPending ? undefined : total, label);
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="alarm-badge"
          data-count={total}
          data-live={connected ? 'on' : 'off'}
          onClick={() => navigate(`/alarm?filter=${encodeURIComponent(JSON.stringify(ALARM_FILTER))}`)}
        >
          {/* no badge at 0: a hidden "0" would be text the name does not say */}
          <Badge badgeContent={total || undefined} color="error" max={MAX_SHOWN}>
            {total ? <NotificationsActive /> : <NotificationsNone />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Box role="status" aria-live="polite" data-testid="alarm-announcer" sx={visuallyHidden}>
        {said}
      </Box>
    </>
  );
}

/** The top bar's part: live updates for everyone, the bell for those who may list alarms. */
export function LiveAlarms() {
  const connected = useLiveEvents();
  const { canAccess } = useCanAccess({ resource: 'alarm', action: 'list' });
  return canAccess ? <AlarmBadge connected={connected} /> : null;
}
