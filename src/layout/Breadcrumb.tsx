// The breadcrumb in the header: section › list › this page, in the current language.
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { describeRoute } from './routes';

export function Breadcrumb({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const d = describeRoute(pathname, translate);
  if (!d) return null;
  const crumbs = compact ? d.crumbs.slice(-1) : d.crumbs;
  return (
    <Breadcrumbs
      aria-label={translate('vf.layout.breadcrumb')}
      data-testid="breadcrumb"
      sx={{ fontSize: 14, minWidth: 0, '& ol': { flexWrap: 'nowrap' }, '& li': { whiteSpace: 'nowrap' } }}
    >
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <Link
            key={i}
            component={RouterLink}
            to={c.to}
            underline="hover"
            color="text.primary"
            sx={{ fontWeight: 500 }}
          >
            {c.label}
          </Link>
        ) : (
          <Typography
            key={i}
            component="span"
            color="text.secondary"
            sx={{ fontSize: 14 }}
            noWrap
            aria-current={i === crumbs.length - 1 ? 'page' : undefined}
          >
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
