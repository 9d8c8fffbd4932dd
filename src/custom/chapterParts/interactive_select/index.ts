import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import { OptionsEditor } from '../shared/OptionsEditor';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveSelectPreview } from './InteractiveSelectPreview';

export const interactiveSelect: PartTypeDefinition = {
  type: 'interactive_select',
  icon: RadioButtonCheckedIcon,
  empty: () => ({
    question: '',
    options: [
      { label: '', correct: true },
      { label: '', correct: false },
    ],
  }),
  Editor: OptionsEditor,
  Preview: InteractiveSelectPreview,
  summary: (content) => textOf(content.question),
};
