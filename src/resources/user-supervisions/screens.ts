import { screensOf } from '../../custom/crud/screensOf';
import { userSupervisions } from '../../domain/contracts';

/** The standard screens of user-supervisions: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(userSupervisions, {
  fields: [
    { source: 'supervisor', column: true, filter: true },
    { source: 'learner', column: true, filter: true },
    { source: 'course', column: true, filter: true },
    { source: 'startsAt', column: true },
    { source: 'endsAt', column: true },
    { source: 'createdAt' },
  ],
});
