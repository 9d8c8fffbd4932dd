import type { ReminderStage } from './learning';
import type { TemplateLocale } from './templateVariables';

/**
 * The mails that follow learning: the reminders of a due date (to the learner, and to their supervisors when
 * the enrolment asks for it) and a structure's weekly report. Each carries a link that stops that kind of
 * mail for its recipient (its topic); the server signs the link, the back-office's public page posts it.
 */

/** What a person may ask not to be sent again, one topic a kind of mail. */
export const MAIL_TOPICS = ['learning_reminders', 'learning_reports'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];
export const REMINDER_TOPIC: MailTopic = 'learning_reminders';
export const REPORT_TOPIC: MailTopic = 'learning_reports';

export const isMailTopic = (value: unknown): value is MailTopic =>
  typeof value === 'string' && (MAIL_TOPICS as readonly string[]).includes(value);

/** The back-office's public page that posts an opt-out link's token (no session needed). */
export const UNSUBSCRIBE_ROUTE = '/unsubscribe';
export const unsubscribePageUrl = (appUrl: string, token: string) =>
  `${appUrl}#${UNSUBSCRIBE_ROUTE}?token=${encodeURIComponent(token)}`;

/** Where a reminder's links open in the back-office. */
export const courseAppPath = (courseId: number) => `#/courses/${courseId}/show`;
export const courseLearnersAppPath = (courseId: number) => `#/courses/${courseId}/learners`;
export const learnerAppPath = (userId: number) => `#/learning/learners/${userId}`;
export const learningReportAppPath = '#/learning';

/** A structure's administrator may receive its figures by mail at this pace; each is sent once. */
export const REPORT_FREQUENCIES = ['weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_EVERY_DAYS: Record<ReportFrequency, number> = { weekly: 7 };

/** The notification templates' families of the reminders (their codes: `<family>_<locale>`). */
export const REMINDER_TEMPLATES = {
  learner: 'learning_reminder',
  supervisor: 'learning_reminder_supervisor',
} as const;
export type ReminderRecipient = keyof typeof REMINDER_TEMPLATES;

const DAY_MS = 86_400_000;

/**
 * Whole days left before a due date's day (reminderStageAt's reading: the day itself is the last 24 hours
 * before the due instant): 1 the day before, 0 on the day and once late.
 */
export function daysLeftAt(dueAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS) - 1);
}

/** What a reminder's stage says, in the recipient's language: `{{stage}}` in the templates. */
export function reminderStageWords(stage: ReminderStage, daysLeft: number, locale: TemplateLocale): string {
  const french = locale === 'fr';
  if (stage === 'late') return french ? 'Échéance dépassée' : 'Overdue';
  if (stage === 'due_today' || daysLeft <= 0) return french ? 'Échéance aujourd’hui' : 'Due today';
  if (daysLeft === 1) return french ? 'Échéance demain' : 'Due tomorrow';
  return french ? `Échéance dans ${daysLeft} jours` : `Due in ${daysLeft} days`;
}

/**
 * A due date as its recipient reads it ("15 juin 2026"). A due date is the end of its day in UTC
 * (dueDateOf), so its day is read in UTC: in Paris the instant is already the next morning.
 */
export function dueDateWords(dueAt: Date, locale: TemplateLocale): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(dueAt);
}

/** `{{platformName}}` of these mails, which name no brand of their own. */
export const PLATFORM_WORDS: Record<TemplateLocale, string> = { fr: 'la plateforme', en: 'the platform' };

export interface MailText {
  name: string;
  subject: string;
  body: string;
}

/**
 * The platform's reminder texts: the demo seed writes them as the platform's templates, and a platform that
 * has no template of a family still sends these (in French, the back-office's language). A structure writes
 * its own under the same code; a template switched off sends nothing.
 */
export const DEFAULT_REMINDER_TEXTS: Record<ReminderRecipient, Record<TemplateLocale, MailText>> = {
  learner: {
    fr: {
      name: 'Rappel d’échéance d’un parcours',
      subject: '{{stage}} : « {{courseTitle}} »',
      body: 'Bonjour {{firstName}},\n\nVotre parcours « {{courseTitle}} » est à terminer au plus tard le {{dueDate}}. {{stage}}.\n\nReprendre le parcours : {{courseUrl}}\n\nNe plus recevoir ces rappels : {{unsubscribeUrl}}',
    },
    en: {
      name: 'Course due date reminder',
      subject: '{{stage}}: “{{courseTitle}}”',
      body: 'Hello {{firstName}},\n\nYour course “{{courseTitle}}” is due on {{dueDate}} at the latest. {{stage}}.\n\nResume the course: {{courseUrl}}\n\nStop these reminders: {{unsubscribeUrl}}',
    },
  },
  supervisor: {
    fr: {
      name: 'Rappel d’échéance d’un parcours (responsable)',
      subject: '{{learnerName}} — {{stage}} : « {{courseTitle}} »',
      body: 'Bonjour {{firstName}},\n\n{{learnerName}}, que vous suivez, doit terminer le parcours « {{courseTitle}} » au plus tard le {{dueDate}}. {{stage}}.\n\nVoir sa progression : {{learnerUrl}}\n\nNe plus recevoir ces rappels : {{unsubscribeUrl}}',
    },
    en: {
      name: 'Course due date reminder (supervisor)',
      subject: '{{learnerName}} — {{stage}}: “{{courseTitle}}”',
      body: 'Hello {{firstName}},\n\n{{learnerName}}, whom you supervise, is due to complete the course “{{courseTitle}}” by {{dueDate}}. {{stage}}.\n\nSee their progress: {{learnerUrl}}\n\nStop these reminders: {{unsubscribeUrl}}',
    },
  },
};

/** A course's completion rate in the reports: completed over enrolled, in whole percent (0 without learners). */
export const completionRateOf = (completed: number, enrolled: number): number =>
  enrolled > 0 ? Math.round((100 * completed) / enrolled) : 0;

/** The weekly report's CSV columns, in French (its header line), one a figure of a course. */
export const REPORT_CSV_COLUMNS = [
  ['course', 'Parcours'],
  ['enrolled', 'Inscrits'],
  ['started', 'Commencés'],
  ['completed', 'Terminés'],
  ['late', 'En retard'],
  ['atRisk', 'À risque'],
  ['completionRate', 'Taux de réussite (%)'],
] as const;
