import NoteIcon from '@mui/icons-material/Note';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const sheets: ResourceDefinition = {
  name: 'sheets',
  group: 'library',
  listSort: { field: 'updatedAt', order: 'DESC' },
  ...standardScreens('sheets', load),
  icon: NoteIcon,
  recordRepresentation: 'title',
};
