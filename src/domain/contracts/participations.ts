import { DUE_DAYS_MAX } from '../learning';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const PARTICIPATION_STATUSES = ['invited', 'in_progress', 'completed'] as const;

/**
 * An enrolment. Its status, progress and figures are the database's, from the learner's validations
 * (src/domain/learning.ts says the rule): never written through the API.
 */
export const participations = defineContract({
  name: 'participations',
  type: 'Participation',
  description: "A user's enrolment in a course, with its due date and the progress the server computes.",
  fields: {
    user: { kind: 'relation', target: 'users', required: true },
    course: { kind: 'relation', target: 'courses', required: true },
    status: { kind: 'enum', values: PARTICIPATION_STATUSES, choiceGroup: 'participationStatus', readOnly: true },
    progress: { kind: 'integer', min: 0, max: 100, readOnly: true },
    validatedChapters: { kind: 'integer', min: 0, readOnly: true },
    dueAt: { kind: 'datetime' },
    remindSupervisor: { kind: 'boolean' },
    enrolledBy: { kind: 'relation', target: 'users', defaultsToSessionUser: true, readOnly: true },
    rule: { kind: 'relation', target: 'enrolment-rules', readOnly: true },
    startedAt: { kind: 'datetime', readOnly: true },
    completedAt: { kind: 'datetime', readOnly: true },
    lastActivityAt: { kind: 'datetime', readOnly: true },
    expiresAt: { kind: 'datetime', readOnly: true },
    unenrolledAt: { kind: 'datetime', readOnly: true },
  },
  filters: ['user', 'course', 'status', 'dueAt', 'rule'],
  order: ['status', 'progress', 'dueAt', 'lastActivityAt', 'startedAt', 'completedAt', 'createdAt'],
  rights: rightsOf('participations'),
});

/** How far ahead a due date given as days may be. */
export const PARTICIPATION_DUE_DAYS_MAX = DUE_DAYS_MAX;
