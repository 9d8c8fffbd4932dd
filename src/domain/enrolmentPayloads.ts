import type { LearnerState } from './learning';

/**
 * What the enrolment routes take and answer (API.md, "Enrolments"): a course's enrolment of an audience,
 * its preview, and a rule's preview and application. The data provider sends them, the screens read them.
 */

/** Whom an enrolment names: the union of what is given, among the enabled members of the structure. */
export interface EnrolmentAudience {
  users?: number[];
  emails?: string[];
  structure?: true;
  tags?: number[];
  skills?: number[];
  supervisor?: number;
}

/** A fixed day (`YYYY-MM-DD`), or a number of days after the enrolment; none when left out. */
export type EnrolmentDue = { at: string } | { days: number };

export interface EnrolmentRequest {
  /** The course's IRI (or id). */
  course: string | number;
  audience: EnrolmentAudience;
  due?: EnrolmentDue;
  remindSupervisor?: boolean;
}

/** A person the enrolment would reach, as the preview names the first ones. */
export interface EnrolmentPerson {
  id: number;
  name: string;
  email: string;
}

export interface EnrolmentPreview {
  toEnrol: number;
  alreadyEnrolled: number;
  /** Unenrolled earlier, enrolled again by this one. */
  reenrolled: number;
  /** The e-mails of a list that are no member of the structure. */
  unknownEmails: string[];
  /** The first ones to enrol. */
  sample: EnrolmentPerson[];
  /** The due date the enrolment would set (ISO), or null. */
  dueAt: string | null;
}

export interface EnrolmentResult {
  enrolled: number;
  alreadyEnrolled: number;
  reenrolled: number;
  unknownEmails: string[];
  dueAt: string | null;
}

/** A rule applied to the members already there: who it would enrol. */
export interface RulePreview {
  toEnrol: number;
  alreadyEnrolled: number;
  /** Unenrolled by a manager: a rule does not enrol them again. */
  unenrolled: number;
  sample: EnrolmentPerson[];
  dueAt: string | null;
}

export interface RuleApplyResult {
  enrolled: number;
  alreadyEnrolled: number;
  unenrolled: number;
  dueAt: string | null;
}

/** A course as a learner's view names it. */
export interface CourseSummary {
  id: number;
  title: string;
}

/** One course of a learner (`GET /api/learning/learners/{userId}`). */
export interface LearnerCourse {
  /** The participation's IRI or id. */
  participation: string | number;
  course: CourseSummary;
  status: string;
  progress: number;
  state: LearnerState;
  dueAt: string | null;
  lastActivityAt: string | null;
  completedAt: string | null;
  validatedChapters: number;
  chapterTotal: number;
  answersWaiting: number;
}

/** An answer of the learner's that waits for a review. */
export interface AnswerWaiting {
  id: number;
  part: { id: number; title: string | null };
  course: CourseSummary;
  submittedAt: string;
}

export interface LearnerView {
  learner: { id: number; name: string; email: string };
  courses: LearnerCourse[];
  answersWaiting: AnswerWaiting[];
}

/** What an opt-out link's token stood for: the mails it stops, and to whom (the e-mail masked). */
export interface UnsubscribeResult {
  topic: string;
  email: string;
}
