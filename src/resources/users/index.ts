import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const users: ResourceDefinition = {
  name: 'users',
  group: 'users',
  listSort: { field: 'lastName', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: PeopleIcon,
  recordRepresentation: (user: { firstName?: string; lastName?: string }) => `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
};
