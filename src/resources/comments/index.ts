import CommentIcon from '@mui/icons-material/Comment';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { shorten } from '../../domain/text';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const comments: ResourceDefinition = {
  name: 'comments',
  group: 'contents',
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: CommentIcon,
  recordRepresentation: (comment: { body?: string }) => shorten(comment.body),
};
