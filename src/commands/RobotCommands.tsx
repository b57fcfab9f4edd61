// A robot's Commands card on its page (its declared related list of commands, resources/device.ts, drawn by
// src/declared/RecentCard.tsx): send one (the form generated from the catalogue), its latest commands with
// their states as they move (the live event `command.changed` refetches them, src/live/LiveAlarms.tsx), and cancel
// while one is still queued. Its lock, when it is out of service, with who locked it and why.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, useCanAccess, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Alert, Box, Link, ListItem, ListItemText } from '@mui/material';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import command from '../../resources/command';
import device from '../../resources/device';
import { relatedOf } from '../../resources/types';
import { ActionButtons } from '../declared/ActionButtons';
import { choiceKey } from '../declared/fields';
import { RecordCard, RecentRows, useRecent } from '../declared/RecentCard';
import { useFormat } from '../lib/format';
import { SendCommandDialog } from './SendCommand';
import { CommandStateChip } from './parts';

const related = relatedOf(device, 'command')!;

function CommandRow({ c }: { c: RaRecord }) {
  const translate = useTranslate();
  const fmt = useFormat();
  return (
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
        secondary={`${fmt.dateTime(c.create_time)} · ${c.created_by}${c.result?.reason ? ` · ${c.result.reason}` : ''}`}
      />
    </ListItem>
  );
}

export function RobotCommands() {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const { record: r, canList, rows, all } = useRecent(related);
  const { canAccess: canSend } = useCanAccess({ resource: 'command', action: 'send' });
  if (!r || (!canList && !canSend)) return null;
  return (
    <RecordCard
      title="vf.commands.card"
      testId="device-commands"
      all={canList ? { to: all, label: 'resources.command.name' } : undefined}
      action={
        canSend ? (
          <Button label="vf.commands.send" onClick={() => setOpen(true)} data-testid="send-command">
            <SettingsRemote />
          </Button>
        ) : null
      }
    >
      {r.locked ? (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }} data-testid="device-locked">
          {translate('vf.commands.locked', { by: r.locked_by ?? '—', reason: r.lock_reason ?? '' })}
        </Alert>
      ) : null}
      {!canList ? null : (
        <RecentRows rows={rows} empty="vf.commands.none">
          {(c) => <CommandRow c={c} />}
        </RecentRows>
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
    </RecordCard>
  );
}
