/**
 * What the learning reports answer (the "Suivi" area, a course's funnel, the home page's learners): the
 * payloads of `/api/learning/report`, `/api/learning/courses/{id}/funnel`, `/api/learning/overview` and
 * `/api/learning/report-subscription`, as the back-office reads them. The figures are the server's, counted
 * from the aggregates it keeps; nothing here computes one.
 */

/** A course or a structure as a report names it: enough to label a bar and link to its learners. */
export interface ReportCourse {
  id: number;
  title: string;
}

export interface ReportStructure {
  id: number;
  name: string;
}

/** A group of learners counted: enrolled, started, completed, late, at risk, and the completion rate. */
export interface ReportFigures {
  enrolled: number;
  started: number;
  completed: number;
  late: number;
  atRisk: number;
  /** The share of the enrolled who completed, in percent. */
  completionRate: number;
}

export interface ReportWeek {
  /** The week's Monday, `YYYY-MM-DD`. */
  week: string;
  enrolled: number;
  completed: number;
}

export interface LearningReport {
  /** When the aggregates the figures come from were last refreshed. */
  refreshedAt: string;
  totals: ReportFigures;
  courses: (ReportFigures & { course: ReportCourse })[];
  timeline: ReportWeek[];
  /** By structure: platform staff over every structure only, else empty. */
  structures: (Omit<ReportFigures, 'started'> & { structure: ReportStructure })[];
}

/** The period and the course a report is narrowed to; every one optional. */
export interface ReportParams {
  course?: number;
  /** `YYYY-MM-DD`, both ends included. */
  from?: string;
  to?: string;
}

/** One chapter of a course's funnel: how many learners reached it, and how many validated it. */
export interface FunnelStep {
  chapter: ReportCourse;
  module: ReportCourse;
  /** The chapter's rank in the course, modules in their order. */
  place: number;
  reached: number;
  validated: number;
}

export interface CourseFunnel {
  course: ReportCourse;
  refreshedAt: string;
  enrolled: number;
  steps: FunnelStep[];
}

/** A learner the home page names: who, in which course, due when. */
export interface OverviewItem {
  participation: number | string;
  learner: { id: number; name: string };
  course: ReportCourse;
  dueAt: string | null;
}

/** The home page's learners: the late ones and those due this week (5 named of each), and the at-risk count. */
export interface LearningOverview {
  late: { count: number; items: OverviewItem[] };
  dueThisWeek: { count: number; items: OverviewItem[] };
  atRisk: { count: number };
}

/** How many learners a home page card names at most. */
export const OVERVIEW_ITEMS = 5;

/** A structure administrator's weekly e-mail of their figures. */
export interface ReportSubscription {
  subscribed: boolean;
  frequency: 'weekly';
  lastSentAt: string | null;
}
