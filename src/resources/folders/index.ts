import FolderIcon from '@mui/icons-material/Folder';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const folders: ResourceDefinition = {
  name: 'folders',
  group: 'library',
  listSort: { field: 'name', order: 'ASC' },
  // The tree, not a flat table: folders are read and reorganised as the hierarchy they are.
  list: lazyComponent(() => import('../../custom/folders/FolderTreeScreen').then((module) => module.FolderTreeScreen)),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: FolderIcon,
  recordRepresentation: 'name',
};
