// Role preview (docs/rules.md, Roles): a SUPER account picks a role and sees the console as that role
// would — the server narrows the session's authorizations, and for a brand or store role its tenant to the
// brand or store picked here, so menus, screens and API answers all follow.
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
import { MAX_PAGE_SIZE } from '../../resources/limits';

interface RoleRow {
  id: string;
  display_name: string;
  authorizations: string[] | null;
  account_type: string | null;
}

/** A brand or store role is previewed in one brand or store: which resource lists the choices, and the field sent. */
const TENANT_OF: Record<string, 'integrator' | 'dealer'> = { INTEGRATOR: 'integrator', DEALER: 'dealer' };

/** The brand or store whose data a preview of a brand or store role shows. */
function TenantChoice({
  kind,
  value,
  onChange,
}: {
  kind: 'integrator' | 'dealer';
  value: string;
  onChange: (v: string) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    dataProvider
      .getList<{ id: string; name: string }>(kind, {
        pagination: { page: 1, perPage: MAX_PAGE_SIZE },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      })
      .then(({ data }) => setRows(data))
      .catch(() => setRows([]));
  }, [dataProvider, kind]);
  const label = translate(`vf.sessionUi.preview.choose_${kind}`);
  return (
    <FormControl fullWidth sx={{ mt: 2 }}>
      <InputLabel id="preview-tenant-label">{label}</InputLabel>
      <Select
        labelId="preview-tenant-label"
        label={label}
        value={value}
        onChange={(e) => onChange(String(e.target.value))}
        data-testid="preview-tenant"
      >
        {rows.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
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
  const [tenant, setTenant] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dataProvider
      .getList<RoleRow>('role', {
        pagination: { page: 1, perPage: 200 },
        sort: { field: 'create_time', order: 'ASC' },
        filter: {},
      })
      .then(({ data }) => setRoles(data.filter((r) => r.id !== 'super')))
      .catch((e: Error) => setError(e.message));
  }, [dataProvider]);
  const role = roles.find((r) => r.id === chosen);
  const tenantKind = role?.account_type ? TENANT_OF[role.account_type] : undefined;

  const start = async () => {
    setBusy(true);
    try {
      await api('POST', '/role/preview', tenantKind ? { _id: chosen, [tenantKind]: tenant } : { _id: chosen });
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
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <FormControl fullWidth sx={{ mt: 1 }}>
          <InputLabel id="preview-role-label">{translate('vf.service.preview.role')}</InputLabel>
          <Select
            labelId="preview-role-label"
            label={translate('vf.service.preview.role')}
            value={chosen}
            onChange={(e) => {
              setChosen(String(e.target.value));
              setTenant('');
            }}
            data-testid="preview-role"
          >
            {roles.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.display_name} ({r.id})
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {tenantKind ? <TenantChoice key={tenantKind} kind={tenantKind} value={tenant} onChange={setTenant} /> : null}
        {role ? <MenuOfRole role={role} /> : null}
      </DialogContent>
      <DialogActions>
        <Button label={translate('vf.service.preview.cancel')} onClick={onClose} />
        <Button
          label={translate('vf.service.preview.switch')}
          variant="contained"
          disabled={!role || busy || (!!tenantKind && !tenant)}
          onClick={start}
        />
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
      {preview.dealer_name || preview.integrator_name
        ? ` · ${translate('vf.sessionUi.preview.tenant', { name: preview.dealer_name ?? preview.integrator_name })}`
        : null}
    </Alert>
  );
}
