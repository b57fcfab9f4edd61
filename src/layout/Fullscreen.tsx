// Full-screen toggle; where the browser cannot, a warning instead (docs/rules.md, Messages).
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';

export function FullscreenToggle() {
  const translate = useTranslate();
  const notify = useNotify();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      notify('vf.layout.fullscreen.unsupported', { type: 'warning' });
      return;
    }
    const p = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    p?.catch(() => notify('vf.layout.fullscreen.unsupported', { type: 'warning' }));
  };
  const label = translate(full ? 'vf.layout.fullscreen.exit' : 'vf.layout.fullscreen.enter');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label} data-testid="fullscreen-toggle">
        {full ? <FullscreenExit /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
