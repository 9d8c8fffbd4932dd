import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const notificationTemplates: ResourceDefinition = {
  name: 'notification-templates',
  group: 'support',
  ...standardScreens('notification-templates', load),
  icon: NotificationsActiveIcon,
  recordRepresentation: 'name',
};
