import { screensOf } from '../../custom/crud/screensOf';
import { participations } from '../../domain/contracts';

/** The standard screens of participations: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(participations, {
  fields: [
    { source: 'user', column: true, filter: true },
    { source: 'course', column: true, filter: true },
    { source: 'status', column: true, filter: 'alwaysOn' },
    { source: 'state', column: true, filter: true },
    { source: 'progress', column: true },
    { source: 'validatedChapters' },
    { source: 'cycle' },
    { source: 'dueAt', column: true },
    { source: 'remindSupervisor' },
    { source: 'lastActivityAt', column: true },
    { source: 'startedAt' },
    { source: 'completedAt', column: true, filter: true },
    { source: 'expiresAt' },
    { source: 'enrolledBy' },
    { source: 'rule', filter: true },
    { source: 'unenrolledAt' },
    { source: 'enrolledAt', filter: true },
  ],
});
