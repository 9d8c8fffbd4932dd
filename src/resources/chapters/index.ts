import MenuBookIcon from '@mui/icons-material/MenuBook';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapters: ResourceDefinition = {
  name: 'chapters',
  group: 'contents',
  listSort: { field: 'title', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: MenuBookIcon,
  recordRepresentation: 'title',
};
