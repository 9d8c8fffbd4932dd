import KeyIcon from '@mui/icons-material/Key';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const accessRights: ResourceDefinition = {
  name: 'access-rights',
  group: 'users',
  listSort: { field: 'code', order: 'ASC' },
  ...standardScreens('access-rights', load),
  icon: KeyIcon,
  recordRepresentation: 'label',
};
