/**
 * The start-up SQL function saying whether a course is published with changes its learners do not have yet:
 * it has a live version and its draft differs from it (liveVersion.ts writes it from `draftDifferencesSql`,
 * what the outline's draft state lists). A module of its own so that the courses' declaration names it
 * without importing the live version, which reads every declaration.
 */
export const COURSE_DRAFT_CHANGED_FUNCTION = 'course_draft_changed';

/** SQL: whether the course `course` (an SQL expression) has unpublished changes. */
export const courseDraftChangedSql = (course: string) => `${COURSE_DRAFT_CHANGED_FUNCTION}(${course})`;
