// Stock management: the products of one store with their stock and warning threshold; adjust (a whole
// number ≥ -1, -1 unlimited) and restock (a positive quantity). The server is the judge: what is typed is
// sent as typed, and its translated refusal is shown in the dialog. Both calls are atomic and logged there.
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  TextField,
  Title,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  Button,
  usePermissions,
} from 'react-admin';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { api } from '../providers/http';
import { holds } from '../providers/authProvider';
import { useProfile } from '../layout/useProfile';
import { StorePicker, useStores } from '../catalog/StorePicker';
import { StockLevel } from '../catalog/StockLevel';

type Kind = 'adjust' | 'restock';
interface StockRow {
  id: string;
  _id: string;
  name: string;
  code: string;
  stock: number;
  warn_stock: number;
}

/** A clean integer goes as a number; anything else as typed, for the server to refuse with its message. */
const asSent = (v: string): string | number => (/^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v);

function StockDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const record = useRecordContext<StockRow>()!;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [value, setValue] = useState(kind === 'adjust' ? String(record.stock) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (k: string, a?: object) => translate(`vf.catalog.stock.${k}`, a);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body =
        kind === 'adjust' ? { _id: record._id, stock: asSent(value) } : { _id: record._id, quantity: asSent(value) };
      const saved = await api<StockRow>('POST', kind === 'adjust' ? '/product/stock' : '/product/restock', body);
      notify(t('adjusted', { name: saved.name, stock: saved.stock < 0 ? t('unlimited') : saved.stock }), {
        type: 'success',
      });
      onClose();
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="stock-dialog-title"
      onClick={(e) => e.stopPropagation()}
    >
      <DialogTitle id="stock-dialog-title">
        {t(kind)} · {record.name}
      </DialogTitle>
      <DialogContent>
        <MuiTextField
          autoFocus
          fullWidth
          margin="dense"
          name={kind === 'adjust' ? 'stock' : 'quantity'}
          label={t(kind === 'adjust' ? 'new_stock' : 'quantity')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          error={!!error}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{t('cancel')}</MuiButton>
        <MuiButton variant="contained" onClick={save} disabled={busy}>
          {t('save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function RowButtons() {
  const translate = useTranslate();
  const record = useRecordContext<StockRow>();
  const [open, setOpen] = useState<Kind | null>(null);
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button label={translate('vf.catalog.stock.adjust')} onClick={() => setOpen('adjust')} size="small" />
      {record.stock >= 0 ? (
        <Button label={translate('vf.catalog.stock.restock')} onClick={() => setOpen('restock')} size="small" />
      ) : null}
      {open ? <StockDialog kind={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

const field = (n: string) => `resources.product.fields.${n}`;

export function StockPage() {
  const translate = useTranslate();
  const profile = useProfile();
  const stores = useStores();
  const { permissions } = usePermissions<string[]>();
  const [picked, setPicked] = useState<string | null>(null);
  // A store account manages its own store; others choose one.
  const dealer = picked ?? profile?.dealer ?? (stores.length === 1 ? stores[0].id : null);
  const canAdjust = holds(permissions, 'product_stock');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('vf.catalog.stock.title')} />
      <Stack direction="row" spacing={2} alignItems="center">
        <StorePicker stores={stores} value={dealer} onChange={setPicked} label={translate('vf.catalog.stock.store')} />
      </Stack>
      {dealer ? (
        <List
          resource="product"
          filter={{ dealer }}
          sort={{ field: 'code', order: 'ASC' }}
          perPage={25}
          disableSyncWithLocation
          actions={false}
          title={false as never}
          empty={<Typography sx={{ p: 2 }}>{translate('vf.catalog.stock.empty')}</Typography>}
        >
          <Datagrid rowClick={false} bulkActionButtons={false}>
            <TextField source="code" label={field('code')} />
            <TextField source="name" label={field('name')} />
            <FunctionField
              source="stock"
              label={field('stock')}
              render={(r: StockRow) => <StockLevel stock={r.stock} warn={r.warn_stock} />}
            />
            <TextField source="warn_stock" label={field('warn_stock')} />
            {canAdjust ? <RowButtons /> : null}
          </Datagrid>
        </List>
      ) : (
        <Typography color="text.secondary">{translate('vf.catalog.stock.choose_store')}</Typography>
      )}
    </Stack>
  );
}
