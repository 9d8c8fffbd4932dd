import { memo } from 'react';
import { Box } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { lazyComponent } from '../lazyComponent';
import { useAfterFirstPaint } from '../useAfterFirstPaint';

// The sections' code (menu items, folding, keyboard shortcuts) is not needed to paint a page's content.
const MenuSections = lazyComponent(() => import('./MenuSections').then((module) => module.MenuSections));

// react-admin's sidebar widths (its <Menu> reads the same theme keys).
const OPEN_WIDTH = 240;
const CLOSED_WIDTH = 55;

/**
 * The menu in its sections (MENU_GROUPS), each showing only what the session may open. A landmark of its own,
 * each section a menu of links after its folding button (react-admin's <Menu> is one role=menu, which
 * may hold no section headings or buttons). The rights are read at once, not through react-query.
 * Memoised: react-admin re-renders the layout as it registers resources and checks the session, and the
 * menu has nothing new to show then. Its entries come a frame after the app's first page (useAfterFirstPaint).
 */
export const AppMenu = memo(function AppMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const shown = useAfterFirstPaint();
  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.label')}
      className={`RaMenu-root ${open ? 'RaMenu-open' : 'RaMenu-closed'}`}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        width: open ? OPEN_WIDTH : CLOSED_WIDTH,
        mt: 0.5,
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      {shown && <MenuSections />}
    </Box>
  );
});
