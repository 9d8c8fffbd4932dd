import CommentIcon from '@mui/icons-material/Comment';
import { standardScreens } from '../../custom/crud/lazyScreen';
import { shorten } from '../../domain/text';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const comments: ResourceDefinition = {
  name: 'comments',
  group: 'contents',
  ...standardScreens('comments', load),
  icon: CommentIcon,
  recordRepresentation: (comment: { body?: string }) => shorten(comment.body),
};
