import MovieIcon from '@mui/icons-material/Movie';
import { textOf, type PartTypeDefinition } from '../types';
import { VideoEditor } from './VideoEditor';
import { VideoPreview } from './VideoPreview';

export const video: PartTypeDefinition = {
  type: 'video',
  icon: MovieIcon,
  empty: () => ({ document: null }),
  Editor: VideoEditor,
  Preview: VideoPreview,
  summary: (content) => textOf(content.url),
};
