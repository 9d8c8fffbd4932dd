import { CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EmptyPreview } from '../shared/EmptyPreview';
import { useDocumentUrl } from '../shared/useDocumentUrl';
import { textOf, type PartPreviewProps } from '../types';

const isWebAddress = (address: string) => /^https?:\/\//i.test(address);

/**
 * The browser's own player, on the uploaded file's bytes or on the address (http(s) only); an address is not
 * fetched until the author plays it.
 */
export function VideoPreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const document = useDocumentUrl(content.document);
  const address = textOf(content.url);
  if (document.isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (document.error) return <Typography color="error">{translate('app.parts.preview.unreadable')}</Typography>;
  const src = document.url ?? (isWebAddress(address) ? address : undefined);
  if (!src) return <EmptyPreview />;
  return (
    <video
      src={src}
      controls
      preload={document.url ? 'metadata' : 'none'}
      style={{ maxWidth: '100%', display: 'block' }}
    >
      <track kind="captions" />
    </video>
  );
}
