import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { AUTH_ROUTES } from '../../providers/authProvider';
import { PublicCard } from './PublicCard';

interface AuthLayoutProps {
  /** A translation key. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Shows a link back to the login page under the card. */
  backToLogin?: boolean;
}

/** The bare frame of the public screens (login, reset, code, new password): one centred card. */
export function AuthLayout({ title, intro, children, backToLogin = false }: AuthLayoutProps) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'grey.100',
      }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 440 }}>
        <Typography variant="overline" component="p" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {translate('app.auth.app_name')}
        </Typography>
        <PublicCard title={title} intro={intro}>
          {children}
        </PublicCard>
        {backToLogin ? (
          <Link to={AUTH_ROUTES.login} sx={{ alignSelf: 'center' }}>
            {translate('app.auth.back_to_login')}
          </Link>
        ) : null}
      </Stack>
    </Box>
  );
}
