import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { FromTypeformEditor } from './FromTypeformEditor';
import { FromTypeformPreview } from './FromTypeformPreview';

export const fromTypeform: PartTypeDefinition = {
  type: 'from_typeform',
  icon: PART_ICONS.from_typeform,
  empty: () => ({ formId: '' }),
  Editor: FromTypeformEditor,
  Preview: FromTypeformPreview,
  summary: (content) => textOf(content.formId) || textOf(content.url),
};
