import { useTranslate } from 'react-admin';
import { youtubeIdOf } from '../../../domain/chapterPartContent';
import { EmptyPreview } from '../shared/EmptyPreview';
import { SafeFrame } from '../shared/SafeFrame';
import { textOf, type PartPreviewProps } from '../types';

/** The embed from YouTube's no-cookie host, built from the id only: nothing else of the address is used. */
export function VideoYoutubePreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const id = youtubeIdOf(textOf(content.url));
  if (!id) return <EmptyPreview />;
  return (
    <SafeFrame
      src={`https://www.youtube-nocookie.com/embed/${id}`}
      title={translate('app.parts.preview.youtube', { id })}
      height={315}
    />
  );
}
