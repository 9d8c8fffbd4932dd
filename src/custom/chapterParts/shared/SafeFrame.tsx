import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import OpenInBrowserIcon from '@mui/icons-material/OpenInBrowser';
import { useTranslate } from 'react-admin';

// Never this app's own origin: a same-origin frame allowed scripts could lift its own sandbox.
const framableUrl = (address: string): URL | undefined => {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.origin !== window.location.origin ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * An embedded https page, sandboxed: its scripts run in their own origin, never this page's, and it may not
 * navigate this page. Anything but https (http, `javascript:`, `data:`) is not framed at all. The page
 * loads when asked: opening a part in the back-office tells no outside site (YouTube, Typeform) about it.
 */
export function SafeFrame({ src, title, height = 360 }: { src: string; title: string; height?: number }) {
  const translate = useTranslate();
  const [shown, setShown] = useState<string>();
  const url = framableUrl(src);
  if (!url) {
    return <Typography color="text.secondary">{translate('app.parts.preview.no_frame')}</Typography>;
  }
  if (shown !== src) {
    return (
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: 1,
        }}
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {title} — {url.hostname}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<OpenInBrowserIcon />} onClick={() => setShown(src)}>
          {translate('app.parts.preview.load_frame')}
        </Button>
      </Box>
    );
  }
  return (
    <iframe
      src={url.href}
      title={title}
      height={height}
      width="100%"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-presentation"
      referrerPolicy="strict-origin-when-cross-origin"
      allow="fullscreen; picture-in-picture"
      loading="lazy"
      style={{ border: 0, display: 'block', maxWidth: '100%' }}
    />
  );
}
