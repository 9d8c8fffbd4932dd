import { CSV_BOM, CSV_MEDIA_TYPE, csvCell, csvLine } from '../../src/domain/csvExport.ts';
import { frenchDateTime } from '../../src/domain/csvFrench.ts';
import {
  completionRateOf,
  learningReportAppPath,
  REPORT_CSV_COLUMNS,
  REPORT_EVERY_DAYS,
  REPORT_TOPIC,
} from '../../src/domain/learningMail.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';
import { hasRole, ROLES } from '../../src/domain/roles.ts';
import { isPlatformStaff } from '../../src/domain/tenancy.ts';
import type { Mail, Mailer } from '../auth/mailer.ts';
import type { Queryable } from '../db/database.ts';
import { frenchOrder, literal } from '../shared/sql.ts';
import { refreshedAtSql } from './aggregates.ts';
import type { ReminderLinks } from './reminders.ts';

/** Subscriptions are looked at hourly: each is sent on the first look past its week. */
export const WEEKLY_REPORT_CHECK_SECONDS = 3600;
/** A run sends at most this many reports; the rest wait for the next hour. */
const REPORTS_PER_RUN = 1000;
/** The body names this many courses; the attached CSV has them all. */
const COURSES_IN_BODY = 20;

/** The roles that receive a structure's figures: its administrators, and platform staff who chose it. */
const ADMIN_ROLES = ROLES.filter((role) => hasRole([role], 'ROLE_ADMIN'));
const STAFF_ROLES = ROLES.filter((role) => isPlatformStaff([role]));

const rolesArray = (roles: readonly string[]) => `ARRAY[${roles.map(literal).join(', ')}]::text[]`;

/** A subscription's period, from its frequency (REPORT_EVERY_DAYS). */
const periodSql = (alias: string) =>
  `make_interval(days => CASE ${alias}.frequency ${Object.entries(REPORT_EVERY_DAYS)
    .map(([frequency, days]) => `WHEN ${literal(frequency)} THEN ${days}`)
    .join(' ')} END)`;

/**
 * Takes one subscription whose period is over (or that was never sent) for its sender: the row's
 * `last_sent_at` moves to now under its lock, the condition checked again, so that a report goes once
 * whatever the number of processes. Only subscribers who may still read the structure's figures (enabled,
 * its administrator or platform staff) and did not opt out are taken.
 */
const CLAIM = `
  WITH picked AS (
    SELECT s.id, s.last_sent_at
      FROM report_subscriptions s
      JOIN users u ON u.id = s.user_id AND u.enabled
     WHERE (s.last_sent_at IS NULL OR s.last_sent_at <= now() - ${periodSql('s')})
       AND (u.roles && ${rolesArray(STAFF_ROLES)} OR (u.company_id = s.company_id AND u.roles && ${rolesArray(ADMIN_ROLES)}))
       AND NOT EXISTS (SELECT 1 FROM mail_opt_outs o WHERE o.user_id = s.user_id AND o.topic = ${literal(REPORT_TOPIC)})
       AND s.id <> ALL($1::int4[])
     ORDER BY s.last_sent_at NULLS FIRST, s.id
     LIMIT 1
       FOR UPDATE OF s SKIP LOCKED)
  UPDATE report_subscriptions s SET last_sent_at = now()
    FROM picked, users u, companies c
   WHERE s.id = picked.id AND u.id = s.user_id AND c.id = s.company_id
     AND (s.last_sent_at IS NULL OR s.last_sent_at <= now() - ${periodSql('s')})
  RETURNING s.id, s.company_id, s.user_id, picked.last_sent_at AS before, s.last_sent_at AS sent_at,
            u.email, u.first_name, c.name AS company_name`;

interface Claimed {
  id: number;
  company_id: number;
  user_id: number;
  before: Date | null;
  sent_at: Date;
  email: string;
  first_name: string | null;
  company_name: string;
}

export interface CourseFigures {
  course: { id: number; title: string };
  enrolled: number;
  started: number;
  completed: number;
  late: number;
  atRisk: number;
  completionRate: number;
}

/** A structure's figures as the aggregates hold them (learning_course_stats), by course title. */
export async function structureFigures(
  db: Queryable,
  company: number,
): Promise<{ courses: CourseFigures[]; totals: Omit<CourseFigures, 'course'>; refreshedAt: Date | null }> {
  const rows = await db.query<{
    id: number;
    title: string;
    enrolled: number;
    started: number;
    completed: number;
    late: number;
    at_risk: number;
    refreshed_at: Date;
  }>(
    // When the figures were counted: the aggregate's last refresh (a row unchanged since keeps its older stamp).
    `SELECT c.id, c.title, s.enrolled, s.started, s.completed, s.late, s.at_risk,
            ${refreshedAtSql(['course_stats'])} AS refreshed_at
       FROM learning_course_stats s JOIN courses c ON c.id = s.course_id
      WHERE s.company_id = $1
      ORDER BY ${frenchOrder('c.title')}, c.id`,
    [company],
  );
  const courses = rows.map((row) => ({
    course: { id: Number(row.id), title: row.title },
    enrolled: Number(row.enrolled),
    started: Number(row.started),
    completed: Number(row.completed),
    late: Number(row.late),
    atRisk: Number(row.at_risk),
    completionRate: completionRateOf(Number(row.completed), Number(row.enrolled)),
  }));
  const sum = (key: 'enrolled' | 'started' | 'completed' | 'late' | 'atRisk') =>
    courses.reduce((total, course) => total + course[key], 0);
  const totals = {
    enrolled: sum('enrolled'),
    started: sum('started'),
    completed: sum('completed'),
    late: sum('late'),
    atRisk: sum('atRisk'),
    completionRate: completionRateOf(sum('completed'), sum('enrolled')),
  };
  const refreshed = rows.map((row) => new Date(row.refreshed_at).getTime());
  return { courses, totals, refreshedAt: refreshed.length ? new Date(Math.max(...refreshed)) : null };
}

/** The report's CSV: French headers (REPORT_CSV_COLUMNS), one line a course, then the structure's total. */
export function reportCsv(courses: readonly CourseFigures[], totals: Omit<CourseFigures, 'course'>): string {
  const line = (title: string, figures: Omit<CourseFigures, 'course'>) =>
    csvLine(REPORT_CSV_COLUMNS.map(([key]) => (key === 'course' ? csvCell(title) : String(figures[key]))));
  return (
    CSV_BOM +
    csvLine(REPORT_CSV_COLUMNS.map(([, label]) => csvCell(label))) +
    courses.map((figures) => line(figures.course.title, figures)).join('') +
    line('Total', totals)
  );
}

const DAY = new Intl.DateTimeFormat('fr-FR', {
  timeZone: DEFAULT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function reportMail(
  claimed: Claimed,
  figures: Awaited<ReturnType<typeof structureFigures>>,
  links: ReminderLinks,
): Mail {
  const { courses, totals, refreshedAt } = figures;
  const optOut = links.optOuts.links(Number(claimed.user_id), REPORT_TOPIC, links.appUrl, links.apiUrl);
  const day = DAY.format(new Date(claimed.sent_at));
  const courseLines = courses
    .slice(0, COURSES_IN_BODY)
    .map(
      (figures) =>
        `- « ${figures.course.title} » : ${figures.enrolled} inscrits, ${figures.completed} terminés (${figures.completionRate} %), ${figures.late} en retard, ${figures.atRisk} à risque`,
    );
  if (courses.length > COURSES_IN_BODY)
    courseLines.push(`- … et ${courses.length - COURSES_IN_BODY} autres parcours, dans le fichier joint.`);
  const text = [
    `Bonjour ${claimed.first_name ?? ''},`.replace(' ,', ','),
    '',
    `Voici les chiffres de la formation de ${claimed.company_name} au ${day}${refreshedAt ? ` (calculés le ${frenchDateTime(refreshedAt.toISOString())})` : ''} :`,
    '',
    ...(courses.length === 0
      ? ['Aucun apprenant n’est inscrit à un parcours pour le moment.']
      : [
          `- Inscrits : ${totals.enrolled}`,
          `- Commencés : ${totals.started}`,
          `- Terminés : ${totals.completed} (taux de réussite : ${totals.completionRate} %)`,
          `- En retard : ${totals.late}`,
          `- À risque : ${totals.atRisk}`,
          '',
          'Par parcours :',
          ...courseLines,
          '',
          'Le détail par parcours est dans le fichier joint (CSV).',
        ]),
    '',
    `Voir le suivi : ${links.appUrl}${learningReportAppPath}`,
    '',
    `Ne plus recevoir ce rapport : ${optOut.page}`,
    '',
  ].join('\n');
  return {
    to: claimed.email,
    subject: `Suivi de la formation — ${claimed.company_name}, ${day}`,
    text,
    attachments: [
      {
        filename: `suivi-formation-${new Date(claimed.sent_at).toISOString().slice(0, 10)}.csv`,
        content: reportCsv(courses, totals),
        contentType: CSV_MEDIA_TYPE,
      },
    ],
    headers: optOut.headers,
  };
}

/**
 * The job `learning-weekly-report`: each subscription whose week is over gets its structure's figures, in
 * the mail and as a CSV, once (the row is taken before the mail goes). A failed send puts the row's last
 * sending back, so the next hour tries again. Runs in the platform's scope (`db`).
 */
export async function sendWeeklyReports(
  db: Queryable,
  mailer: Mailer,
  links: ReminderLinks,
  log: (error: unknown, what: string) => void = () => undefined,
): Promise<{ sent: number; failed: number }> {
  const run = { sent: 0, failed: 0 };
  // A report that failed waits for the next run: this one goes on with the others.
  const failed: number[] = [];
  for (let n = 0; n < REPORTS_PER_RUN; n++) {
    const [claimed] = await db.query<Claimed>(CLAIM, [failed]);
    if (!claimed) break;
    try {
      await mailer.send(reportMail(claimed, await structureFigures(db, Number(claimed.company_id)), links));
      run.sent++;
    } catch (error) {
      run.failed++;
      failed.push(Number(claimed.id));
      log(error, `The weekly report of subscription ${claimed.id}`);
      await db.query('UPDATE report_subscriptions SET last_sent_at = $2 WHERE id = $1', [claimed.id, claimed.before]);
    }
  }
  return run;
}
