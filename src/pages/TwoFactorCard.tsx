// Two-factor sign-in on the profile page: set up with a QR code (drawn by the server as a data: URL, so
// no QR code library reaches the browser), confirm with a first code, see the recovery codes once, turn
// off with a current code. And the gate: an account whose role requires it is kept on /profile until it has it.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { api } from '../providers/http';
import { invalidateProfile } from '../providers/authProvider';
import { useProfile } from '../layout/useProfile';

interface Status {
  enabled: boolean;
  required: boolean;
  recovery_left: number;
}

/** Sends an account that must enrol to its profile, from wherever it lands. */
export function TotpGate() {
  const p = useProfile();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (p?.totp_pending && pathname !== '/profile') void navigate('/profile', { replace: true });
  }, [p?.totp_pending, pathname, navigate]);
  return null;
}

export function TwoFactorCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const [status, setStatus] = useState<Status>();
  const [setup, setSetup] = useState<{ secret: string; qr: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () => api<Status>('GET', '/user/totp').then(setStatus, (e: Error) => notify(e.message, { type: 'error' })),
    [notify],
  );
  useEffect(() => void load(), [load]);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setSetup(await api('POST', '/user/totp/setup')));
  const confirm = () =>
    run(async () => {
      const r = await api<{ recovery_codes: string[] }>('POST', '/user/totp/enable', { code: code.trim() });
      setRecovery(r.recovery_codes);
      setSetup(undefined);
      setCode('');
      invalidateProfile();
      await refetch();
      notify('vf.signin.enabled_done', { type: 'success' });
      await load();
    });
  const disable = () =>
    run(async () => {
      await api('POST', '/user/totp/disable', { code: code.trim() });
      setCode('');
      setRecovery(undefined);
      invalidateProfile();
      await refetch();
      notify('vf.signin.disabled_done', { type: 'success' });
      await load();
    });

  if (!status) return null;
  const codeField = (
    <TextField
      label={translate('vf.signin.code')}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      size="small"
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { 'data-testid': 'totp-code', inputMode: 'numeric' } }}
    />
  );
  return (
    <Card data-testid="totp-card">
      <CardHeader title={translate('vf.signin.title')} />
      <CardContent>
        <Stack spacing={2}>
          {status.required && !status.enabled ? (
            <Alert severity="warning">{translate('vf.signin.required')}</Alert>
          ) : null}
          <Typography variant="body2" data-testid="totp-status">
            {translate(status.enabled ? 'vf.signin.on' : 'vf.signin.off')}
            {status.enabled ? ` ${translate('vf.signin.recovery_left', { count: status.recovery_left })}` : ''}
          </Typography>
          {recovery ? (
            <Alert severity="info" data-testid="totp-recovery">
              <Typography variant="subtitle2">{translate('vf.signin.recovery_title')}</Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('vf.signin.recovery_hint')}
              </Typography>
              <Box component="ul" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2 }}>
                {recovery.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          {!status.enabled && !setup ? (
            <Box>
              <Button variant="contained" onClick={start} disabled={busy} data-testid="totp-setup">
                {translate('vf.signin.setup')}
              </Button>
            </Box>
          ) : null}
          {setup ? (
            <Stack spacing={2}>
              <Typography variant="body2">{translate('vf.signin.scan')}</Typography>
              <Box component="img" src={setup.qr} alt={translate('vf.signin.qr')} sx={{ width: 200, height: 200 }} />
              <Typography variant="body2">
                {translate('vf.signin.key')}: <code data-testid="totp-secret">{setup.secret}</code>
              </Typography>
              <Stack direction="row" spacing={1} alignItems="center">
                {codeField}
                <Button
                  variant="contained"
                  onClick={confirm}
                  disabled={busy || !code.trim()}
                  data-testid="totp-confirm"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                >
                  {translate('vf.signin.confirm')}
                </Button>
              </Stack>
            </Stack>
          ) : null}
          {status.enabled ? (
            <Stack spacing={1}>
              <Typography variant="body2">{translate('vf.signin.disable_hint')}</Typography>
              <Stack direction="row" spacing={1} alignItems="center">
                {codeField}
                <Button
                  variant="outlined"
                  color="error"
                  onClick={disable}
                  disabled={busy || !code.trim()}
                  data-testid="totp-disable"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                >
                  {translate('vf.signin.disable')}
                </Button>
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
