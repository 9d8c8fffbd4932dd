import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout } from 'react-admin';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';
import { useAfterFirstPaint } from '../useAfterFirstPaint';
import { SidePanel, SidePanelProvider } from '../sidePanel';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

// The live stream is not needed to paint a page: its code (and its stream) come once the page is painted.
const LiveEvents = lazyComponent(() => import('../live/LiveEvents').then((module) => module.LiveEvents));

// Flex boxes grow to their content's width unless told otherwise: a wide table would widen the whole page
// (sideways scroll on a phone, the side panel over the list's last column). The table scrolls in its box.
const LAYOUT_SX = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
};

/** Apart from the layout, so that the layout does not render again when the stream's turn comes. */
function LateLiveEvents() {
  return useAfterFirstPaint() ? <LiveEvents /> : null;
}

/** Every non-public page: app bar, grouped menu, the page, and the side panel beside it. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <SidePanelProvider>
      <Layout appBar={AppBar} menu={AppMenu} sx={LAYOUT_SX}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
            <Suspense fallback={<Loader size="large" />}>{children}</Suspense>
          </Box>
          <SidePanel />
        </Box>
        <LateLiveEvents />
      </Layout>
    </SidePanelProvider>
  );
}
