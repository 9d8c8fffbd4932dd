import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { standardScreens } from '../../custom/crud/lazyScreen';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const userSupervisions: ResourceDefinition = {
  name: 'user-supervisions',
  group: 'users',
  listSort: { field: 'startsAt', order: 'DESC' },
  ...standardScreens('user-supervisions', load),
  icon: SupervisorAccountIcon,
  recordRepresentation: pairTitle({
    first: { source: 'supervisor', reference: 'users' },
    second: { source: 'learner', reference: 'users' },
  }),
};
