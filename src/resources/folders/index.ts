import FolderIcon from '@mui/icons-material/Folder';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const folders: ResourceDefinition = {
  name: 'folders',
  group: 'library',
  listSort: { field: 'name', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: FolderIcon,
  recordRepresentation: 'name',
};
