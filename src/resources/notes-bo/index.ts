import StickyNote2Icon from '@mui/icons-material/StickyNote2';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { shorten } from '../../domain/text';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const notesBo: ResourceDefinition = {
  name: 'notes-bo',
  group: 'support',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: StickyNote2Icon,
  recordRepresentation: (note: { content?: string }) => shorten(note.content),
};
