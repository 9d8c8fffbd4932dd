import { rightsOf } from '../rights';
import { defineContract } from './types';

export const PARTICIPATION_STATUSES = ['invited', 'in_progress', 'completed'] as const;

export const participations = defineContract({
  name: 'participations',
  type: 'Participation',
  description: "A user's enrolment in a course, with its progress.",
  fields: {
    user: { kind: 'relation', target: 'users', required: true },
    course: { kind: 'relation', target: 'courses', required: true },
    status: { kind: 'enum', values: PARTICIPATION_STATUSES, choiceGroup: 'participationStatus' },
    progress: { kind: 'integer', min: 0, max: 100 },
    startedAt: { kind: 'datetime' },
    completedAt: { kind: 'datetime' },
  },
  filters: ['user', 'course', 'status'],
  order: ['status', 'progress', 'startedAt', 'completedAt', 'createdAt'],
  rights: rightsOf('participations'),
});
