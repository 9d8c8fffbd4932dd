import { REMINDER_DAYS_BEFORE, REMINDER_STAGES, type ReminderStage } from '../../src/domain/learning.ts';
import {
  courseAppPath,
  courseLearnersAppPath,
  daysLeftAt,
  DEFAULT_REMINDER_TEXTS,
  dueDateWords,
  learnerAppPath,
  PLATFORM_WORDS,
  REMINDER_TEMPLATES,
  REMINDER_TOPIC,
  reminderStageWords,
  type MailText,
  type ReminderRecipient,
} from '../../src/domain/learningMail.ts';
import { renderTemplate, TEMPLATE_LOCALES, type TemplateLocale } from '../../src/domain/templateVariables.ts';
import type { Mailer } from '../auth/mailer.ts';
import type { Queryable } from '../db/database.ts';
import type { OptOutTokens } from '../notify/optOuts.ts';
import { literal } from '../shared/sql.ts';

/** Due dates are looked at this often unless told otherwise (LEARNING_REMINDERS_SECONDS). */
export const DEFAULT_LEARNING_REMINDERS_SECONDS = 900;
/**
 * A reminder taken but never marked sent (its process died while sending) is given back after this: well
 * past any SMTP exchange's timeouts, so that a mail still under way is not sent a second time.
 */
export const REMINDER_CLAIM_STALE_MINUTES = 60;
/** Reminders read at once; a run goes on batch after batch until none is left. */
const BATCH = 500;

const DAY_SECONDS = 86_400;

/**
 * reminderStageAt (src/domain/learning.ts) in SQL, from the same constants: late once the due instant has
 * passed, the day itself within its last 24 hours, else the nearest "N days before" whose window has begun
 * (N + 1 days before the end), else none. `due` and `now` are SQL expressions.
 */
export function reminderStageSql(due: string, now: string): string {
  const left = `extract(epoch FROM (${due}) - (${now}))`;
  const before = [...REMINDER_DAYS_BEFORE]
    .sort((a, b) => a - b)
    .map((days) => {
      const stage = `before_${days}`;
      if (!(REMINDER_STAGES as readonly string[]).includes(stage)) throw new Error(`No reminder stage ${stage}.`);
      return ` WHEN ${left} <= ${(days + 1) * DAY_SECONDS} THEN ${literal(stage)}`;
    })
    .join('');
  return `(CASE WHEN ${left} < 0 THEN 'late' WHEN ${left} <= ${DAY_SECONDS} THEN 'due_today'${before} END)`;
}

/** A due date is reminded of from this long before it (the widest "N days before"). */
const FIRST_REMINDER_DAYS = Math.max(...REMINDER_DAYS_BEFORE) + 1;

interface Candidate {
  participation_id: number;
  company_id: number;
  course_id: number;
  course_title: string;
  due_at: Date;
  stage: ReminderStage;
  db_now: Date;
  learner_id: number;
  learner_name: string;
  recipient_id: number;
  recipient: ReminderRecipient;
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string | null;
}

/**
 * Every reminder due now and not taken yet, one row a recipient: open participations (not completed, not
 * unenrolled, a due date, an enabled learner) at the latest stage they reached, to the learner and, when the
 * enrolment asks for it, to each current supervisor of that learner for that course or for all courses, of the
 * learner's own structure. Whoever opted out of the reminders is left out. In keyset pages.
 */
const CANDIDATES = `
  WITH due AS (
    SELECT p.id, p.company_id, p.course_id, p.user_id, p.due_at, p.remind_supervisor,
           ${reminderStageSql('p.due_at', 'now()')} AS stage,
           trim(concat_ws(' ', u.first_name, u.last_name)) AS learner_name
      FROM participations p
      JOIN users u ON u.id = p.user_id AND u.enabled
     WHERE p.due_at IS NOT NULL AND p.unenrolled_at IS NULL AND p.status <> 'completed'
       AND p.company_id IS NOT NULL AND p.due_at <= now() + make_interval(days => ${FIRST_REMINDER_DAYS})
  ), recipients AS (
    SELECT d.*, d.user_id AS recipient_id, 'learner' AS recipient FROM due d WHERE d.stage IS NOT NULL
    UNION
    SELECT d.*, s.supervisor_id, 'supervisor'
      FROM due d
      JOIN user_supervisions s ON s.learner_id = d.user_id AND (s.course_id IS NULL OR s.course_id = d.course_id)
       AND (s.starts_at IS NULL OR s.starts_at <= now()) AND (s.ends_at IS NULL OR s.ends_at >= now())
      JOIN users su ON su.id = s.supervisor_id AND su.enabled AND su.company_id = d.company_id
     WHERE d.remind_supervisor AND d.stage IS NOT NULL
  )
  SELECT r.id AS participation_id, r.company_id, r.course_id, c.title AS course_title, r.due_at, r.stage,
         now() AS db_now, r.user_id AS learner_id, r.learner_name, r.recipient_id, r.recipient,
         v.email, v.first_name, v.last_name, v.locale
    FROM recipients r
    JOIN courses c ON c.id = r.course_id
    JOIN users v ON v.id = r.recipient_id
   WHERE NOT EXISTS (SELECT 1 FROM learning_reminders l
                      WHERE l.participation_id = r.id AND l.due_at = r.due_at AND l.stage = r.stage
                        AND l.recipient_id = r.recipient_id)
     AND NOT EXISTS (SELECT 1 FROM mail_opt_outs o WHERE o.user_id = r.recipient_id AND o.topic = ${literal(REMINDER_TOPIC)})
     AND (r.id, r.recipient_id) > ($1::integer, $2::integer)
   ORDER BY r.id, r.recipient_id
   LIMIT ${BATCH}`;

/**
 * Takes one reminder for its sender: the row of the unique key (participation, due date, stage, recipient),
 * inserted only while the participation still stands at that stage of that same due date. Whichever process
 * inserts it sends the mail; every other finds the key taken and sends nothing.
 */
const CLAIM = `
  INSERT INTO learning_reminders (company_id, participation_id, due_at, stage, recipient_id)
  SELECT p.company_id, p.id, p.due_at, $2, $3
    FROM participations p
   WHERE p.id = $1 AND p.due_at IS NOT NULL AND p.unenrolled_at IS NULL AND p.status <> 'completed'
     AND ${reminderStageSql('p.due_at', 'now()')} = $2
  ON CONFLICT ON CONSTRAINT learning_reminders_once DO NOTHING
  RETURNING id`;

interface Template {
  subject: string | null;
  body: string | null;
  name: string;
  enabled: boolean;
}

export interface ReminderLinks {
  /** The back-office's address (APP_URL). */
  appUrl: string;
  /** Where mail clients post the one-click opt-out. */
  apiUrl: string;
  optOuts: OptOutTokens;
}

export interface ReminderRun {
  sent: number;
  failed: number;
  /** Recipients whose template of their structure is switched off. */
  disabled: number;
}

const localeOf = (value: string | null): TemplateLocale =>
  (TEMPLATE_LOCALES as readonly string[]).includes(value ?? '') ? (value as TemplateLocale) : 'fr';

/**
 * The template a structure's recipient gets, by the catalogue's rule: for the recipient's locale, then French,
 * then the family's bare code, the structure's own row of that code, else the platform's. A row switched off
 * means no mail of that kind there; no row at all, the built-in text of that locale.
 */
async function templateFor(
  db: Queryable,
  company: number,
  recipient: ReminderRecipient,
  locale: TemplateLocale,
): Promise<MailText | null> {
  const family = REMINDER_TEMPLATES[recipient];
  const codes = [...new Set([`${family}_${locale}`, `${family}_fr`, family])];
  const [row] = await db.query<Template>(
    `SELECT name, subject, body, enabled FROM notification_templates
      WHERE code = ANY($1::text[]) AND channel = 'email' AND (company_id = $2 OR company_id IS NULL)
      ORDER BY array_position($1::text[], code), company_id NULLS LAST LIMIT 1`,
    [codes, company],
  );
  if (!row) return DEFAULT_REMINDER_TEXTS[recipient][locale];
  if (!row.enabled) return null;
  return { name: row.name, subject: row.subject ?? row.name, body: row.body ?? '' };
}

/**
 * The job `learning-reminders`: sends every reminder due now, once whatever the number of processes or of
 * runs at once (the row of learning_reminders is taken before the mail goes); a failed send gives its row
 * back, so the next run tries again. Runs in the platform's scope (`db`): each mail is the learner's
 * structure's, its template and links included.
 */
export async function sendDueReminders(
  db: Queryable,
  mailer: Mailer,
  links: ReminderLinks,
  log: (error: unknown, what: string) => void = () => undefined,
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, failed: 0, disabled: 0 };
  await db.query(
    `DELETE FROM learning_reminders
      WHERE sent_at IS NULL AND created_at < now() - make_interval(mins => ${REMINDER_CLAIM_STALE_MINUTES})`,
  );
  const templates = new Map<string, Promise<MailText | null>>();
  let after: [number, number] = [0, 0];
  for (;;) {
    const batch = await db.query<Candidate>(CANDIDATES, after);
    for (const candidate of batch) {
      const locale = localeOf(candidate.locale);
      const key = `${candidate.company_id}:${candidate.recipient}:${locale}`;
      if (!templates.has(key)) templates.set(key, templateFor(db, candidate.company_id, candidate.recipient, locale));
      const template = await templates.get(key)!;
      if (!template) {
        run.disabled++;
        continue;
      }
      const [claimed] = await db.query<{ id: number }>(CLAIM, [
        candidate.participation_id,
        candidate.stage,
        candidate.recipient_id,
      ]);
      if (!claimed) continue;
      try {
        await mailer.send(reminderMail(candidate, template, locale, links));
        await db.query('UPDATE learning_reminders SET sent_at = now() WHERE id = $1', [claimed.id]);
        run.sent++;
      } catch (error) {
        run.failed++;
        log(error, `The reminder of participation ${candidate.participation_id} to user ${candidate.recipient_id}`);
        await db.query('DELETE FROM learning_reminders WHERE id = $1 AND sent_at IS NULL', [claimed.id]);
      }
    }
    if (batch.length < BATCH) return run;
    const last = batch[batch.length - 1];
    after = [Number(last.participation_id), Number(last.recipient_id)];
  }
}

function reminderMail(candidate: Candidate, template: MailText, locale: TemplateLocale, links: ReminderLinks) {
  const dueAt = new Date(candidate.due_at);
  const daysLeft = daysLeftAt(dueAt, new Date(candidate.db_now));
  const optOut = links.optOuts.links(Number(candidate.recipient_id), REMINDER_TOPIC, links.appUrl, links.apiUrl);
  const courseId = Number(candidate.course_id);
  const variables: Record<string, string> = {
    firstName: candidate.first_name ?? '',
    lastName: candidate.last_name ?? '',
    platformName: PLATFORM_WORDS[locale],
    learnerName: candidate.learner_name,
    courseTitle: candidate.course_title,
    dueDate: dueDateWords(dueAt, locale),
    daysLeft: String(daysLeft),
    stage: reminderStageWords(candidate.stage, daysLeft, locale),
    courseUrl: `${links.appUrl}${candidate.recipient === 'learner' ? courseAppPath(courseId) : courseLearnersAppPath(courseId)}`,
    learnerUrl: `${links.appUrl}${learnerAppPath(Number(candidate.learner_id))}`,
    unsubscribeUrl: optOut.page,
  };
  return {
    to: candidate.email,
    subject: renderTemplate(template.subject, variables).replace(/\s+/g, ' ').trim(),
    text: renderTemplate(template.body, variables),
    headers: optOut.headers,
  };
}
