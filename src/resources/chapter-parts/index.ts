import ArticleIcon from '@mui/icons-material/Article';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');
// The part editors (Markdown, uploads, previews) come only with the create and edit pages.
const loadForms = () => import('./PartScreens');

export const chapterParts: ResourceDefinition = {
  name: 'chapter-parts',
  group: 'contents',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyComponent(() => loadForms().then((module) => module.PartEdit)),
  create: lazyComponent(() => loadForms().then((module) => module.PartCreate)),
  icon: ArticleIcon,
  recordRepresentation: (part: { id: Identifier; title?: string | null; type?: string }) =>
    part.title || `${part.type ?? ''} #${part.id}`,
};
