import ArticleIcon from '@mui/icons-material/Article';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterParts: ResourceDefinition = {
  name: 'chapter-parts',
  group: 'contents',
  listSort: { field: 'position', order: 'ASC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: ArticleIcon,
  recordRepresentation: (part: { id: Identifier; title?: string | null; type?: string }) => part.title || `${part.type ?? ''} #${part.id}`,
};
