import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const modules: ResourceDefinition = {
  name: 'modules',
  group: 'contents',
  listSort: { field: 'title', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: ViewModuleIcon,
  recordRepresentation: 'title',
};
