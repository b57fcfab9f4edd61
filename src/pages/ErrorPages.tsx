// /404 and /401: what went wrong, and a way back to the homepage.
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';

function ErrorPage({ code, text }: { code: string; text: string }) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 4,
        textAlign: 'center',
      }}
    >
      <Typography component="h1" variant="h2" color="primary">
        {code}
      </Typography>
      <Typography variant="h6">{translate(text)}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {translate('vf.page.back_home')}
      </Button>
    </Box>
  );
}

export const NotFoundPage = () => <ErrorPage code="404" text="vf.page.not_found_text" />;
export const UnauthorizedPage = () => <ErrorPage code="401" text="vf.page.unauthorized_text" />;
