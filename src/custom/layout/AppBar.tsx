import { memo } from 'react';
import { Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useTranslate } from 'react-admin';
import { useAfterFirstPaint } from '../useAfterFirstPaint';
import { AppBarMenus } from './AppBarMenus';

/**
 * The app name, the page's title, the language switch and the user's menu ("Mon compte", "Se déconnecter").
 * The menus come a frame after the app's first page (useAfterFirstPaint). Memoised: react-admin re-renders
 * the layout several times as the app starts, with nothing new for it.
 */
export const AppBar = memo(function AppBar() {
  const translate = useTranslate();
  const menusShown = useAfterFirstPaint();
  return (
    <RaAppBar toolbar={menusShown ? <AppBarMenus /> : <span />} userMenu={false}>
      {/* On a phone the page's title has the room: the app's name would push it under the buttons. */}
      <Typography
        component="span"
        variant="h6"
        sx={{ mr: 2, fontWeight: 600, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}
      >
        {translate('app.name')}
      </Typography>
      <TitlePortal
        variant="body1"
        component="h1"
        sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      />
    </RaAppBar>
  );
});
