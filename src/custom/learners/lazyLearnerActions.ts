import { lazyComponent } from '../lazyComponent';

/*
 * A course's ways to its learners and to their enrolment, loaded apart: the courses list's first rows need
 * neither (its rows mount them once painted).
 */
export const CourseLearnerActions = lazyComponent(() =>
  import('./CourseLearnerActions').then((module) => module.CourseLearnerActions),
);
