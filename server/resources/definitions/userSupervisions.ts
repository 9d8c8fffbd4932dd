import { userSupervisions } from '../../../src/domain/contracts/userSupervisions.ts';
import { declareResource } from '../declare.ts';

export const userSupervisionsDeclaration = declareResource(userSupervisions, {
  table: 'user_supervisions',
  constraints: {
    user_supervisions_check: { field: 'learner', message: 'A user cannot supervise themselves.' },
    user_supervisions_check1: { field: 'endsAt', message: 'The end must come after the start.' },
  },
});
