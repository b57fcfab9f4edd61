// The buttons a list shows over its selected rows: the selection actions (LinesAction.tsx), delete and the
// declared single-row actions (resources/bulk.ts), each
// confirmed once ("Freeze: 12 selected"), sent in ONE request, and answered with a report of what was done
// and what was refused, and why, row by row. The report belongs to the list (BulkReportHost), not to the
// buttons: they exist only while rows are selected and shown, and a live refetch that takes the acted-on rows
// out of the list (active alarms, once cleared) unmounted them — and the report with them — before it was read.
import { createContext, useContext, useRef, useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Confirm,
  useCanAccess,
  useListContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
  useNotify,
} from 'react-admin';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import type { ResourceDef } from '../../resources/types';
import { callPath, findResource } from '../../resources';
import { BULK_EDIT, bulkVerbs } from '../../resources/bulk';
import type { BulkAnswer } from '../../resources/limits';
import { api } from '../providers/http';
import { LinesButton } from './LinesAction';
import { bulkButtonOf, bulkEditButton } from './parts';
import { ShowReport, type Report } from './bulkReport';
import { rowName } from '../lib/rowName';

/** The declaration's bulk verbs, the very list the server accepts: a confirmation alone starts each (the bulk
 * edit asks its field and value first: the `bulkEdit` part plugged in, ./parts.ts). */
const offered = (def: ResourceDef) => bulkVerbs(def).filter((v) => v !== BULK_EDIT);

/** The names of the selected rows, taken while each was shown (a live refetch may drop a row before its report). */
const SelectedNames = createContext<Map<string, string> | undefined>(undefined);

/** Remembers the name of every selected row as long as it is selected; forgets the others. */
function useSelectedNames(def: ResourceDef | undefined) {
  const { selectedIds, data } = useListContext();
  const names = useRef(new Map<string, string>()).current;
  const selected = new Set((selectedIds ?? []).map(String));
  for (const id of names.keys()) if (!selected.has(id)) names.delete(id);
  if (def) for (const r of data ?? []) if (selected.has(String(r.id))) names.set(String(r.id), rowName(def, r));
  return names;
}

/** Around a list's Datagrid: shows the report of the bulk action run last, then unselects and refreshes. */
export function BulkReportHost({ resource, children }: { resource: string; children: ReactNode }) {
  const translate = useTranslate();
  const names = useSelectedNames(findResource(resource));
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [report, setReport] = useState<Report>();
  const close = () => {
    setReport(undefined);
    unselectAll();
    refresh();
  };
  return (
    <ShowReport.Provider value={setReport}>
      <SelectedNames.Provider value={names}>{children}</SelectedNames.Provider>
      <Dialog open={!!report} onClose={close} fullWidth maxWidth="sm" aria-labelledby="bulk-report-title">
        <DialogTitle id="bulk-report-title">
          {translate('vf.operator.bulk.report_title', { action: report?.label ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Typography role="status" data-testid="bulk-report">
            {translate('vf.operator.bulk.report', {
              done: report?.answer.done ?? 0,
              refused: report?.answer.refused ?? 0,
            })}
          </Typography>
          <List dense>
            {report?.answer.results
              .filter((r) => r.status === 'refused')
              .map((r) => (
                <ListItem key={r._id} disableGutters>
                  <ListItemText
                    primary={translate('vf.operator.bulk.refused_row', {
                      name: report.names[r._id] ?? r._id,
                      reason: r.message ?? '',
                    })}
                  />
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
    </ShowReport.Provider>
  );
}

function BulkButton({ def, verb }: { def: ResourceDef; verb: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const showReport = useContext(ShowReport);
  const { selectedIds } = useListContext();
  const names = useContext(SelectedNames);
  const { canAccess } = useCanAccess({ resource: def.name, action: verb });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  if (!showReport) throw new Error(`the ${def.name} list's Datagrid needs a BulkReportHost around it`);
  const label =
    verb === 'delete' ? translate('ra.action.delete') : translate(`resources.${def.name}.actions.${verb}`, { _: verb });
  const count = selectedIds.length;
  const nameOf = (id: string) => names?.get(id) ?? id;

  const run = async () => {
    setBusy(true);
    try {
      const answer = await api<BulkAnswer>('POST', callPath(def, 'bulk'), {
        action: verb,
        ids: selectedIds.map(String),
      });
      showReport({
        label,
        answer,
        names: Object.fromEntries(
          answer.results.filter((r) => r.status === 'refused').map((r) => [r._id, nameOf(r._id)]),
        ),
      });
      setConfirming(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
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
    </>
  );
}

/** A Datagrid's `bulkActionButtons`: the resource's bulk verbs, or false (no row checkboxes) when it has none. */
export function bulkActionsOf(def: ResourceDef): ReactElement | false {
  const verbs = offered(def);
  // selection actions: a dialog with inputs per selected row (LinesAction.tsx)
  const lines = Object.entries(def.actions ?? {}).flatMap(([name, a]) =>
    a.lines ? [{ name, action: { ...a, lines: a.lines } }] : [],
  );
  const named = (def.list.bulk ?? []).flatMap((n) => {
    const Named = bulkButtonOf(n);
    return Named ? [{ n, Named }] : [];
  });
  const BulkEdit = bulkVerbs(def).includes(BULK_EDIT) ? bulkEditButton() : undefined;
  if (!verbs.length && !lines.length && !named.length && !BulkEdit) return false;
  return (
    <>
      {named.map(({ n, Named }) => (
        <Named key={n} />
      ))}
      {lines.map(({ name, action }) => (
        <LinesButton key={name} def={def} name={name} action={action} />
      ))}
      {BulkEdit ? <BulkEdit def={def} /> : null}
      {verbs.map((v) => (
        <BulkButton key={v} def={def} verb={v} />
      ))}
    </>
  );
}
