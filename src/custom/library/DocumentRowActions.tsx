import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';

/** A document row's buttons: preview, and download under the file's own name. */
export function DocumentRowActions() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [previewing, setPreviewing] = useState(false);
  if (!record) return null;
  const name = String(record.name ?? '');
  const download = () => dataProvider.download(record.id).catch(() => notify('GenericError', { type: 'error' }));
  return (
    // The row opens the side panel on click: the buttons keep their clicks to themselves.
    <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      <Tooltip title={translate('app.library.preview', { name })}>
        <IconButton
          size="small"
          aria-label={translate('app.library.preview', { name })}
          onClick={() => setPreviewing(true)}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('app.library.download', { name })}>
        <IconButton size="small" aria-label={translate('app.library.download', { name })} onClick={download}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {previewing && <DocumentPreviewDialog record={record} onClose={() => setPreviewing(false)} />}
    </Box>
  );
}
