import CheckBoxIcon from '@mui/icons-material/CheckBox';
import { OptionsEditor } from '../shared/OptionsEditor';
import { textOf, type PartTypeDefinition } from '../types';
import { InteractiveSelectMultiPreview } from './InteractiveSelectMultiPreview';

export const interactiveSelectMulti: PartTypeDefinition = {
  type: 'interactive_select_multi',
  icon: CheckBoxIcon,
  empty: () => ({
    question: '',
    options: [
      { label: '', correct: true },
      { label: '', correct: false },
    ],
  }),
  Editor: OptionsEditor,
  Preview: InteractiveSelectMultiPreview,
  summary: (content) => textOf(content.question),
};
