import { PART_ICONS } from '../partTypeLook';
import { textOf, type PartTypeDefinition } from '../types';
import { NotesEditor } from './NotesEditor';
import { NotesPreview } from './NotesPreview';

export const notes: PartTypeDefinition = {
  type: 'notes',
  icon: PART_ICONS.notes,
  empty: () => ({ text: '' }),
  Editor: NotesEditor,
  Preview: NotesPreview,
  summary: (content) => textOf(content.text).split('\n')[0] ?? '',
};
