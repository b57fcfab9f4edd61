// Saved filters in a list's toolbar, kept on the server per account (server/features/savedQueries/index.ts) so they
// follow the user to any browser — react-admin's <SavedQueriesList> keeps them in one browser's storage.
// The list's default is applied when the list opens without a filter.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Button as MuiButton,
} from '@mui/material';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ResourceDef } from '../../resources/types';
import { api } from '../providers/http';

interface Saved {
  _id: string;
  name: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  is_default: boolean;
}

export function SavedQueries({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const [items, setItems] = useState<Saved[]>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [asDefault, setAsDefault] = useState(false);
  const opened = useRef(false);

  const apply = useCallback(
    (q: Saved) => {
      setFilters(q.filter, Object.fromEntries(Object.keys(q.filter).map((k) => [k, true])));
      if (q.sort) setSort(q.sort);
    },
    [setFilters, setSort],
  );
  const load = useCallback(
    () => api<Saved[]>('POST', '/saved_query/list', { resource: def.name }).then(setItems),
    [def.name],
  );
  const fail = (e: unknown) => notify((e as Error).message, { type: 'error' });

  useEffect(() => {
    load().catch(() => setItems([]));
  }, [load]);
  // once, when the list has opened: its default, unless the list came with a filter of its own
  useEffect(() => {
    if (!items || opened.current) return;
    opened.current = true;
    const preferred = items.find((q) => q.is_default);
    if (preferred && Object.keys(filterValues).length === 0) apply(preferred);
  }, [items, filterValues, apply]);

  const save = async () => {
    try {
      const s = sort?.field ? { field: sort.field === 'id' ? '_id' : sort.field, order: sort.order } : undefined;
      await api('POST', '/saved_query/add', {
        resource: def.name,
        name,
        filter: filterValues,
        sort: s,
        is_default: asDefault,
      });
      notify('vf.operator.saved.saved', { type: 'success', messageArgs: { name } });
      setNaming(false);
      setName('');
      setAsDefault(false);
      await load();
    } catch (e) {
      fail(e);
    }
  };
  const call = (path: string, body: object) => api('POST', path, body).then(load).catch(fail);

  return (
    <>
      <Button
        label={translate('vf.operator.saved.button')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="saved-queries"
      >
        <BookmarkBorder />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items?.length ? null : (
          <MenuItem disabled>
            <ListItemText primary={translate('vf.operator.saved.none')} />
          </MenuItem>
        )}
        {items?.map((q) => (
          <MenuItem key={q._id} onClick={() => (apply(q), setAnchor(null))} data-testid="saved-query">
            <ListItemText
              primary={q.name}
              secondary={q.is_default ? translate('vf.operator.saved.default') : undefined}
            />
            <IconButton
              size="small"
              aria-label={translate('vf.operator.saved.make_default')}
              title={translate('vf.operator.saved.make_default')}
              onClick={(e) => (
                e.stopPropagation(),
                call('/saved_query/default', { _id: q._id, is_default: !q.is_default })
              )}
            >
              {q.is_default ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
            </IconButton>
            <IconButton
              size="small"
              aria-label={translate('vf.operator.saved.remove')}
              title={translate('vf.operator.saved.remove')}
              onClick={(e) => (e.stopPropagation(), call('/saved_query/delete', { _id: q._id }))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => (setAnchor(null), setNaming(true))} data-testid="saved-query-save">
          {translate('vf.operator.saved.save')}
        </MenuItem>
      </Menu>
      <Dialog
        open={naming}
        onClose={() => setNaming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="saved-query-title"
      >
        <DialogTitle id="saved-query-title">{translate('vf.operator.saved.save_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            name="saved_query_name"
            label={translate('vf.operator.saved.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)} />}
            label={translate('vf.operator.saved.as_default')}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setNaming(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton onClick={save} disabled={!name.trim()} data-testid="saved-query-confirm">
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
