import type { Identifier } from 'react-admin';
import type { LearnerState } from '../../domain/learning';
import { courseLearnersAppPath, learnerAppPath } from '../../domain/learningMail';

// The addresses the reminder mails link to as well: the domain's, without the hash.
const inApp = (path: string) => path.replace(/^#/, '');

/**
 * The back-office's pages of the learners (App.tsx's routes), below the app's basename: a course's
 * « Apprenants », narrowed to some states as react-admin's lists read a filter in their address, and one
 * learner's courses. Other screens (the reports, the home page) link to them through these.
 */
export const courseLearnersPage = (course: Identifier, states: readonly LearnerState[] = []) => {
  const page = inApp(courseLearnersAppPath(Number(course)));
  return states.length > 0 ? `${page}?${new URLSearchParams({ filter: JSON.stringify({ state: states }) })}` : page;
};

export const learnerPage = (user: Identifier) => inApp(learnerAppPath(Number(user)));

/** The routes as App.tsx declares them, which the pages above match (tests/unit/learnerPages.test.ts). */
export const COURSE_LEARNERS_ROUTE = '/courses/:id/learners';
export const LEARNER_ROUTE = '/learning/learners/:userId';
