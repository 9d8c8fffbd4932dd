import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import type { Identifier } from 'react-admin';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterPartResponses: ResourceDefinition = {
  name: 'chapter-part-responses',
  group: 'users',
  listSort: { field: 'createdAt', order: 'DESC' },
  list: lazyScreen(load, 'List'),
  show: lazyScreen(load, 'Show'),
  edit: lazyScreen(load, 'Edit'),
  create: lazyScreen(load, 'Create'),
  icon: QuestionAnswerIcon,
  recordRepresentation: (response: { id: Identifier; status?: string }) => `#${response.id}`,
};
