import { rightsOf } from '../rights';
import { defineContract } from './types';

export const userSupervisions = defineContract({
  name: 'user-supervisions',
  type: 'UserSupervision',
  description: 'A user following a learner, for one course or all, over a period.',
  fields: {
    supervisor: { kind: 'relation', target: 'users', required: true },
    learner: { kind: 'relation', target: 'users', required: true },
    course: { kind: 'relation', target: 'courses' },
    startsAt: { kind: 'datetime' },
    endsAt: { kind: 'datetime' },
  },
  filters: ['supervisor', 'learner', 'course'],
  order: ['startsAt', 'endsAt', 'createdAt'],
  rights: rightsOf('user-supervisions'),
});
