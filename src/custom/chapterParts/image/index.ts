import ImageIcon from '@mui/icons-material/Image';
import { textOf, type PartTypeDefinition } from '../types';
import { ImageEditor } from './ImageEditor';
import { ImagePreview } from './ImagePreview';

export const image: PartTypeDefinition = {
  type: 'image',
  icon: ImageIcon,
  empty: () => ({ document: null, alt: '' }),
  Editor: ImageEditor,
  Preview: ImagePreview,
  summary: (content) => textOf(content.alt),
};
