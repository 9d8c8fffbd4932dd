import BugReportIcon from '@mui/icons-material/BugReport';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const errorCalls: ResourceDefinition = {
  name: 'error-calls',
  group: 'support',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  icon: BugReportIcon,
  recordRepresentation: 'endpoint',
};
