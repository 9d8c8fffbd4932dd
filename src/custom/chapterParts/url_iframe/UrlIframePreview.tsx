import { useTranslate } from 'react-admin';
import { EmptyPreview } from '../shared/EmptyPreview';
import { SafeFrame } from '../shared/SafeFrame';
import { textOf, type PartPreviewProps } from '../types';

const DEFAULT_HEIGHT = 400;

export function UrlIframePreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const url = textOf(content.url);
  if (!url) return <EmptyPreview />;
  const height =
    typeof content.height === 'number' && content.height >= 50 ? Math.min(content.height, 4000) : DEFAULT_HEIGHT;
  return <SafeFrame src={url} title={translate('app.parts.preview.embedded_page')} height={height} />;
}
