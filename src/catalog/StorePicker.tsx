// Picks one or several of the stores the account may see (the server scopes the list to its tenant).
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import { MAX_PAGE_SIZE } from '../../resources/limits';

export interface StoreRow {
  id: string;
  name: string;
  integrator: string;
  status: string;
}

export function useStores(): StoreRow[] {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [stores, setStores] = useState<StoreRow[]>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .getList<StoreRow>('dealer', {
        pagination: { page: 1, perPage: MAX_PAGE_SIZE },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      })
      .then((r) => live && setStores(r.data))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [dataProvider, notify]);
  return stores;
}

export function StorePicker({
  stores,
  value,
  onChange,
  label,
  disabled,
}: {
  stores: StoreRow[];
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Autocomplete
      options={stores}
      value={stores.find((s) => s.id === value) ?? null}
      onChange={(_, v) => onChange(v?.id ?? null)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      sx={{ minWidth: 280 }}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}

export function StoresPicker({
  stores,
  value,
  onChange,
  label,
  disabled,
}: {
  stores: StoreRow[];
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Autocomplete
      multiple
      options={stores}
      value={stores.filter((s) => value.includes(s.id))}
      onChange={(_, v) => onChange(v.map((s) => s.id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disabled={disabled}
      sx={{ minWidth: 360 }}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}
