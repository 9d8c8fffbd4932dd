import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveTextEditor } from './InteractiveTextEditor';
import { InteractiveTextPreview } from './InteractiveTextPreview';

export const interactiveText: PartTypeDefinition = {
  type: 'interactive_text',
  icon: PART_ICONS.interactive_text,
  empty: () => ({ question: '', placeholder: '', maxLength: null }),
  Editor: InteractiveTextEditor,
  Preview: InteractiveTextPreview,
  summary: (content) => textOf(content.question),
};
