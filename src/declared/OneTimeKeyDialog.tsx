// A one-time secret the server answers once (a robot's device key, a webhook's signing secret, on creation or
// rotation): shown here with a copy button, never stored by the browser, and gone once the dialog closes. A
// resource names its own secret with `resources.<name>.secret.{title,once,label,done}`; a robot's key is the default.
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate, useNotify } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';

export function OneTimeKeyDialog({
  secret,
  name,
  onClose,
  resource,
}: {
  secret: string | undefined;
  name: string;
  onClose: () => void;
  resource?: string;
}) {
  const translate = useTranslate();
  const own = (key: 'title' | 'once' | 'label' | 'done', fallback: string) =>
    translate(`resources.${resource}.secret.${key}`, { name, _: translate(fallback, { name }) });
  const notify = useNotify();
  return (
    <Dialog
      open={!!secret}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="one-time-key-title"
    >
      <DialogTitle id="one-time-key-title">{own('title', 'vf.fleet.device.key_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {own('once', 'vf.fleet.device.key_once')}
        </Alert>
        <TextField
          value={secret ?? ''}
          fullWidth
          label={own('label', 'vf.fleet.device.key_section')}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'one-time-key', style: { fontFamily: 'monospace' } },
          }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopy />}
          onClick={() =>
            navigator.clipboard?.writeText(secret ?? '').then(
              () => notify('vf.fleet.device.key_copied', { type: 'info' }),
              () => undefined,
            )
          }
        >
          {translate('vf.fleet.device.key_copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {own('done', 'vf.fleet.device.key_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The secret a creation handed to this page through the router's state, shown once and then dropped. */
export function useRevealedSecret(): [string | undefined, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const secret = (location.state as { reveal?: string } | null)?.reveal;
  return [secret, () => navigate(location.pathname + location.search, { replace: true, state: null })];
}
