// The restocker's list: what is sold out or at/under its warning level, per store and robot, the most urgent
// first (the declared sort). Select lines, give each a quantity to add or a level to fill to, and they are
// restocked together (POST /api/restock/apply: all or none). The toolbar's export is the pick list.
import { useState } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import LocalShipping from '@mui/icons-material/LocalShipping';
import restock from '../../resources/restock';
import { MAX_STOCK } from '../../resources/product';
import { FieldFor } from '../generated/fields';
import { ListPagination } from '../generated/screens';
import { SavedQueries } from '../generated/SavedQueries';
import { ExportButtons } from '../generated/ExportButtons';
import { api } from '../providers/http';

const f = (name: string) => `resources.restock.fields.${name}`;

interface Line {
  id: string;
  name: string;
  stock: number;
  warn_stock: number;
  version: number;
  sold_out: boolean;
}
type Mode = 'quantity' | 'fill_to';
interface Amount {
  mode: Mode;
  value: string;
}

const valid = (a: Amount | undefined) => {
  if (!a || !/^\d+$/.test(a.value)) return false;
  const n = Number(a.value);
  return n <= MAX_STOCK && (a.mode === 'fill_to' || n >= 1);
};

function AmountInputs({ amount, onChange, label }: { amount: Amount; onChange: (a: Amount) => void; label: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap' }}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 130 }}
        value={amount.mode}
        onChange={(e) => onChange({ ...amount, mode: e.target.value as Mode })}
        slotProps={{ htmlInput: { 'aria-label': `${label} · ${translate('vf.restock.mode')}` } }}
      >
        <MenuItem value="quantity">{translate('vf.restock.mode_add')}</MenuItem>
        <MenuItem value="fill_to">{translate('vf.restock.mode_fill')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="number"
        value={amount.value}
        onChange={(e) => onChange({ ...amount, value: e.target.value })}
        sx={{ width: 110, ml: 1 }}
        slotProps={{ htmlInput: { min: amount.mode === 'quantity' ? 1 : 0, max: MAX_STOCK, 'aria-label': `${label} · ${translate('vf.restock.amount')}` } }}
      />
    </Box>
  );
}

/** The bulk action: one dialog, a quantity or a fill-to level per selected line, one call for all of them. */
function RestockButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, data, resource } = useListContext<Line>();
  const unselectAll = useUnselectAll(resource);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const blank: Amount = { mode: 'quantity', value: '' };
  const [amounts, setAmounts] = useState<Record<string, Amount>>({});
  // the header row's inputs set every line at once; a line can then be changed on its own
  const [all, setAllOnly] = useState<Amount>(blank);
  const selected = (data ?? []).filter((l) => selectedIds.includes(l.id));
  const setAll = (a: Amount) => {
    setAllOnly(a);
    setAmounts(Object.fromEntries(selected.map((l) => [l.id, a])));
  };

  const submit = async () => {
    setBusy(true);
    try {
      const lines = selected.map((l) => ({ _id: l.id, version: l.version, [amounts[l.id].mode]: Number(amounts[l.id].value) }));
      const done = await api<{ lines: unknown[] }>('POST', '/restock/apply', { lines });
      notify('vf.restock.done', { type: 'success', messageArgs: { smart_count: done.lines.length } });
      setOpen(false);
      setAmounts({});
      setAllOnly(blank);
      unselectAll();
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="vf.restock.apply" onClick={() => setOpen(true)} data-testid="restock-open">
        <LocalShipping />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth="md" aria-labelledby="restock-title">
        <DialogTitle id="restock-title">{translate('vf.restock.dialog_title', { smart_count: selected.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('vf.restock.dialog_hint')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(f('name'))}</TableCell>
                <TableCell>{translate(f('stock'))}</TableCell>
                <TableCell>
                  <AmountInputs amount={all} onChange={setAll} label={translate('ra.action.select_all')} />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {selected.map((l) => (
                <TableRow key={l.id} data-testid="restock-line">
                  <TableCell>{l.name}</TableCell>
                  <TableCell>{translate('vf.restock.now', { stock: l.stock })}</TableCell>
                  <TableCell>
                    <AmountInputs amount={amounts[l.id] ?? blank} onChange={(a) => setAmounts({ ...amounts, [l.id]: a })} label={l.name} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" onClick={submit} disabled={busy || !selected.length || !selected.every((l) => valid(amounts[l.id]))} data-testid="restock-confirm">
            {translate('vf.restock.apply')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RestockList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const reference = (source: string, reference: string) => (
    <ReferenceInput key={source} source={source} reference={reference} perPage={50}>
      <AutocompleteInput label={f(source)} optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>
  );
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />,
    ...(seesBrands ? [reference('integrator', 'integrator')] : []),
    reference('dealer', 'dealer'),
    reference('devices', 'device'),
    <BooleanInput key="sold_out" source="sold_out" label={f('sold_out')} />,
  ];
  const field = (name: keyof typeof restock.fields) => <FieldFor key={name} resource="restock" source={name} def={restock.fields[name]} label={f(name)} />;
  return (
    <List
      filters={filters}
      sort={restock.list.sort}
      perPage={50}
      pagination={<ListPagination />}
      actions={
        <TopToolbar>
          <FilterButton />
          <SavedQueries def={restock} />
          <ExportButtons def={restock} />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={<RestockButton />}>
        <FunctionField
          source="sold_out"
          label={f('sold_out')}
          render={(r: Line) => <Chip size="small" color={r.sold_out ? 'error' : 'warning'} label={translate(r.sold_out ? 'vf.restock.sold_out' : 'vf.restock.low')} />}
        />
        {field('name')}
        {field('code')}
        {field('dealer')}
        {field('devices')}
        {field('stock')}
        {field('warn_stock')}
        {field('reported')}
      </Datagrid>
    </List>
  );
}

export default { list: RestockList };
