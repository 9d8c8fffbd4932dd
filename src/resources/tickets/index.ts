import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const tickets: ResourceDefinition = {
  name: 'tickets',
  group: 'support',
  listSort: { field: 'updatedAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: SupportAgentIcon,
  recordRepresentation: 'subject',
};
