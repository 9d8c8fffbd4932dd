import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { VideoYoutubeEditor } from './VideoYoutubeEditor';
import { VideoYoutubePreview } from './VideoYoutubePreview';

export const videoYoutube: PartTypeDefinition = {
  type: 'video_youtube',
  icon: PART_ICONS.video_youtube,
  empty: () => ({ url: '' }),
  Editor: VideoYoutubeEditor,
  Preview: VideoYoutubePreview,
  summary: (content) => textOf(content.url),
};
