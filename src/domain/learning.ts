/**
 * Following learning: the rules a structure's manager reads a learner's standing by. Each is written here
 * once; the server derives its SQL from these values (server/resources/rulesSql.ts), the screens their
 * labels and filters, and the tests check both on fixed dates.
 */

/** Where a learner stands in a course, as the "Apprenants" views and the reports count them. */
export const LEARNER_STATES = ['completed', 'late', 'at_risk', 'not_started', 'on_track'] as const;
export type LearnerState = (typeof LEARNER_STATES)[number];

/** No activity for this many days (since the last validation or answer, or the enrolment): at risk. */
export const AT_RISK_INACTIVE_DAYS = 14;
/** A due date this close (in days)... */
export const AT_RISK_DUE_WITHIN_DAYS = 7;
/** ...with less progress than this (percent): at risk. */
export const AT_RISK_PROGRESS_BELOW = 50;

/** When a learner with a due date is reminded: this many days before it, on the day, and once late. */
export const REMINDER_DAYS_BEFORE = [7, 3, 1] as const;
/** The stages of a due date's reminders, in the order they come; each is sent at most once a due date. */
export const REMINDER_STAGES = ['before_7', 'before_3', 'before_1', 'due_today', 'late'] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

/** An enrolment's due date: a fixed day, or a number of days after the enrolment. */
export const DUE_DAYS_MAX = 3650;
/** A course's completion may expire (recertification) after 1 to this many months. */
export const VALIDITY_MONTHS_MAX = 120;

/** The most learners one enrolment may name or reach (a CSV, a tag): beyond, split it. */
export const ENROLMENT_MAX_LEARNERS = 20_000;
/** The most tags, and the most skills, one enrolment's audience may name. */
export const ENROLMENT_MAX_GROUPS = 50;
/** How many of the people an enrolment would enrol its preview names (the first by name). */
export const ENROLMENT_SAMPLE_SIZE = 10;
/**
 * An enrolment spends one write of its author's budget (docs/SECURITY.md) per this many learners it
 * enrols: one request may write thousands of rows, and is bounded as that many small writes would be.
 */
export const ENROLMENT_ROWS_PER_WRITE = 100;
export const enrolmentCost = (rows: number) => Math.max(1, Math.ceil(rows / ENROLMENT_ROWS_PER_WRITE));
/** The code of the violation refusing an audience beyond ENROLMENT_MAX_LEARNERS; the back-office words it. */
export const ENROLMENT_TOO_LARGE = 'too_many_learners';
/** The code of the violation refusing an enrolment rule that names neither a tag nor a skill (on `tag`). */
export const RULE_WITHOUT_AUDIENCE = 'no_audience';

const DAY_MS = 86_400_000;

/**
 * A course's progress for a learner: the share of its chapters validated in the current cycle, in whole
 * percent rounded down (100 only when every chapter is), 0 for a course without chapters.
 */
export function progressOf(validatedChapters: number, chapterTotal: number): number {
  if (chapterTotal <= 0) return 0;
  return Math.min(100, Math.floor((100 * validatedChapters) / chapterTotal));
}

/** Whether a cycle is complete: every chapter of a course that has some is validated. */
export const isComplete = (validatedChapters: number, chapterTotal: number): boolean =>
  chapterTotal > 0 && validatedChapters >= chapterTotal;

export interface LearnerStanding {
  /** The participation's status: `invited` (nothing done yet), `in_progress`, `completed`. */
  status: string;
  progress: number;
  dueAt: Date | null;
  /** The last validation or answer; null when none. */
  lastActivityAt: Date | null;
  /** When the current cycle began: the enrolment, or the re-enrolment of a recertification. */
  cycleStartedAt: Date;
}

/**
 * The one reading of a learner's standing: completed; else late once the due date has passed; else at risk
 * when the due date is near and progress low, or nothing was done for AT_RISK_INACTIVE_DAYS; else not
 * started, or on track.
 */
export function learnerStateOf(standing: LearnerStanding, now: Date): LearnerState {
  if (standing.status === 'completed') return 'completed';
  const time = now.getTime();
  if (standing.dueAt && standing.dueAt.getTime() < time) return 'late';
  const dueSoon = standing.dueAt !== null && standing.dueAt.getTime() - time <= AT_RISK_DUE_WITHIN_DAYS * DAY_MS;
  if (dueSoon && standing.progress < AT_RISK_PROGRESS_BELOW) return 'at_risk';
  const lastSeen = (standing.lastActivityAt ?? standing.cycleStartedAt).getTime();
  if (time - lastSeen >= AT_RISK_INACTIVE_DAYS * DAY_MS) return 'at_risk';
  return standing.status === 'invited' ? 'not_started' : 'on_track';
}

/**
 * An enrolment's due date from what the person enrolling chose: a fixed day (`YYYY-MM-DD`), or N days after
 * the enrolment, or none. A due date is the end of its day, in UTC (the moment the server compares with).
 */
export function dueDateOf(due: { at?: string | null; days?: number | null } | undefined, enrolledAt: Date) {
  const endOfDay = (day: Date) =>
    new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 23, 59, 59, 999));
  if (due?.at) return endOfDay(new Date(`${due.at.slice(0, 10)}T00:00:00Z`));
  if (due?.days) return endOfDay(new Date(enrolledAt.getTime() + due.days * DAY_MS));
  return null;
}

/**
 * The stage a due date's reminders have reached at `now` (the latest passed), or none yet. A due date is the
 * end of its day (dueDateOf), so the day itself is the last 24 hours before it, "N days before" the day N
 * days earlier (from N + 1 days before the end); after it, late. Only the latest stage is sent: a learner
 * enrolled two days before the date gets "1 day" then "today", never a stale "7 days".
 */
export function reminderStageAt(dueAt: Date, now: Date): ReminderStage | null {
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return 'late';
  if (left <= DAY_MS) return 'due_today';
  const before = [...REMINDER_DAYS_BEFORE].sort((a, b) => a - b).find((days) => left <= (days + 1) * DAY_MS);
  return before === undefined ? null : (`before_${before}` as ReminderStage);
}

/** The weeks a report's timeline covers unless told otherwise (up to today), and the most it covers. */
export const REPORT_DEFAULT_WEEKS = 12;
export const REPORT_MAX_WEEKS = 156;

/** The home page's lists: learners late, and those whose due date comes within this many days. */
export const OVERVIEW_DUE_WITHIN_DAYS = 7;
/** How many of each the home page names (the count says how many there are). */
export const OVERVIEW_ITEMS = 5;
/** The most answers waiting for review one learner's view lists, the oldest first. */
export const LEARNER_ANSWERS_LISTED = 100;
