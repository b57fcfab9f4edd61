// Role preview (SPEC §6 role switching): a SUPER account picks a role and sees the console as that role
// would — the server narrows the session's authorizations, so menus, screens and API answers all follow.
// A banner says so and switches back. The page reloads both ways so that nothing cached from the other
// view (menu, permissions, lists) survives.
import { useEffect, useState } from 'react';
import { Button, useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  Box,
  Chip,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import { useProfile } from './useProfile';
import { menuSections } from './routes';
import { api } from '../providers/http';
import { invalidateProfile } from '../providers/authProvider';

interface RoleRow {
  id: string;
  display_name: string;
  authorizations: string[] | null;
}

function reloadAt(path: string) {
  invalidateProfile();
  window.location.assign(path);
}

/** What the chosen role would see in the menu, section by section, so the operator knows before switching. */
function MenuOfRole({ role }: { role: RoleRow }) {
  const translate = useTranslate();
  const sections = menuSections(role.authorizations ?? []);
  const count = sections.reduce((n, s) => n + s.items.length, 0);
  if (count === 0) return <Typography sx={{ mt: 2 }}>{translate('vf.service.preview.none')}</Typography>;
  return (
    <Box sx={{ mt: 2 }} data-testid="preview-menu">
      <Typography variant="subtitle2">{translate('vf.service.preview.menu', { count })}</Typography>
      {sections.map((s) => (
        <Box key={s.section} sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate(`vf.menu.section.${s.section}`)}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
            {s.items.map((i) => (
              <Chip key={i.path} size="small" label={translate(i.title, i.args)} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function PreviewDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dataProvider
      .getList<RoleRow>('role', { pagination: { page: 1, perPage: 200 }, sort: { field: 'create_time', order: 'ASC' }, filter: {} })
      .then(({ data }) => setRoles(data.filter((r) => r.id !== 'super')))
      .catch((e: Error) => setError(e.message));
  }, [dataProvider]);
  const role = roles.find((r) => r.id === chosen);

  const start = async () => {
    setBusy(true);
    try {
      await api('POST', '/role/preview', { _id: chosen });
      reloadAt('/dashboard');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('vf.service.preview.title')}</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
        <FormControl fullWidth sx={{ mt: 1 }}>
          <InputLabel id="preview-role-label">{translate('vf.service.preview.role')}</InputLabel>
          <Select
            labelId="preview-role-label"
            label={translate('vf.service.preview.role')}
            value={chosen}
            onChange={(e) => setChosen(String(e.target.value))}
            data-testid="preview-role"
          >
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.display_name} ({r.id})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {role ? <MenuOfRole role={role} /> : null}
      </DialogContent>
      <DialogActions>
        <Button label={translate('vf.service.preview.cancel')} onClick={onClose} />
        <Button label={translate('vf.service.preview.switch')} variant="contained" disabled={!role || busy} onClick={start} />
      </DialogActions>
    </Dialog>
  );
}

/** In the header, for SUPER accounts that are not already previewing. */
export function RolePreviewButton() {
  const translate = useTranslate();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  if (profile?.account_type !== 'SUPER' || profile.role_preview) return null;
  const label = translate('vf.service.preview.button');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)} data-testid="role-preview-open">
          <Visibility />
        </IconButton>
      </Tooltip>
      {open ? <PreviewDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Above every page while a preview lasts: whose view this is, and the way back. */
export function RolePreviewBanner() {
  const translate = useTranslate();
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const preview = profile?.role_preview;
  if (!preview) return null;
  const back = async () => {
    setBusy(true);
    try {
      await api('POST', '/role/preview_end', {});
    } finally {
      // Also when the preview had already ended elsewhere (409): the reload shows the true state.
      reloadAt('/dashboard');
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      data-testid="role-preview-banner"
      sx={{ borderRadius: 0, py: 0 }}
      action={<Button label={translate('vf.service.preview.back')} color="inherit" disabled={busy} onClick={back} />}
    >
      {translate('vf.service.preview.banner', { role: preview.display_name })}
    </Alert>
  );
}
