// The header's menu search: fuzzy over the titles this account may open, in the current language, plus
// pinyin and its initials for Chinese (switchable in the settings drawer). Choosing a result opens it.
// Ctrl+K (⌘K), or "/" outside a text field, opens it from anywhere (docs/accessibility.md, "Keyboard").
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Autocomplete, Box, IconButton, TextField, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { loadPinyin, makeMenuSearch, type PinyinFn, type SearchItem } from '../lib/menuSearch';
import { searchTargets } from './routes';
import { useSettings } from './settings';

export function MenuSearch({ width = 210 }: { width?: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<string[]>();
  const { pinyinSearch } = useSettings();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [pinyin, setPinyin] = useState<PinyinFn>();
  const wantPinyin = locale === 'zh' && pinyinSearch;

  useEffect(() => {
    // a chunk that fails to load leaves the plain search, which needs no pinyin
    if (open && wantPinyin && !pinyin)
      loadPinyin().then(
        (fn) => setPinyin(() => fn),
        () => undefined,
      );
  }, [open, wantPinyin, pinyin]);

  const search = useMemo(
    () => makeMenuSearch(searchTargets(permissions, translate), { pinyin: wantPinyin ? pinyin : undefined }),
    [permissions, translate, wantPinyin, pinyin],
  );
  const results = useMemo(() => search(query), [search, query]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = !!target?.closest('input, textarea, select, [contenteditable="true"]');
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') || (e.key === '/' && !typing)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const go = (item: SearchItem | null) => {
    if (!item) return;
    close();
    void navigate(item.path);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-testid="menu-search">
      <Tooltip title={`${translate('vf.layout.search.open')} (Ctrl+K)`}>
        <IconButton
          color="inherit"
          onClick={() => (open ? close() : setOpen(true))}
          aria-label={translate('vf.layout.search.open')}
          aria-keyshortcuts="Control+K Meta+K /"
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Autocomplete<SearchItem>
          openOnFocus
          autoHighlight
          options={results}
          filterOptions={(x) => x}
          getOptionLabel={(o) => (o.section ? `${o.section} > ${o.title}` : o.title)}
          isOptionEqualToValue={(a, b) => a.path === b.path}
          noOptionsText={translate('vf.layout.search.no_results')}
          inputValue={query}
          onInputChange={(_, v, reason) => reason === 'input' && setQuery(v)}
          value={null}
          onChange={(_, v) => go(v)}
          onBlur={close}
          sx={{ width }}
          slotProps={{ popper: { sx: { minWidth: 240 } } }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              variant="standard"
              size="small"
              placeholder={translate('vf.layout.search.placeholder')}
              slotProps={{
                htmlInput: { ...params.inputProps, 'aria-label': translate('vf.layout.search.placeholder') },
              }}
            />
          )}
        />
      ) : null}
    </Box>
  );
}
