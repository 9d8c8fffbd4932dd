import { DUE_DAYS_MAX, LEARNER_STATES } from '../learning';
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
    status: {
      kind: 'enum',
      values: PARTICIPATION_STATUSES,
      choiceGroup: 'participationStatus',
      readOnly: true,
      derived: true,
    },
    progress: { kind: 'integer', min: 0, max: 100, readOnly: true, derived: true },
    validatedChapters: { kind: 'integer', min: 0, readOnly: true, derived: true },
    // Which cycle of the enrolment runs, from 1: a recertification starts the next (validatedChapters counts
    // this one's validations only).
    cycle: { kind: 'integer', min: 1, readOnly: true },
    dueAt: { kind: 'datetime' },
    remindSupervisor: { kind: 'boolean' },
    enrolledBy: { kind: 'relation', target: 'users', defaultsToSessionUser: true, readOnly: true },
    rule: { kind: 'relation', target: 'enrolment-rules', readOnly: true },
    // When the learner was enrolled (the record's creation): what the reports count a week's enrolments by.
    enrolledAt: { kind: 'datetime', readOnly: true },
    startedAt: { kind: 'datetime', readOnly: true, derived: true },
    completedAt: { kind: 'datetime', readOnly: true, derived: true },
    lastActivityAt: { kind: 'datetime', readOnly: true, derived: true },
    expiresAt: { kind: 'datetime', readOnly: true, derived: true },
    unenrolledAt: { kind: 'datetime', readOnly: true },
    // Where the learner stands now (learnerStateOf): completed, late, at risk, not started or on track.
    state: { kind: 'enum', values: LEARNER_STATES, choiceGroup: 'learnerState', readOnly: true },
    // Who the learner is, `{"@id", id, name, email}`: what a supervisor, who reads no user, is shown.
    learner: { kind: 'embedded', shape: 'object', readOnly: true, target: 'users' },
  },
  // Unenrolled participations are left out of the list unless it is asked for `unenrolled=true` (API.md).
  filters: ['user', 'course', 'status', 'dueAt', 'rule', 'state', 'enrolledAt', 'completedAt'],
  ruleFilters: { unenrolled: { kind: 'flag' } },
  // The learner's name and e-mail.
  search: true,
  order: ['status', 'progress', 'dueAt', 'lastActivityAt', 'startedAt', 'completedAt', 'createdAt'],
  rights: rightsOf('participations'),
});

/** How far ahead a due date given as days may be. */
export const PARTICIPATION_DUE_DAYS_MAX = DUE_DAYS_MAX;
