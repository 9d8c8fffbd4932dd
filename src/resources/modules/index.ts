import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const modules: ResourceDefinition = {
  name: 'modules',
  group: 'contents',
  listSort: { field: 'title', order: 'ASC' },
  ...standardScreens('modules', load),
  icon: ViewModuleIcon,
  recordRepresentation: 'title',
};
