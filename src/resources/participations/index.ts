import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const participations: ResourceDefinition = {
  name: 'participations',
  group: 'users',
  listSort: { field: 'createdAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: HowToRegIcon,
  recordRepresentation: pairTitle({ first: { source: 'user', reference: 'users' }, second: { source: 'course', reference: 'courses' }, separator: ' · ' }),
};
