import KeyIcon from '@mui/icons-material/Key';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const accessRights: ResourceDefinition = {
  name: 'access-rights',
  group: 'users',
  listSort: { field: 'code', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: KeyIcon,
  recordRepresentation: 'label',
};
