import { AppBar as RaAppBar, LocalesMenuButton, Logout, TitlePortal, UserMenu, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { AccountMenuItem } from './AccountMenuItem';

/** The app name, the page's title, the language switch and the user's menu ("Mon compte", "Se déconnecter"). */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={<LocalesMenuButton />}
      userMenu={
        <UserMenu>
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
