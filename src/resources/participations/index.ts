import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
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
  recordRepresentation: (participation: { id: Identifier; progress?: number }) => `#${participation.id} (${participation.progress ?? 0} %)`,
};
