import { LocalesMenuButton, Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { AccountMenuItem } from './AccountMenuItem';

/** The app bar's right end: the language switch and the user's menu ("Mon compte", "Se déconnecter"). */
export function AppBarMenus() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name must contain it (WCAG 2.5.3), then say what it opens.
  const userMenuLabel = identity?.fullName ? `${identity.fullName} — ${translate('ra.auth.user_menu')}` : 'ra.auth.user_menu';
  return (
    <>
      <LocalesMenuButton />
      <UserMenu label={userMenuLabel}>
        <AccountMenuItem />
        <Logout />
      </UserMenu>
    </>
  );
}
