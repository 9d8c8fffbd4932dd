import type { Identifier } from 'react-admin';
import type { LearnerState } from '../../domain/learning';

/**
 * The back-office's pages of the learners (App.tsx's routes), below the app's basename: a course's
 * « Apprenants », narrowed to some states as react-admin's lists read a filter in their address, and one
 * learner's courses. Other screens (the reports, the home page) link to them through these.
 */
export const courseLearnersPage = (course: Identifier, states?: readonly LearnerState[]) => {
  const page = `/courses/${encodeURIComponent(String(course))}/learners`;
  return states && states.length > 0 ? `${page}?filter=${encodeURIComponent(JSON.stringify({ state: states }))}` : page;
};

export const learnerPage = (user: Identifier) => `/learning/learners/${encodeURIComponent(String(user))}`;

/** The routes as App.tsx declares them. */
export const COURSE_LEARNERS_ROUTE = '/courses/:id/learners';
export const LEARNER_ROUTE = '/learning/learners/:userId';
