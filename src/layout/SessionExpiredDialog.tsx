// docs/rules.md: a 401 shows 'Login has expired' with re-login and cancel; re-login forgets the session and reloads.
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dismissSessionExpired, onSessionExpired } from '../providers/sessionExpired';
import { forgetSession } from '../providers/session';
import { endCalls } from '../providers/http';

export function SessionExpiredDialog() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => onSessionExpired(setOpen), []);
  const relogin = () => {
    endCalls();
    forgetSession();
    window.location.reload();
  };
  return (
    <Dialog open={open} onClose={dismissSessionExpired} aria-labelledby="session-expired-title">
      <DialogTitle id="session-expired-title">{translate('vf.session.expired_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('vf.session.expired_body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={dismissSessionExpired}>{translate('ra.action.cancel')}</Button>
        <Button onClick={relogin} variant="contained" autoFocus>
          {translate('vf.session.relogin')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
