// The picker of a reference: rows by their title, and, where two offered rows carry the same title, with the
// store each belongs to ("Vanilla cone · Store A1") — a brand's stores often sell products of the same name.
import { useCallback, useMemo, useRef } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  useChoicesContext,
  useGetMany,
  type AutocompleteInputProps,
} from 'react-admin';
import { findResource } from '../../resources';

type Row = Record<string, unknown>;

export function ReferenceChoice({
  reference,
  multiple,
  ...rest
}: { reference: string; multiple?: boolean } & Omit<AutocompleteInputProps, 'optionText' | 'source' | 'multiple'>) {
  const { allChoices = [] } = useChoicesContext();
  const target = findResource(reference);
  const title = target?.title ?? '_id';
  // the store column of the referenced rows (a product's `dealer`); a store itself has none
  const owner = target?.tenant?.dealer && target.tenant.dealer !== '_id' ? target.tenant.dealer : undefined;
  const repeated = useMemo(() => {
    const seen = new Map<string, Set<unknown>>();
    for (const r of allChoices as Row[]) {
      const t = String(r[title] ?? '');
      seen.set(t, (seen.get(t) ?? new Set()).add(owner ? r[owner] : r.id));
    }
    return new Set([...seen].filter(([, owners]) => owners.size > 1).map(([t]) => t));
  }, [allChoices, title, owner]);
  const ownerIds = useMemo(
    () =>
      owner
        ? [
            ...new Set(
              (allChoices as Row[])
                .filter((r) => repeated.has(String(r[title] ?? '')))
                .map((r) => String(r[owner] ?? ''))
                .filter(Boolean),
            ),
          ]
        : [],
    [allChoices, repeated, owner, title],
  );
  const { data: stores } = useGetMany('dealer', { ids: ownerIds }, { enabled: ownerIds.length > 0 });
  // One function for the picker's life: the autocomplete resets what was typed whenever its optionText changes,
  // so the latest repeats and store names are read through a ref instead.
  const latest = useRef({ repeated, stores });
  latest.current = { repeated, stores };
  const optionText = useCallback(
    (r: Row | undefined) => {
      const t = String(r?.[title] ?? '');
      if (!r || !owner || !latest.current.repeated.has(t)) return t;
      const store = latest.current.stores?.find((s) => s.id === r[owner]);
      return `${t} · ${store?.name ?? String(r[owner] ?? '—')}`;
    },
    [title, owner],
  );
  return multiple ? (
    <AutocompleteArrayInput {...(rest as object)} optionText={optionText} />
  ) : (
    <AutocompleteInput {...rest} optionText={optionText} />
  );
}
