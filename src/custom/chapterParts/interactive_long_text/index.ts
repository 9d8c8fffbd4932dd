import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveLongTextEditor } from './InteractiveLongTextEditor';
import { InteractiveLongTextPreview } from './InteractiveLongTextPreview';

export const interactiveLongText: PartTypeDefinition = {
  type: 'interactive_long_text',
  icon: PART_ICONS.interactive_long_text,
  empty: () => ({ question: '', placeholder: '', maxLength: null }),
  Editor: InteractiveLongTextEditor,
  Preview: InteractiveLongTextPreview,
  summary: (content) => textOf(content.question),
};
