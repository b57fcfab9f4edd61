// "Edit selected": one field declared `bulkEdit` set to one value on every selected row, in one request
// (`POST /api/<R>/bulk { action: "edit", ids, body }`), answered row by row in the list's bulk report.
import { useContext, useState } from 'react';
import { Button, useCanAccess, useListContext, useNotify, useTranslate } from 'react-admin';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Button as MuiButton,
} from '@mui/material';
import type { FieldDef, ResourceDef } from '../../resources/types';
import { callPath } from '../../resources';
import { BULK_EDIT, bulkEditFields } from '../../resources/bulk';
import type { BulkAnswer } from '../../resources/limits';
import { api } from '../providers/http';
import { ShowReport } from '../declared/bulkReport';

/** The typed value as the API takes it: yuan to cents, digits to a number, a list of ids split at commas. */
function valueOf(f: FieldDef, text: string, on: boolean): unknown {
  if (f.type === 'boolean') return on;
  if (f.type === 'money') return Math.round(Number(text) * 100);
  if (f.type === 'number') return Number(text);
  if (f.type === 'references' || f.type === 'choices')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return text;
}

export function BulkEditButton({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const notify = useNotify();
  const showReport = useContext(ShowReport);
  const { selectedIds } = useListContext();
  const { canAccess } = useCanAccess({ resource: def.name, action: 'edit' });
  const fields = bulkEditFields(def);
  const [open, setOpen] = useState(false);
  const [field, setField] = useState(fields[0]);
  const [text, setText] = useState('');
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess || !fields.length) return null;
  const label = (n: string) => translate(`resources.${def.name}.fields.${n}`);
  const f = def.fields[field];

  const run = async () => {
    setBusy(true);
    try {
      const answer = await api<BulkAnswer>('POST', callPath(def, 'bulk'), {
        action: BULK_EDIT,
        ids: selectedIds.map(String),
        body: { [field]: valueOf(f, text, on) },
      });
      setOpen(false);
      showReport?.({ label: translate('vf.import.bulk_edit'), answer, names: {} });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={translate('vf.import.bulk_edit')} onClick={() => setOpen(true)} data-testid="bulk-edit" />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="bulk-edit-title">
        <DialogTitle id="bulk-edit-title">{translate('vf.import.bulk_edit')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={translate('vf.import.bulk_field')}
              value={field}
              onChange={(e) => setField(e.target.value)}
            >
              {fields.map((n) => (
                <MenuItem key={n} value={n}>
                  {label(n)}
                </MenuItem>
              ))}
            </TextField>
            {f.type === 'boolean' ? (
              <FormControlLabel
                control={<Switch checked={on} onChange={(e) => setOn(e.target.checked)} />}
                label={label(field)}
              />
            ) : (
              <TextField
                label={translate('vf.import.bulk_value')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                inputProps={{ 'data-testid': 'bulk-edit-value' }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={run} disabled={busy} data-testid="bulk-edit-submit">
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
