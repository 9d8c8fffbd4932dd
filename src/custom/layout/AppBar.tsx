import { AppBar as RaAppBar, LocalesMenuButton, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { AccountMenuItem } from './AccountMenuItem';

/** The app name, the page's title, the language switch and the user's menu ("Mon compte", "Se déconnecter"). */
export function AppBar() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name must contain it (WCAG 2.5.3), then say what it opens.
  const userMenuLabel = identity?.fullName ? `${identity.fullName} — ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu';
  return (
    <RaAppBar
      toolbar={<LocalesMenuButton />}
      userMenu={
        <UserMenu label={userMenuLabel}>
          <AccountMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <Typography component="span" variant="h6" sx={{ mr: 2, fontWeight: 600, whiteSpace: 'nowrap' }}>
        {translate('app.name')}
      </Typography>
      <TitlePortal variant="body1" />
    </RaAppBar>
  );
}
