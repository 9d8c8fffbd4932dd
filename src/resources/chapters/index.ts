import MenuBookIcon from '@mui/icons-material/MenuBook';
import { standardScreens } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapters: ResourceDefinition = {
  name: 'chapters',
  group: 'contents',
  listSort: { field: 'title', order: 'ASC' },
  ...standardScreens('chapters', load),
  icon: MenuBookIcon,
  recordRepresentation: 'title',
};
