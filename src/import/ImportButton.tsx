// The Import button beside Export on every list whose declaration says `import` (one component for all of them),
// and its dialog: choose a file → the server's dry run (counts, the first rows as they will be written, each
// refusal by row and column) → apply, or download the errors. A large file goes on as a job on the import's page
// (ImportPage.tsx), which also undoes it. docs/import.md.
import { useState, type ChangeEvent } from 'react';
import { Button, usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import type { ResourceDef } from '../../resources/types';
import { callPath } from '../../resources';
import { importPermission } from '../../resources/imports';
import type { ImportAnswer } from '../../resources/limits';
import { holds } from '../providers/authProvider';
import { api, apiFile } from '../providers/http';
import { save } from '../lib/exportList';
import { saveCsv } from './files';
import { ImportErrors, ImportPreview, ImportSummary } from './ImportResult';

export function ImportButton({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const [open, setOpen] = useState(false);
  const permission = importPermission(def);
  if (!def.import || !permission || !holds(permissions, permission)) return null;
  return (
    <>
      <Button label={translate('vf.import.action')} onClick={() => setOpen(true)} data-testid="import-open">
        <UploadFile />
      </Button>
      {open ? <ImportDialog def={def} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportDialog({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [file, setFile] = useState<File>();
  const [partial, setPartial] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const path = callPath(def, 'import');

  const send = async (f: File, mode: 'dry_run' | 'apply') => {
    setBusy(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.append('mode', mode);
      if (partial) form.append('partial', 'true');
      form.append('file', f, f.name);
      const a = await api<ImportAnswer>('POST', path, form);
      if (a.state === 'running') return navigate(`/import/${a.import_id}`);
      setAnswer(a);
    } catch (e) {
      setAnswer(undefined);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = ''; // the same (fixed) file chosen again is read again
    if (!f) return;
    setFile(f);
    void send(f, 'dry_run');
  };
  const template = async () => {
    try {
      save(await apiFile(`${path}/template?format=xlsx`), `${def.name}-import.xlsx`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const checked = answer?.state === 'dry_run';
  const canApply = !!file && checked && (answer.refused === 0 || partial) && answer.created + answer.updated > 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">
        {translate('vf.import.title', { name: translate(`resources.${def.name}.name`, { smart_count: 2 }) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <MuiButton variant="outlined" component="label" disabled={busy}>
              {translate('vf.import.choose')}
              <input hidden type="file" accept=".xlsx,.csv,text/csv" onChange={choose} data-testid="import-file" />
            </MuiButton>
            <MuiButton onClick={template} data-testid="import-template">
              {translate('vf.import.template')}
            </MuiButton>
            {file ? <Typography variant="body2">{file.name}</Typography> : null}
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={partial} onChange={(e) => setPartial(e.target.checked)} />}
            label={translate('vf.import.partial')}
          />
          {busy ? <LinearProgress /> : null}
          {error ? (
            <Alert severity="error" data-testid="import-error">
              {error}
            </Alert>
          ) : null}
          {answer ? (
            <>
              <ImportSummary answer={answer} />
              {answer.secrets?.length ? (
                <Alert severity="warning">
                  <MuiButton
                    onClick={() =>
                      saveCsv(
                        `${def.name}-secrets.csv`,
                        [translate('vf.import.row'), translate(`resources.${def.name}.fields._id`), 'field', 'value'],
                        answer.secrets!.map((x) => [x.row, x.key, x.field, x.value]),
                      )
                    }
                    data-testid="import-secrets"
                  >
                    {translate('vf.import.secrets_file')}
                  </MuiButton>
                </Alert>
              ) : null}
              <ImportErrors answer={answer} />
              <ImportPreview def={def} answer={answer} />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {answer?.errors.length ? (
          <MuiButton
            onClick={() =>
              saveCsv(
                `${def.name}-errors.csv`,
                [translate('vf.import.row'), translate('vf.import.column'), translate('vf.import.message')],
                answer.errors.map((e) => [e.row, e.column ?? '', e.message]),
              )
            }
            data-testid="import-errors-file"
          >
            {translate('vf.import.errors_file')}
          </MuiButton>
        ) : null}
        {answer && !checked ? (
          <MuiButton onClick={() => navigate(`/import/${answer.import_id}`)} data-testid="import-page-link">
            {translate('vf.import.open')}
          </MuiButton>
        ) : null}
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        <MuiButton
          variant="contained"
          disabled={!canApply || busy}
          onClick={() => file && send(file, 'apply')}
          data-testid="import-apply"
        >
          {translate('vf.import.apply')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
