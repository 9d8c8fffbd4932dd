import { comments } from '../../../src/domain/contracts/comments.ts';
import { declareResource } from '../declare.ts';

export const commentsDeclaration = declareResource(comments, {
  table: 'comments',
  constraints: {
    comments_one_target: {
      field: 'chapter',
      message: 'A comment targets exactly one chapter, module, course or chapter part.',
    },
  },
});
