import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const notificationTemplates: ResourceDefinition = {
  name: 'notification-templates',
  group: 'support',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: NotificationsActiveIcon,
  recordRepresentation: 'name',
};
