import { notificationTemplates } from './contracts/notificationTemplates';
/**
 * The `{{variables}}` each notification template may use, by the family its code names: the
 * server refuses a template naming another (a 422 on the field, on every write), the back-office's body
 * editor offers these to insert, and the preview and the test mail fill them with the sample values below.
 * A code is `<family>[_<channel>][_<locale>]` (`ticket_reply_fr`, `verification_code_sms_en`).
 */
const COMMON = ['firstName', 'lastName', 'platformName'] as const;

const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  user_welcome: ['companyName', 'loginUrl'],
  user_invitation: ['companyName', 'code', 'validityMinutes', 'loginUrl'],
  verification_code: ['code', 'validityMinutes'],
  course_invitation: ['inviterName', 'courseTitle', 'durationMinutes', 'courseUrl'],
  course_completed: ['courseTitle', 'completedAt', 'certificateUrl'],
  ticket_reply: ['agentName', 'message', 'ticketSubject', 'ticketStatus', 'ticketUrl'],
  ticket_treated: ['agentName', 'message', 'ticketSubject', 'ticketStatus', 'ticketUrl'],
  ticket_closed: ['agentName', 'message', 'ticketSubject', 'ticketStatus', 'ticketUrl'],
  weekly_digest: ['newParticipations', 'completedCourses', 'openTickets', 'dashboardUrl'],
  session_reminder: ['courseTitle', 'startTime', 'location'],
  new_chapter: ['chapterTitle', 'courseTitle'],
  // A due date's reminder to the learner, and the copy to each of their supervisors (src/domain/learningMail.ts).
  learning_reminder: ['learnerName', 'courseTitle', 'dueDate', 'daysLeft', 'stage', 'courseUrl', 'unsubscribeUrl'],
  learning_reminder_supervisor: [
    'learnerName',
    'courseTitle',
    'dueDate',
    'daysLeft',
    'stage',
    'courseUrl',
    'learnerUrl',
    'unsubscribeUrl',
  ],
};

/** A template is written in one of the locales its contract offers. */
export const TEMPLATE_LOCALES = notificationTemplates.fields.locale.values;
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number];

/** The family of a code: its longest known prefix, once the locale and channel suffixes are dropped. */
export function templateFamily(code: string): string | undefined {
  const base = code
    .trim()
    .replace(/_(fr|en)$/, '')
    .replace(/_(email|sms|push)$/, '');
  return Object.keys(FAMILIES)
    .filter((family) => base === family || base.startsWith(`${family}_`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The variables a template of this code may use; an unknown family has only the common ones. */
export function templateVariables(code: string): readonly string[] {
  const family = templateFamily(code);
  return [...COMMON, ...(family ? FAMILIES[family] : [])];
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a text uses between `{{ }}` (in order, each once). */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1]))];
}

/** What a text names that its template's code does not offer. */
export function unknownVariables(code: string, text: string): string[] {
  const known = new Set(templateVariables(code));
  return usedVariables(text).filter((name) => !known.has(name));
}

const SAMPLES: Readonly<Record<TemplateLocale, Readonly<Record<string, string>>>> = {
  fr: {
    firstName: 'Camille',
    lastName: 'Martin',
    platformName: 'la plateforme',
    companyName: 'Formations Dupont',
    loginUrl: 'https://backoffice.exemple.fr/#/login',
    code: '123456',
    validityMinutes: '10',
    inviterName: 'Julie Bernard',
    courseTitle: 'Les bases de la sécurité',
    durationMinutes: '45',
    courseUrl: 'https://app.exemple.fr/parcours/12',
    completedAt: '23/11/2026',
    certificateUrl: 'https://app.exemple.fr/attestations/12',
    agentName: 'Julie Bernard',
    message: 'Le problème est corrigé, merci de votre signalement.',
    ticketSubject: 'Vidéo qui ne se lance pas',
    ticketStatus: 'traité',
    ticketUrl: 'https://backoffice.exemple.fr/#/account',
    newParticipations: '12',
    completedCourses: '4',
    openTickets: '2',
    dashboardUrl: 'https://backoffice.exemple.fr/',
    startTime: '9 h 30',
    location: 'salle B',
    chapterTitle: 'Les mots de passe',
    learnerName: 'Camille Martin',
    dueDate: '15 juin 2026',
    daysLeft: '3',
    stage: 'Échéance dans 3 jours',
    learnerUrl: 'https://backoffice.exemple.fr/#/learning/learners/42',
    unsubscribeUrl: 'https://backoffice.exemple.fr/#/unsubscribe?token=exemple',
  },
  en: {
    firstName: 'Camille',
    lastName: 'Martin',
    platformName: 'the platform',
    companyName: 'Dupont Training',
    loginUrl: 'https://backoffice.example.com/#/login',
    code: '123456',
    validityMinutes: '10',
    inviterName: 'Julie Bernard',
    courseTitle: 'Security basics',
    durationMinutes: '45',
    courseUrl: 'https://app.example.com/courses/12',
    completedAt: '11/23/2026',
    certificateUrl: 'https://app.example.com/certificates/12',
    agentName: 'Julie Bernard',
    message: 'The problem is fixed, thank you for reporting it.',
    ticketSubject: 'Video does not start',
    ticketStatus: 'treated',
    ticketUrl: 'https://backoffice.example.com/#/account',
    newParticipations: '12',
    completedCourses: '4',
    openTickets: '2',
    dashboardUrl: 'https://backoffice.example.com/',
    startTime: '9:30 am',
    location: 'room B',
    chapterTitle: 'Passwords',
    learnerName: 'Camille Martin',
    dueDate: '15 June 2026',
    daysLeft: '3',
    stage: 'Due in 3 days',
    learnerUrl: 'https://backoffice.example.com/#/learning/learners/42',
    unsubscribeUrl: 'https://backoffice.example.com/#/unsubscribe?token=example',
  },
};

/** Sample values of a code's variables in one locale. */
export function sampleVariables(code: string, locale: TemplateLocale): Record<string, string> {
  return Object.fromEntries(templateVariables(code).map((name) => [name, SAMPLES[locale][name] ?? name]));
}

/** Fills `{{name}}` (spaces allowed inside the braces); a name without a value stays empty. */
export function renderTemplate(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (_, name: string) => variables[name] ?? '');
}
