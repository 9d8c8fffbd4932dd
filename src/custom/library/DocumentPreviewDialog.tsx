import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PdfPreview } from './PdfPreview';

/** Text shown in a preview is cut here: a preview, not a reader. */
const TEXT_PREVIEW_CHARS = 20_000;

type Preview =
  { kind: 'image'; url: string } | { kind: 'pdf'; blob: Blob } | { kind: 'text'; text: string } | { kind: 'none' };

const kindOf = (mimeType: string): Preview['kind'] =>
  mimeType.startsWith('image/')
    ? 'image'
    : mimeType === 'application/pdf'
      ? 'pdf'
      : mimeType.startsWith('text/') || mimeType === 'application/json'
        ? 'text'
        : 'none';

/**
 * A document's preview: images, a PDF's first page (drawn by pdf.js, PdfPreview) and text, from the bytes
 * downloaded with the session (the download needs the bearer token, so no plain <img src>). No frame or
 * object: the CSP refuses blob: frames, and a PDF viewer in one would be the browser's, not ours. Other
 * types are downloaded to be opened.
 */
export function DocumentPreviewDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const [preview, setPreview] = useState<Preview | undefined>();
  const kind = kindOf(String(record.mimeType ?? ''));

  useEffect(() => {
    if (kind === 'none') return;
    let url: string | undefined;
    let live = true;
    dataProvider.download(record.id, { save: false }).then(
      async ({ data }) => {
        if (!live) return;
        if (kind === 'image') {
          url = URL.createObjectURL(data.blob);
          setPreview({ kind: 'image', url });
        } else if (kind === 'pdf') setPreview({ kind: 'pdf', blob: data.blob });
        else setPreview({ kind: 'text', text: (await data.blob.text()).slice(0, TEXT_PREVIEW_CHARS) });
      },
      () => live && setPreview({ kind: 'none' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dataProvider, kind, record.id]);

  const shown: Preview | undefined = kind === 'none' ? { kind: 'none' } : preview;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="document-preview-title">
      <DialogTitle id="document-preview-title">{translate('app.library.preview', { name: record.name })}</DialogTitle>
      {/* A PDF's page or a long text scrolls inside the dialog: the keyboard must reach it to scroll it. */}
      <DialogContent tabIndex={0} role="region" aria-labelledby="document-preview-title">
        {!shown && <CircularProgress aria-label={translate('app.library.preview_title')} />}
        {shown?.kind === 'image' && (
          <Box
            component="img"
            src={shown.url}
            alt={String(record.name)}
            sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }}
          />
        )}
        {shown?.kind === 'pdf' && <PdfPreview blob={shown.blob} name={String(record.name)} />}
        {shown?.kind === 'text' && (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13, m: 0 }}>
            {shown.text}
          </Box>
        )}
        {shown?.kind === 'none' && <Typography>{translate('app.library.no_preview')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.library.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
