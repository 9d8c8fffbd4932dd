import { Suspense, createElement } from 'react';
import { Box, Button, Divider, IconButton, Paper, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditIcon from '@mui/icons-material/Edit';
import { Link, ResourceContextProvider, useGetOne, useGetRecordRepresentation, useTranslate, type Identifier } from 'react-admin';
import { resources } from '../../resources';
import { Loader } from '../Loader';
import { useSidePanel } from './SidePanelContext';

/** The panel's width on a wide screen; it takes the whole width on a narrow one. */
const PANEL_WIDTH = 480;

function PanelTitle({ resource, id }: { resource: string; id: Identifier }) {
  const { data } = useGetOne(resource, { id });
  const represent = useGetRecordRepresentation(resource);
  return (
    <Typography component="h2" variant="h6" noWrap id="side-panel-title" sx={{ flex: 1 }}>
      {data ? represent(data) : '…'}
    </Typography>
  );
}

/**
 * The right-hand side panel (spec section 2): a record opened from a list without leaving it. Header
 * with the record's title, clear and close; sub-tabs (`infos` by default: the resource's own show view).
 */
export function SidePanel() {
  const { current, history, subTab, close, clear, selectSubTab } = useSidePanel();
  const translate = useTranslate();
  if (!current) return null;
  const definition = resources.find((resource) => resource.name === current.resource);
  const show = definition?.show;
  return (
    <ResourceContextProvider value={current.resource}>
      <Paper
        component="aside"
        aria-labelledby="side-panel-title"
        elevation={3}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        sx={{
          width: { xs: '100%', md: PANEL_WIDTH },
          flexShrink: 0,
          position: { xs: 'fixed', md: 'sticky' },
          inset: { xs: 0, md: 'auto' },
          top: { md: 48 },
          alignSelf: 'flex-start',
          maxHeight: { md: 'calc(100vh - 48px)' },
          overflow: 'auto',
          zIndex: (theme) => ({ xs: theme.zIndex.drawer, md: 'auto' }),
        }}
      >
        <Stack direction="row" spacing={1} sx={{ px: 2, pt: 1.5, alignItems: 'center' }}>
          <PanelTitle resource={current.resource} id={current.id} />
          {history.length > 1 && (
            <Tooltip title={translate('app.side_panel.clear')}>
              <IconButton aria-label={translate('app.side_panel.clear')} onClick={clear} size="small">
                <DeleteSweepIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={translate('app.side_panel.close')}>
            <IconButton aria-label={translate('app.side_panel.close')} onClick={close} size="small" autoFocus>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Tabs value={subTab} onChange={(_, tab: string) => selectSubTab(tab)} sx={{ px: 1 }}>
          <Tab value="infos" label={translate('app.side_panel.tabs.infos')} />
        </Tabs>
        <Divider />
        <Box sx={{ p: 1 }}>
          {definition?.edit && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
              <Button component={Link} to={`/${current.resource}/${encodeURIComponent(String(current.id))}`} startIcon={<EditIcon />} size="small">
                {translate('ra.action.edit')}
              </Button>
            </Box>
          )}
          <Suspense fallback={<Loader size="small" />}>
            {show ? createElement(show as React.ComponentType<{ id: Identifier }>, { key: `${current.resource}/${current.id}`, id: current.id }) : null}
          </Suspense>
        </Box>
      </Paper>
    </ResourceContextProvider>
  );
}
