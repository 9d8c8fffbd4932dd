import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

// Never this app's own origin: a same-origin frame allowed scripts could lift its own sandbox.
const isFramable = (address: string) => {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.origin !== window.location.origin;
  } catch {
    return false;
  }
};

/**
 * An embedded https page, sandboxed: its scripts run in their own origin, never this page's, and it may not
 * navigate this page. Anything but https (http, `javascript:`, `data:`) is not framed at all.
 */
export function SafeFrame({ src, title, height = 360 }: { src: string; title: string; height?: number }) {
  const translate = useTranslate();
  if (!isFramable(src)) {
    return <Typography color="text.secondary">{translate('app.parts.preview.no_frame')}</Typography>;
  }
  return (
    <iframe
      src={src}
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
