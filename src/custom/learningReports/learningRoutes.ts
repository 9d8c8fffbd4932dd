import { learningReportAppPath } from '../../domain/learningMail';

/**
 * Where the learning reports live in the back-office: the menu and App.tsx read these, not the screens' code.
 * « Suivi » is where the weekly e-mail links too, so its address is the domain's.
 */
export const LEARNING_REPORTS_ROUTE = learningReportAppPath.replace(/^#/, '');
export const COURSE_FUNNEL_ROUTE = '/courses/:id/funnel';

/** Where learners drop off in a course: how many reached, then validated, each chapter. */
export const courseFunnelLink = (course: number | string): string => `/courses/${course}/funnel`;
