// "Import a template" in the product form: pick one of the brand's templates, confirm (docs/rules.md: importing
// overwrites what was entered), then the template's values replace the form's. Store, robots and stock are
// the product's own and are left as they are.
import { useEffect, useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Autocomplete, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { Button as MuiButton } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import { productShape } from '../../resources/product';

interface TemplateRow {
  id: string;
  code: string;
  name: string;
  [field: string]: unknown;
}

/** The fields a template gives a product: the shared shape, nothing else. */
export function templateValues(t: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(productShape).map((k) => [k, t[k] ?? (k === 'properties' ? [] : null)]));
}

export function TemplateImport() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<TemplateRow[]>([]);
  const [chosen, setChosen] = useState<TemplateRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const t = (k: string, a?: object) => translate(`vf.catalog.form.${k}`, a);

  useEffect(() => {
    if (!open) return;
    let live = true;
    dataProvider
      .getList<TemplateRow>('template', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'name', order: 'ASC' },
        filter: query ? { q: query } : {},
      })
      .then((r) => live && setOptions(r.data))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [open, query, dataProvider, notify]);

  const apply = async () => {
    if (!chosen) return;
    try {
      const { data } = await dataProvider.getOne<TemplateRow>('template', { id: chosen.id });
      for (const [k, v] of Object.entries(templateValues(data)))
        setValue(k, v, { shouldDirty: true, shouldValidate: false });
      notify(t('imported', { name: data.name }), { type: 'success' });
      setConfirming(false);
      setOpen(false);
      setChosen(null);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <Button label={t('import_template')} onClick={() => setOpen(true)} variant="outlined" sx={{ mb: 2 }}>
        <FileDownload />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="template-import-title"
      >
        <DialogTitle id="template-import-title">{t('import_template')}</DialogTitle>
        <DialogContent>
          <Autocomplete
            options={options}
            value={chosen}
            onChange={(_, v) => setChosen(v)}
            onInputChange={(_, v, reason) => reason === 'input' && setQuery(v)}
            getOptionLabel={(o) => `${o.name} (${o.code})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            renderInput={(params) => <TextField {...params} label={t('import_choose')} margin="dense" />}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={!chosen}
            onClick={() => {
              // One dialog at a time: the choice closes, the confirmation opens; the choice is kept.
              setOpen(false);
              setConfirming(true);
            }}
          >
            {t('import_template')}
          </MuiButton>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming}
        title={t('import_confirm_title', { name: chosen?.name ?? '' })}
        content={t('import_confirm_content')}
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
