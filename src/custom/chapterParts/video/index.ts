import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { VideoEditor } from './VideoEditor';
import { VideoPreview } from './VideoPreview';

export const video: PartTypeDefinition = {
  type: 'video',
  icon: PART_ICONS.video,
  empty: () => ({ document: null }),
  Editor: VideoEditor,
  Preview: VideoPreview,
  summary: (content) => textOf(content.url),
};
