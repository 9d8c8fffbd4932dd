import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { documentIdOf } from '../shared/documentId';
import { EmptyPreview } from '../shared/EmptyPreview';
import { textOf, type PartPreviewProps } from '../types';

/** The learner's download button; here it downloads the file with the session's token. */
export function FileDownloadablePreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = documentIdOf(content.document);
  if (id === undefined) return <EmptyPreview />;
  const download = () =>
    dataProvider
      .download(id)
      .catch((error: unknown) =>
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      );
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
      {textOf(content.label) || translate('app.parts.preview.download')}
    </Button>
  );
}
