import SchoolIcon from '@mui/icons-material/School';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const courses: ResourceDefinition = {
  name: 'courses',
  group: 'contents',
  listSort: { field: 'updatedAt', order: 'DESC' },
  ...standardScreens('courses', load),
  icon: SchoolIcon,
  recordRepresentation: 'title',
};
