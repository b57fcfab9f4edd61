// "Generate vouchers", a button of the voucher list's toolbar (declared in resources/service.ts): a batch is
// not one record, so it is a dialog calling POST /lecode/generate, after which the list shows just the new
// batch's codes.
import { useState } from 'react';
import {
  Button,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GENERATE_FIELDS } from '../../resources/lecode';
import { validateFields } from '../../resources/validate';
import { InputFor } from '../declared/inputs';
import { api } from '../providers/http';

const DAY = 24 * 60 * 60 * 1000;

/** The datetime inputs hold the browser's local time without a zone; the API wants an instant. */
const instant = (v: unknown) => (typeof v === 'string' && v !== '' ? new Date(v).toISOString() : v);

export function GenerateVouchers() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { setFilters } = useListContext();
  const { canAccess } = useCanAccess({ resource: 'lecode', action: 'sell' }); // sell and generate both need lecode_add
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Made once per opening, from that moment: a new record object would reset the form on every render (and lose
  // what was typed).
  const [defaults, setDefaults] = useState<Record<string, unknown>>();
  const openForm = () => {
    const now = Date.now();
    setDefaults({
      count: 10,
      quantity: 1,
      valid_from: new Date(now).toISOString(),
      valid_to: new Date(now + 30 * DAY).toISOString(),
      details: '',
    });
    setOpen(true);
  };
  if (!canAccess) return null;

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const body = { ...values, valid_from: instant(values.valid_from), valid_to: instant(values.valid_to) };
      const { batch, count } = await api<{ batch: string; count: number }>('POST', '/lecode/generate', body);
      notify(translate('vf.service.generate.done', { batch, count }), { type: 'success' });
      setOpen(false);
      setFilters({ batch }, { batch: true });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      // The server's rules beyond the form's (validity order, the product's store): shown under their inputs.
      const errors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors) return errors;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={translate('vf.service.generate.button')} onClick={openForm} data-testid="lecode-generate">
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('vf.service.generate.title')}</DialogTitle>
        <DialogContent>
          <SimpleForm
            noValidate
            record={defaults}
            onSubmit={submit}
            validate={(values) => {
              const { errors } = validateFields(
                GENERATE_FIELDS,
                { ...values, valid_from: instant(values.valid_from), valid_to: instant(values.valid_to) },
                'create',
              );
              return Object.fromEntries(
                Object.entries(errors).map(([f, e]) => [
                  f,
                  translate(e.key, { ...e.args, field: translate(`resources.lecode.fields.${f}`) }),
                ]),
              );
            }}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <SaveButton label={translate('vf.service.generate.submit')} disabled={busy} alwaysEnable />
                <Button label={translate('vf.service.generate.cancel')} onClick={() => setOpen(false)} />
              </Toolbar>
            }
          >
            {Object.entries(GENERATE_FIELDS).map(([f, def]) => (
              <InputFor key={f} resource="lecode" source={f} def={def} mode="create" />
            ))}
          </SimpleForm>
        </DialogContent>
      </Dialog>
    </>
  );
}
