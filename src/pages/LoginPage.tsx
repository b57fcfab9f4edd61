// Sign-in. The username is trimmed; after sign-in the user lands on ?redirect=… or the dashboard.
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { getToken } from '../providers/session';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** Only paths inside the console: never send a user to another site after sign-in. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/dashboard';
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (getToken() && !busy) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await login({ username: username.trim(), password }, safeRedirect(params.get('redirect')));
    } catch (err) {
      setError((err as Error).message || translate('vf.error.login_failed'));
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #2d3a4b 0%, #1f2d3d 100%)', p: 2 }}>
      <Card sx={{ width: 380, maxWidth: '100%' }}>
        <CardContent component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="h1" variant="h5">
              {translate('vf.login.title')}
            </Typography>
            <LanguageSwitch color="default" />
          </Box>
          {error ? (
            <Alert severity="error" role="alert" data-testid="login-error">
              {error}
            </Alert>
          ) : null}
          <TextField label={translate('vf.login.username')} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus required fullWidth />
          <TextField
            label={translate('vf.login.password')}
            name="password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton onClick={() => setShow(!show)} aria-label={translate(show ? 'vf.login.hide_password' : 'vf.login.show_password')} edge="end">
                      {show ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !username.trim() || !password}>
            {translate('vf.login.submit')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {translate('vf.login.demo')}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
