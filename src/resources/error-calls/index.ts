import BugReportIcon from '@mui/icons-material/BugReport';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const errorCalls: ResourceDefinition = {
  name: 'error-calls',
  group: 'support',
  ...standardScreens('error-calls', load),
  icon: BugReportIcon,
  recordRepresentation: 'route',
};
