// The size switch (docs/rules.md): the density of the whole console, default medium, saved in a cookie.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import FormatSize from '@mui/icons-material/FormatSize';
import { SIZES, setSize, useSize, type Size } from './settings';

export function SizeSwitch() {
  const translate = useTranslate();
  const notify = useNotify();
  const size = useSize();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (s: Size) => {
    setAnchor(null);
    if (s === size) return;
    setSize(s);
    notify('vf.layout.size.changed', { type: 'success' });
  };
  return (
    <>
      <Tooltip title={translate('vf.layout.size.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={translate('vf.layout.size.title')}
          data-testid="size-switch"
        >
          <FormatSize />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {SIZES.map((s) => (
          <MenuItem key={s} selected={s === size} disabled={s === size} onClick={() => choose(s)}>
            {translate(`vf.layout.size.${s}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
