import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { lazyScreen } from '../../custom/crud/lazyScreen';
import { lazyComponent } from '../../custom/lazyComponent';
import { pairTitle } from '../../custom/crud/ReferencePairTitle';
import type { ResourceDefinition } from '../types';

const load = () => import('./screens');

export const chapterPartResponses: ResourceDefinition = {
  name: 'chapter-part-responses',
  group: 'users',
  listSort: { field: 'createdAt', order: 'ASC' },
  // The list is the review's: answers waiting first, by chapter, part and learner.
  list: lazyComponent(() =>
    import('../../custom/responseReview/ResponseReviewList').then((module) => module.ResponseReviewList),
  ),
  show: lazyScreen(load, 'Show'),
  // Editing an answer is reviewing it: the answer as given, and a verdict with feedback.
  edit: lazyComponent(() =>
    import('../../custom/responseReview/ResponseReview').then((module) => module.ResponseReview),
  ),
  create: lazyScreen(load, 'Create'),
  icon: QuestionAnswerIcon,
  recordRepresentation: pairTitle({
    first: { source: 'user', reference: 'users' },
    second: { source: 'chapterPart', reference: 'chapter-parts' },
    separator: ' · ',
  }),
};
