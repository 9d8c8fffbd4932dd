import { useEffect } from 'react';
import { Drawer, useMediaQuery, type Theme } from '@mui/material';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';
import { useSidePanel } from './SidePanelContext';
import type { SidePanelTab } from './tabs';

// What the panel shows loads with the first record opened in it: a list's first paint needs none of it.
const SidePanelHeader = lazyComponent(() => import('./SidePanelHeader').then((module) => module.SidePanelHeader));
const AboveBlock = lazyComponent(() => import('./AboveBlock').then((module) => module.AboveBlock));
const SidePanelBody = lazyComponent(
  () => import('./SidePanelBody').then((module) => module.SidePanelBody),
  <Loader size="small" />,
);

/** The panel's width beside the page, by screen size; on a narrow screen it covers the page instead. */
const PANEL_WIDTH = { md: 420, lg: 520 };
/** react-admin's app bar height on a wide screen, under which the panel stays while the page scrolls. */
const APP_BAR_HEIGHT = 48;
/** One panel per page: a fixed id lets the page and its tests find its title. */
const TITLE_ID = 'side-panel-title';

/**
 * The right-hand side panel: a record opened from a list without leaving it. Beside the
 * page on a wide screen (persistent drawer), over it on a narrow one (temporary drawer). Escape closes it,
 * like the close cross: back to the previous object of its history, or shut.
 */
export function SidePanel({ tabs }: { tabs?: readonly SidePanelTab[] }) {
  const { current, history, subTab, above, close, clear, selectSubTab, closeAbove } = useSidePanel();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const open = current !== undefined;

  useEffect(() => {
    // The temporary drawer is a modal and handles Escape itself; a dialog opened over the page stops the
    // key before it reaches the document.
    if (!open || !wide) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, wide, close]);

  return (
    <Drawer
      variant={wide ? 'persistent' : 'temporary'}
      anchor="right"
      open={open}
      onClose={close}
      sx={
        wide
          ? {
              // The drawer's own box only reserves the room beside the page; its paper stays fixed to the
              // right edge under the app bar, whole even when the page is wider than the window.
              width: open ? PANEL_WIDTH : 0,
              flexShrink: 0,
              transition: (theme) => theme.transitions.create('width'),
              '& .MuiDrawer-paper': {
                width: PANEL_WIDTH,
                top: APP_BAR_HEIGHT,
                height: `calc(100% - ${APP_BAR_HEIGHT}px)`,
                boxSizing: 'border-box',
              },
            }
          : { '& .MuiDrawer-paper': { width: { xs: '100%', sm: PANEL_WIDTH.md } } }
      }
      slotProps={{ paper: { component: 'aside', 'aria-labelledby': TITLE_ID, 'data-testid': 'side-panel' } as object }}
    >
      {current && (
        <>
          {above && <AboveBlock entry={above} onClose={closeAbove} />}
          <SidePanelHeader
            entry={current}
            titleId={TITLE_ID}
            onClose={close}
            onClear={history.length > 0 ? clear : undefined}
          />
          <SidePanelBody entry={current} subTab={subTab} onSubTab={selectSubTab} tabs={tabs} />
        </>
      )}
    </Drawer>
  );
}
