import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveUploadEditor } from './InteractiveUploadEditor';
import { InteractiveUploadPreview } from './InteractiveUploadPreview';

export const interactiveUpload: PartTypeDefinition = {
  type: 'interactive_upload',
  icon: PART_ICONS.interactive_upload,
  empty: () => ({ question: '', accept: ['application/pdf'], maxSizeMb: 10 }),
  Editor: InteractiveUploadEditor,
  Preview: InteractiveUploadPreview,
  summary: (content) => textOf(content.question),
};
