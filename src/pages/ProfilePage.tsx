// /profile: the signed-in account's basic info and its password (docs/rules.md, Screens).
import { useState } from 'react';
import {
  Form,
  TextInput,
  PasswordInput,
  SaveButton,
  Title,
  useNotify,
  useTranslate,
  useRefresh,
  useLogout,
} from 'react-admin';
import { Card, CardContent, CardHeader, Grid, Stack, Typography } from '@mui/material';
import { useProfile } from '../layout/useProfile';
import { api } from '../providers/http';
import { validateFields } from '../../resources/validate';
import user from '../../resources/user';
import { useFormat } from '../lib/format';
import { invalidateProfile } from '../providers/authProvider';
import { TwoFactorCard } from './TwoFactorCard';
import { ImageUploadInput } from '../declared/ImageUploadInput';

function BasicInfo() {
  const translate = useTranslate();
  const fmt = useFormat();
  const notify = useNotify();
  const refresh = useRefresh();
  const p = useProfile();
  const [busy, setBusy] = useState(false);
  if (!p) return null;
  const { nickname, email, avatar } = user.fields;
  const validate = (values: Record<string, unknown>) => {
    const { errors } = validateFields({ nickname, email, avatar }, values, 'edit');
    return Object.fromEntries(
      Object.entries(errors).map(([f, e]) => [
        f,
        translate(e.key, { ...e.args, field: translate(`resources.user.fields.${f}`) }),
      ]),
    );
  };
  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api('POST', '/user/profile', {
        nickname: values.nickname ?? null,
        email: values.email ?? null,
        avatar: values.avatar ?? null,
      });
      invalidateProfile();
      notify('vf.profile.saved', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader title={translate('vf.profile.basic_info')} />
      <CardContent>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="body2">
            {translate('vf.profile.account')}: <strong>{p._id}</strong> ·{' '}
            {translate(`vf.account_type.${p.account_type}`)}
          </Typography>
          <Typography variant="body2">
            {translate('vf.profile.registered')}: {fmt.dateTime(p.create_timestamp)}
          </Typography>
        </Stack>
        <Form record={{ nickname: p.nickname, email: p.email, avatar: p.avatar }} onSubmit={save} validate={validate}>
          <TextInput source="nickname" label="resources.user.fields.nickname" fullWidth />
          <TextInput source="email" label="resources.user.fields.email" type="email" fullWidth />
          {/* the account form's image upload: a picked file goes to POST /api/upload, the field keeps its path */}
          <ImageUploadInput source="avatar" resource="user" label="resources.user.fields.avatar" />
          <SaveButton disabled={busy} />
        </Form>
      </CardContent>
    </Card>
  );
}

function ChangePassword() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const validate = (values: Record<string, unknown>) => {
    const errors: Record<string, string> = {};
    if (!values.old_password)
      errors.old_password = translate('vf.validation.required', { field: translate('vf.profile.old_password') });
    const { errors: e } = validateFields({ password: { type: 'password', required: true } }, values, 'create');
    if (e.password) errors.password = translate(e.password.key, { field: translate('vf.profile.new_password') });
    if (values.confirm !== values.password) errors.confirm = translate('vf.validation.password_mismatch');
    return errors;
  };
  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api('POST', '/user/password', { old_password: values.old_password, password: values.password });
      notify('vf.profile.password_changed', { type: 'success' });
      void logout();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader title={translate('vf.profile.change_password')} />
      <CardContent>
        <Form onSubmit={save} validate={validate}>
          <PasswordInput
            source="old_password"
            label="vf.profile.old_password"
            fullWidth
            autoComplete="current-password"
          />
          <PasswordInput source="password" label="vf.profile.new_password" fullWidth autoComplete="new-password" />
          <PasswordInput source="confirm" label="vf.profile.confirm_password" fullWidth autoComplete="new-password" />
          <SaveButton disabled={busy} label="vf.profile.change_password" />
        </Form>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const translate = useTranslate();
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Title title={translate('vf.menu.profile')} />
      <Grid size={{ xs: 12, md: 6 }}>
        <BasicInfo />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChangePassword />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TwoFactorCard />
      </Grid>
    </Grid>
  );
}
