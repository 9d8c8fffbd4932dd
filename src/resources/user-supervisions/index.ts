import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const userSupervisions: ResourceDefinition = {
  name: 'user-supervisions',
  group: 'users',
  listSort: { field: 'startsAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: SupervisorAccountIcon,
  recordRepresentation: (supervision: { id: Identifier }) => `#${supervision.id}`,
};
