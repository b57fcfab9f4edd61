// A robot's Commands card on its page: send one (the form generated from the catalogue), its latest commands with
// their states as they move (the live event `command.changed` refetches them, src/live/LiveAlarms.tsx), and cancel
// while one is still queued. Its lock, when it is out of service, with who locked it and why.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  RecordContextProvider,
  useCanAccess,
  useGetList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import type { Lang } from '../../resources/accounts';
import command from '../../resources/command';
import { ActionButtons } from '../declared/ActionButtons';
import { choiceKey } from '../declared/fields';
import { formatDateTime, localeTag } from '../lib/format';
import { SendCommandDialog } from './SendCommand';
import { CommandStateChip } from './parts';

const ROWS = 10;

export function RobotCommands() {
  const r = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const { canAccess: canList } = useCanAccess({ resource: 'command', action: 'list' });
  const { canAccess: canSend } = useCanAccess({ resource: 'command', action: 'send' });
  const { data = [] } = useGetList(
    'command',
    { filter: { device: r?._id }, pagination: { page: 1, perPage: ROWS }, sort: command.list.sort },
    { enabled: !!r && !!canList },
  );
  if (!r || (!canList && !canSend)) return null;
  const tag = localeTag(locale as Lang);
  const all = `/command?filter=${encodeURIComponent(JSON.stringify({ device: r._id }))}`;
  return (
    <Card variant="outlined" data-testid="device-commands">
      <CardHeader
        title={translate('vf.commands.card')}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
        action={
          <>
            {canList ? (
              <Link component={RouterLink} to={all} sx={{ mr: 1, fontSize: 14 }}>
                {translate('resources.command.name', { smart_count: 2 })}
              </Link>
            ) : null}
            {canSend ? (
              <Button label="vf.commands.send" onClick={() => setOpen(true)} data-testid="send-command">
                <SettingsRemote />
              </Button>
            ) : null}
          </>
        }
      />
      {r.locked ? (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }} data-testid="device-locked">
          {translate('vf.commands.locked', { by: r.locked_by ?? '—', reason: r.lock_reason ?? '' })}
        </Alert>
      ) : null}
      {!canList ? null : data.length === 0 ? (
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {translate('vf.commands.none')}
          </Typography>
        </CardContent>
      ) : (
        <List dense disablePadding>
          {data.map((c, i) => (
            <RecordContextProvider key={c.id} value={c}>
              <Box component="li" sx={{ listStyle: 'none' }}>
                {i ? <Divider /> : null}
                <ListItem
                  component="div"
                  secondaryAction={<ActionButtons def={command} />}
                  data-testid="robot-command"
                  data-command={c.command}
                  data-state={c.state}
                >
                  <Box sx={{ mr: 1.5, minWidth: 110 }}>
                    <CommandStateChip state={c.state} />
                  </Box>
                  <ListItemText
                    primary={
                      <Link
                        component={RouterLink}
                        to={`/command/${encodeURIComponent(String(c.id))}/show`}
                        underline="hover"
                        color="inherit"
                      >
                        {translate(choiceKey('command', 'command', c.command), { _: c.command })}
                        {c.params && Object.keys(c.params).length ? ` · ${Object.values(c.params).join(', ')}` : ''}
                      </Link>
                    }
                    secondary={`${formatDateTime(c.create_time, tag)} · ${c.created_by}${c.result?.reason ? ` · ${c.result.reason}` : ''}`}
                  />
                </ListItem>
              </Box>
            </RecordContextProvider>
          ))}
        </List>
      )}
      <SendCommandDialog
        open={open}
        devices={[String(r._id ?? r.id)]}
        onClose={() => setOpen(false)}
        onSent={(a) => {
          setOpen(false);
          const refused = a.results.find((x) => x.status === 'refused');
          notify(refused ? (refused.message ?? '') : 'vf.commands.sent', { type: refused ? 'error' : 'info' });
        }}
      />
    </Card>
  );
}
