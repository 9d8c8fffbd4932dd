import { Suspense, useId } from 'react';
import { Box, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { Loader } from '../Loader';
import type { SideEntry } from './history';
import { InfosTab } from './InfosTab';
import { RecordTitle } from './RecordTitle';

/**
 * The block above the side panel (the panel state's `above`): a related object looked
 * at without leaving the one the panel shows, e.g. a ticket's parent. Not kept in the history.
 */
export function AboveBlock({ entry, onClose }: { entry: SideEntry; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ m: 1, mb: 0 }}>
      <Stack direction="row" sx={{ pl: 2, pr: 1, pt: 1, alignItems: 'center' }}>
        <RecordTitle resource={entry.resource} id={entry.id} titleId={titleId} />
        <Tooltip title={translate('app.side_panel.close_above')}>
          <IconButton aria-label={translate('app.side_panel.close_above')} onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <ResourceContextProvider value={entry.resource}>
        <Box sx={{ p: 1 }}>
          <Suspense fallback={<Loader size="small" />}>
            <InfosTab key={`${entry.resource}/${entry.id}`} resource={entry.resource} id={entry.id} />
          </Suspense>
        </Box>
      </ResourceContextProvider>
    </Paper>
  );
}
