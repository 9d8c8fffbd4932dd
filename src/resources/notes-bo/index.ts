import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { standardScreens } from '../../custom/crud/lazyScreen';
import { shorten } from '../../domain/text';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const notesBo: ResourceDefinition = {
  name: 'notes-bo',
  group: 'support',
  ...standardScreens('notes-bo', load),
  icon: StickyNote2Icon,
  recordRepresentation: (note: { content?: string }) => shorten(note.content),
};
