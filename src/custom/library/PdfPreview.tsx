import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { renderFirstPage } from './pdfFirstPage';

/** A PDF's first page, drawn from its downloaded bytes, with its page count; a broken file says so. */
export function PdfPreview({ blob, name }: { blob: Blob; name: string }) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages?: number; failed?: boolean }>({});

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        if (!live || !canvas.current) return;
        const { pages } = await renderFirstPage(bytes, canvas.current, frame.current?.clientWidth || 600);
        if (live) setState({ pages });
      } catch {
        if (live) setState({ failed: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [blob]);

  return (
    <Box ref={frame} sx={{ textAlign: 'center' }}>
      {state.pages === undefined && !state.failed && (
        <CircularProgress aria-label={translate('app.library.preview_title')} />
      )}
      {state.failed && <Typography role="alert">{translate('app.library.pdf_unreadable')}</Typography>}
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={translate('app.library.pdf_first_page', { name })}
        data-testid="pdf-first-page"
        sx={{ maxWidth: '100%', boxShadow: 1, display: state.pages === undefined ? 'none' : 'inline-block' }}
      />
      {state.pages !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.library.pdf_pages', { smart_count: state.pages })}
        </Typography>
      )}
    </Box>
  );
}
