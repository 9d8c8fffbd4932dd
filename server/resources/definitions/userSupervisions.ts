import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const userSupervisions: ResourceDeclaration = {
  name: 'user-supervisions',
  type: 'UserSupervision',
  table: 'user_supervisions',
  fields: {
    supervisor: { type: { kind: 'relation', resource: 'users' }, required: true },
    learner: { type: { kind: 'relation', resource: 'users' }, required: true },
    course: { type: { kind: 'relation', resource: 'courses' } },
    startsAt: { type: { kind: 'datetime' } },
    endsAt: { type: { kind: 'datetime' } },
  },
  filters: ['supervisor', 'learner', 'course'],
  order: ['startsAt', 'endsAt', 'createdAt'],
  access: rightsOf('user-supervisions'),
  constraints: {
    user_supervisions_check: { field: 'learner', message: 'A user cannot supervise themselves.' },
    user_supervisions_check1: { field: 'endsAt', message: 'The end must come after the start.' },
  },
};
