import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EmptyPreview } from '../shared/EmptyPreview';
import { useDocumentUrl } from '../shared/useDocumentUrl';
import { textOf, type PartPreviewProps } from '../types';

export function ImagePreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const { url, error, isPending } = useDocumentUrl(content.document);
  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error) return <Typography color="error">{translate('app.parts.preview.unreadable')}</Typography>;
  if (!url) return <EmptyPreview />;
  return (
    <Box
      component="img"
      src={url}
      alt={textOf(content.alt)}
      sx={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    />
  );
}
