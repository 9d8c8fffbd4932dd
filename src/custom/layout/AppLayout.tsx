import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout } from 'react-admin';
import { lazyComponent } from '../lazyComponent';
import { Loader } from '../Loader';
import { SidePanel, SidePanelProvider } from '../sidePanel';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';

// The live stream is not needed to paint a page: its code (and its stream) come once the page is mounted.
const LiveEvents = lazyComponent(() => import('../live/LiveEvents').then((module) => module.LiveEvents));

/** Every non-public page: app bar, grouped menu, the page, and the side panel beside it. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <SidePanelProvider>
      <Layout appBar={AppBar} menu={AppMenu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0, overflowX: 'auto' }}>
            <Suspense fallback={<Loader size="large" />}>{children}</Suspense>
          </Box>
          <SidePanel />
        </Box>
        <LiveEvents />
      </Layout>
    </SidePanelProvider>
  );
}
