// The settings drawer (docs/rules.md): theme colour, tabs, fixed header, sidebar logo, pinyin search. Each choice
// applies at once and is kept across reloads (settings.ts).
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  ButtonBase,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import Settings from '@mui/icons-material/Settings';
import Check from '@mui/icons-material/Check';
import { resetSettings, updateSettings, useSettings, type LayoutSettings } from './settings';

export const THEME_COLORS = ['#1890ff', '#409eff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959cd', '#f5222d'];

export function SettingsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('vf.layout.settings.open')}>
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          aria-label={translate('vf.layout.settings.open')}
          data-testid="settings-button"
        >
          <Settings />
        </IconButton>
      </Tooltip>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const SWITCHES: Array<[keyof LayoutSettings, string]> = [
  ['tagsView', 'tags_view'],
  ['fixedHeader', 'fixed_header'],
  ['sidebarLogo', 'sidebar_logo'],
  ['pinyinSearch', 'pinyin_search'],
];

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const settings = useSettings();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}
    >
      <Box role="region" aria-labelledby="settings-title" sx={{ p: 2.5 }} data-testid="settings-drawer">
        <Typography id="settings-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {translate('vf.layout.settings.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }} id="theme-color-label">
          {translate('vf.layout.settings.theme_color')}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          flexWrap="wrap"
          spacing={1}
          role="radiogroup"
          aria-labelledby="theme-color-label"
        >
          {THEME_COLORS.map((c) => (
            <ButtonBase
              key={c}
              role="radio"
              aria-checked={settings.themeColor === c}
              aria-label={c}
              onClick={() => updateSettings({ themeColor: c })}
              sx={{
                width: 28,
                height: 28,
                borderRadius: 1,
                bgcolor: c,
                color: '#fff',
                border: '2px solid',
                borderColor: settings.themeColor === c ? 'text.primary' : 'transparent',
              }}
            >
              {settings.themeColor === c ? <Check fontSize="small" /> : null}
            </ButtonBase>
          ))}
          <Box
            component="input"
            type="color"
            value={settings.themeColor}
            aria-label={translate('vf.layout.settings.custom_color')}
            title={translate('vf.layout.settings.custom_color')}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => updateSettings({ themeColor: e.target.value })}
            data-testid="theme-color-input"
            sx={{ width: 32, height: 30, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
          />
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack spacing={0.5}>
          {SWITCHES.map(([key, label]) => (
            <FormControlLabel
              key={key}
              labelPlacement="start"
              sx={{ justifyContent: 'space-between', ml: 0 }}
              control={
                <Switch
                  checked={settings[key] as boolean}
                  onChange={(e) => updateSettings({ [key]: e.target.checked })}
                />
              }
              label={translate(`vf.layout.settings.${label}`)}
            />
          ))}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Button variant="outlined" fullWidth onClick={resetSettings}>
          {translate('vf.layout.settings.reset')}
        </Button>
      </Box>
    </Drawer>
  );
}
