import NoteIcon from '@mui/icons-material/Note';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const sheets: ResourceDefinition = {
  name: 'sheets',
  group: 'library',
  listSort: { field: 'updatedAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: NoteIcon,
  recordRepresentation: 'title',
};
