import ShortTextIcon from '@mui/icons-material/ShortText';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveTextEditor } from './InteractiveTextEditor';
import { InteractiveTextPreview } from './InteractiveTextPreview';

export const interactiveText: PartTypeDefinition = {
  type: 'interactive_text',
  icon: ShortTextIcon,
  empty: () => ({ question: '', placeholder: '', maxLength: null }),
  Editor: InteractiveTextEditor,
  Preview: InteractiveTextPreview,
  summary: (content) => textOf(content.question),
};
