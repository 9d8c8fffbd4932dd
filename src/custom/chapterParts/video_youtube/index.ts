import YouTubeIcon from '@mui/icons-material/YouTube';
import { textOf, type PartTypeDefinition } from '../types';
import { VideoYoutubeEditor } from './VideoYoutubeEditor';
import { VideoYoutubePreview } from './VideoYoutubePreview';

export const videoYoutube: PartTypeDefinition = {
  type: 'video_youtube',
  icon: YouTubeIcon,
  empty: () => ({ url: '' }),
  Editor: VideoYoutubeEditor,
  Preview: VideoYoutubePreview,
  summary: (content) => textOf(content.url),
};
