import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
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
  recordRepresentation: pairTitle({ first: { source: 'supervisor', reference: 'users' }, second: { source: 'learner', reference: 'users' } }),
};
