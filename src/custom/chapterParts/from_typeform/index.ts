import AssignmentIcon from '@mui/icons-material/Assignment';
import { textOf, type PartTypeDefinition } from '../types';
import { FromTypeformEditor } from './FromTypeformEditor';
import { FromTypeformPreview } from './FromTypeformPreview';

export const fromTypeform: PartTypeDefinition = {
  type: 'from_typeform',
  icon: AssignmentIcon,
  empty: () => ({ formId: '' }),
  Editor: FromTypeformEditor,
  Preview: FromTypeformPreview,
  summary: (content) => textOf(content.formId) || textOf(content.url),
};
