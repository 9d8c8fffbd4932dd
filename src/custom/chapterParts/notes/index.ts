import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { textOf, type PartTypeDefinition } from '../types';
import { NotesEditor } from './NotesEditor';
import { NotesPreview } from './NotesPreview';

export const notes: PartTypeDefinition = {
  type: 'notes',
  icon: StickyNote2Icon,
  empty: () => ({ text: '' }),
  Editor: NotesEditor,
  Preview: NotesPreview,
  summary: (content) => textOf(content.text).split('\n')[0] ?? '',
};
