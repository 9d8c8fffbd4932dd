import SchoolIcon from '@mui/icons-material/School';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const courses: ResourceDefinition = {
  name: 'courses',
  group: 'contents',
  listSort: { field: 'updatedAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: SchoolIcon,
  recordRepresentation: 'title',
};
