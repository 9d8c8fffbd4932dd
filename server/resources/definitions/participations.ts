import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const participations: ResourceDeclaration = {
  name: 'participations',
  type: 'Participation',
  table: 'participations',
  fields: {
    user: { type: { kind: 'relation', resource: 'users' }, required: true },
    course: { type: { kind: 'relation', resource: 'courses' }, required: true },
    status: { type: { kind: 'enum', values: ['invited', 'in_progress', 'completed'] } },
    progress: { type: { kind: 'integer', min: 0, max: 100 } },
    startedAt: { type: { kind: 'datetime' } },
    completedAt: { type: { kind: 'datetime' } },
  },
  filters: ['user', 'course', 'status'],
  order: ['status', 'progress', 'startedAt', 'completedAt', 'createdAt'],
  access: rightsOf('participations'),
  constraints: {
    participations_user_id_course_id_key: { field: 'course', message: 'This user already takes part in this course.' },
  },
};
