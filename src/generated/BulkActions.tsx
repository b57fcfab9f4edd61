// The buttons a list shows over its selected rows: the selection actions (LinesAction.tsx), delete and the
// declared single-row actions (resources/bulk.ts), each
// confirmed once ("Freeze: 12 selected"), sent in ONE request, and answered with a report of what was done
// and what was refused, and why, row by row.
import { useState, type ReactElement } from 'react';
import { Button, Confirm, useCanAccess, useListContext, useRefresh, useTranslate, useUnselectAll, useNotify } from 'react-admin';
import { Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography, Button as MuiButton } from '@mui/material';
import type { ResourceDef } from '../../resources/types';
import { callPath } from '../../resources';
import { bulkVerbs } from '../../resources/bulk';
import type { BulkAnswer } from '../../resources/limits';
import { api } from '../providers/http';
import { LinesButton } from './LinesAction';


/** Verbs a confirmation alone can start: an action needing its own form (a quantity, roles) stays per row. */
const offered = (def: ResourceDef) => bulkVerbs(def).filter((v) => v === 'delete' || !def.actions?.[v]?.body);

function BulkButton({ def, verb }: { def: ResourceDef; verb: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, data } = useListContext();
  const unselectAll = useUnselectAll(def.name);
  const { canAccess } = useCanAccess({ resource: def.name, action: verb });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BulkAnswer>();
  if (!canAccess) return null;
  const label = verb === 'delete' ? translate('ra.action.delete') : translate(`resources.${def.name}.actions.${verb}`, { _: verb });
  const count = selectedIds.length;
  const nameOf = (id: string) => {
    const row = data?.find((r) => String(r.id) === id);
    return String((row && def.title ? row[def.title] : undefined) ?? id);
  };

  const run = async () => {
    setBusy(true);
    try {
      setAnswer(await api<BulkAnswer>('POST', callPath(def, 'bulk'), { action: verb, ids: selectedIds.map(String) }));
      setConfirming(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setAnswer(undefined);
    unselectAll();
    refresh();
  };

  return (
    <>
      <Button label={label} onClick={() => setConfirming(true)} data-testid={`bulk-${verb}`} />
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('vf.operator.bulk.confirm_title', { action: label, smart_count: count })}
        content={translate('vf.operator.bulk.confirm_content', { action: label, smart_count: count })}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
      <Dialog open={!!answer} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`bulk-report-${verb}`}>
        <DialogTitle id={`bulk-report-${verb}`}>{translate('vf.operator.bulk.report_title', { action: label })}</DialogTitle>
        <DialogContent>
          <Typography role="status" data-testid="bulk-report">
            {translate('vf.operator.bulk.report', { done: answer?.done ?? 0, refused: answer?.refused ?? 0 })}
          </Typography>
          <List dense>
            {answer?.results
              .filter((r) => r.status === 'refused')
              .map((r) => (
                <ListItem key={r._id} disableGutters>
                  <ListItemText primary={translate('vf.operator.bulk.refused_row', { name: nameOf(r._id), reason: r.message ?? '' })} />
                </ListItem>
              ))}
          </List>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} autoFocus>
            {translate('ra.action.close')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A Datagrid's `bulkActionButtons`: the resource's bulk verbs, or false (no row checkboxes) when it has none. */
export function bulkActionsOf(def: ResourceDef): ReactElement | false {
  const verbs = offered(def);
  // selection actions: a dialog with inputs per selected row (LinesAction.tsx)
  const lines = Object.entries(def.actions ?? {}).flatMap(([name, a]) => (a.lines ? [{ name, action: { ...a, lines: a.lines } }] : []));
  if (!verbs.length && !lines.length) return false;
  return (
    <>
      {lines.map(({ name, action }) => (
        <LinesButton key={name} def={def} name={name} action={action} />
      ))}
      {verbs.map((v) => (
        <BulkButton key={v} def={def} verb={v} />
      ))}
    </>
  );
}
