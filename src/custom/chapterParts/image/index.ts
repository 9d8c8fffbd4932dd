import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { ImageEditor } from './ImageEditor';
import { ImagePreview } from './ImagePreview';

export const image: PartTypeDefinition = {
  type: 'image',
  icon: PART_ICONS.image,
  empty: () => ({ document: null, alt: '' }),
  Editor: ImageEditor,
  Preview: ImagePreview,
  summary: (content) => textOf(content.alt),
};
