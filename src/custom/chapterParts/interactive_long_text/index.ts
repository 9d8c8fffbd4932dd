import SubjectIcon from '@mui/icons-material/Subject';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveLongTextEditor } from './InteractiveLongTextEditor';
import { InteractiveLongTextPreview } from './InteractiveLongTextPreview';

export const interactiveLongText: PartTypeDefinition = {
  type: 'interactive_long_text',
  icon: SubjectIcon,
  empty: () => ({ question: '', placeholder: '', maxLength: null }),
  Editor: InteractiveLongTextEditor,
  Preview: InteractiveLongTextPreview,
  summary: (content) => textOf(content.question),
};
