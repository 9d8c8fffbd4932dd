import UploadFileIcon from '@mui/icons-material/UploadFile';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveUploadEditor } from './InteractiveUploadEditor';
import { InteractiveUploadPreview } from './InteractiveUploadPreview';

export const interactiveUpload: PartTypeDefinition = {
  type: 'interactive_upload',
  icon: UploadFileIcon,
  empty: () => ({ question: '', accept: ['application/pdf'], maxSizeMb: 10 }),
  Editor: InteractiveUploadEditor,
  Preview: InteractiveUploadPreview,
  summary: (content) => textOf(content.question),
};
