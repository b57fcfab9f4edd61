// The language switch: the choice is saved and the page reloads in the new language (docs/rules.md, Users).
import { useState } from 'react';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGS, type Lang } from '../../resources/accounts';
import { LANGUAGE_NAMES } from '../providers/i18nProvider';
import { saveLang } from '../providers/session';

export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const choose = (lang: Lang) => {
    setAnchor(null);
    if (lang === locale) return;
    saveLang(lang);
    window.location.reload();
  };
  return (
    <>
      <Tooltip title={LANGUAGE_NAMES[locale as Lang] ?? locale}>
        <IconButton
          color={color}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${translate('vf.layout.language')}: ${LANGUAGE_NAMES[locale as Lang] ?? locale}`}
          data-testid="language-switch"
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGS.map((l) => (
          <MenuItem key={l} selected={l === locale} onClick={() => choose(l)} lang={l}>
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
