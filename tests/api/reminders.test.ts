import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_STAGES, reminderStageAt } from '../../src/domain/learning.ts';
import {
  daysLeftAt,
  DEFAULT_REMINDER_TEXTS,
  dueDateWords,
  REMINDER_TEMPLATES,
  reminderStageWords,
  type ReminderRecipient,
} from '../../src/domain/learningMail.ts';
import {
  sampleVariables,
  TEMPLATE_LOCALES,
  templateFamily,
  unknownVariables,
  usedVariables,
} from '../../src/domain/templateVariables.ts';
import type { Mail, Mailer } from '../../server/auth/mailer.ts';
import { reminderStageSql, sendDueReminders, type ReminderLinks } from '../../server/learning/reminders.ts';
import { OptOutTokens } from '../../server/notify/optOuts.ts';
import { createTestApp, JWT_SECRET, type TestApp } from './support/testApp.ts';

/**
 * The reminders of a due date (server/learning/reminders.ts): the latest stage reached, each once per due date
 * and recipient whatever the runs, to the learner and to their supervisors when asked, from the learner's
 * structure's template; never to whoever opted out (their signed link, POST /api/unsubscribe without a
 * session) nor to a disabled account. Time passes by moving a due date and its reminders back together.
 */
let t: TestApp;
const mails: Mail[] = [];
let failNext = 0;
const mailer: Mailer = {
  send: async (mail) => {
    if (failNext > 0) {
      failNext--;
      throw new Error('SMTP refused the mail');
    }
    mails.push(mail);
  },
};
let links: ReminderLinks;
let A: number;
let B: number;

beforeAll(async () => {
  t = await createTestApp({ mailer });
  links = { appUrl: t.config.appUrl, apiUrl: 'http://api.exemple.fr', optOuts: new OptOutTokens(JWT_SECRET) };
  A = Number(t.users.admin.company);
  [{ company_id: B }] = await t.db.query<{ company_id: number }>(
    `SELECT company_id FROM users WHERE email = 'admin@transports-morel.fr'`,
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  mails.length = 0;
  failNext = 0;
});

const run = () => sendDueReminders(t.db, mailer, links);
const to = (email: string) => mails.filter((mail) => mail.to === email);

async function person(company: number, options: { locale?: string; enabled?: boolean; first?: string } = {}) {
  const first = options.first ?? 'Léa';
  const [row] = await t.db.query<{ id: number; email: string }>(
    `INSERT INTO users (email, first_name, last_name, type, roles, company_id, locale, enabled)
     VALUES ($1, $2, 'Rappel', 'contributor', '{ROLE_USER}', $3, $4, $5) RETURNING id, email`,
    [
      `${first.toLowerCase()}-${randomUUID()}@exemple.fr`,
      first,
      company,
      options.locale ?? 'fr',
      options.enabled ?? true,
    ],
  );
  return row;
}

async function course(company: number, title = `Sécurité ${randomUUID().slice(0, 6)}`) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, company_id) VALUES ($1, $2) RETURNING id`,
    [title, company],
  );
  return { id: row.id, title };
}

/** An enrolment due `hours` from now (negative: already late). */
async function enrol(user: number, courseId: number, hours: number, remindSupervisor = false) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO participations (user_id, course_id, due_at, remind_supervisor, company_id)
     VALUES ($1, $2, now() + make_interval(secs => $3::float8 * 3600), $4, (SELECT company_id FROM users WHERE id = $1))
     RETURNING id`,
    [user, courseId, hours, remindSupervisor],
  );
  return row.id;
}

/** The clock moves `hours` on for one participation: its due date and the reminders of it, together. */
async function later(participation: number, hours: number) {
  await t.db.query(
    `UPDATE participations SET due_at = due_at - make_interval(secs => $2::float8 * 3600) WHERE id = $1`,
    [participation, hours],
  );
  await t.db.query(
    `UPDATE learning_reminders SET due_at = due_at - make_interval(secs => $2::float8 * 3600) WHERE participation_id = $1`,
    [participation, hours],
  );
}

const sentStages = async (participation: number) =>
  (
    await t.db.query<{ stage: string; recipient_id: number; sent: boolean }>(
      `SELECT stage, recipient_id, sent_at IS NOT NULL AS sent FROM learning_reminders WHERE participation_id = $1 ORDER BY id`,
      [participation],
    )
  ).map((row) => `${row.stage}${row.sent ? '' : ' (not sent)'}`);

describe('the stage of a due date', () => {
  it('is read the same in TypeScript and in SQL, on fixed dates and at each boundary', async () => {
    const now = new Date('2026-06-15T12:00:00.000Z');
    const hour = 3_600_000;
    const offsets = [
      -720, -1, -0.001, 0, 0.001, 12, 24, 24.001, 30, 48, 48.001, 72, 96, 96.001, 150, 192, 192.001, 400,
    ];
    const dues = offsets.map((hours) => new Date(now.getTime() + hours * hour));
    const expected = dues.map((due) => reminderStageAt(due, now));
    expect(new Set(expected)).toEqual(new Set([...REMINDER_STAGES, null]));
    const rows = await t.db.query<{ stage: string | null }>(
      `SELECT ${reminderStageSql('d.due', '$1::timestamptz')} AS stage
         FROM unnest($2::timestamptz[]) WITH ORDINALITY AS d(due, n) ORDER BY d.n`,
      [now.toISOString(), dues.map((due) => due.toISOString())],
    );
    expect(rows.map((row) => row.stage)).toEqual(expected);
  });

  it('says its days left and due date in the recipient’s words', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const due = new Date('2026-06-18T23:59:59.999Z');
    expect(daysLeftAt(due, now)).toBe(3);
    expect(reminderStageWords('before_3', 3, 'fr')).toBe('Échéance dans 3 jours');
    expect(reminderStageWords('before_1', 1, 'fr')).toBe('Échéance demain');
    expect(reminderStageWords('late', 0, 'en')).toBe('Overdue');
    // The end of a day in UTC is the next morning in Paris: the day said is the due one.
    expect(dueDateWords(due, 'fr')).toBe('18 juin 2026');
    expect(dueDateWords(due, 'en')).toBe('18 June 2026');
  });
});

describe('the reminder templates', () => {
  it('are families of their own, whose built-in texts name only their variables, each with a sample', () => {
    for (const recipient of Object.keys(REMINDER_TEMPLATES) as ReminderRecipient[])
      for (const locale of TEMPLATE_LOCALES) {
        const code = `${REMINDER_TEMPLATES[recipient]}_${locale}`;
        expect(templateFamily(code)).toBe(REMINDER_TEMPLATES[recipient]);
        const { subject, body } = DEFAULT_REMINDER_TEXTS[recipient][locale];
        expect(unknownVariables(code, `${subject} ${body}`), code).toEqual([]);
        const samples = sampleVariables(code, locale);
        for (const name of usedVariables(`${subject} ${body}`)) expect(samples[name], `${code} ${name}`).not.toBe(name);
      }
    // The learner's copy names no supervisor's page.
    expect(unknownVariables('learning_reminder_fr', '{{learnerUrl}}')).toEqual(['learnerUrl']);
  });
});

describe('reminders', () => {
  it('sends each stage once as the due date comes, then the late one once', async () => {
    const learner = await person(A);
    const { id: courseId, title } = await course(A);
    const participation = await enrol(learner.id, courseId, 7 * 24 + 12);
    await run();
    expect(to(learner.email).map((mail) => mail.subject)).toEqual([`Échéance dans 7 jours : « ${title} »`]);
    const [mail] = to(learner.email);
    expect(mail.text).toContain(`Votre parcours « ${title} » est à terminer au plus tard le`);
    expect(mail.text).toContain(`${t.config.appUrl}#/courses/${courseId}/show`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/api\.exemple\.fr\/api\/unsubscribe\?token=.+>$/);
    await run();
    expect(to(learner.email)).toHaveLength(1);

    for (const [hours, subject] of [
      [4 * 24, `Échéance dans 3 jours : « ${title} »`],
      [2 * 24, `Échéance demain : « ${title} »`],
      [24, `Échéance aujourd’hui : « ${title} »`],
      [24, `Échéance dépassée : « ${title} »`],
    ] as const) {
      mails.length = 0;
      await later(participation, hours);
      await run();
      await run();
      expect(to(learner.email).map((sent) => sent.subject)).toEqual([subject]);
    }
    mails.length = 0;
    await later(participation, 30 * 24);
    await run();
    expect(to(learner.email)).toEqual([]);
    expect(await sentStages(participation)).toEqual(['before_7', 'before_3', 'before_1', 'due_today', 'late']);
  });

  it('sends only the latest stage reached, never a stale one', async () => {
    const learner = await person(A);
    const { id: courseId } = await course(A);
    const soon = await enrol(learner.id, courseId, 36);
    const late = await enrol(learner.id, (await course(A)).id, -48);
    const far = await enrol(learner.id, (await course(A)).id, 9 * 24);
    await run();
    expect(await sentStages(soon)).toEqual(['before_1']);
    expect(await sentStages(late)).toEqual(['late']);
    expect(await sentStages(far)).toEqual([]);
    expect(to(learner.email)).toHaveLength(2);
  });

  it('sends nothing for a completed or unenrolled enrolment, nor to a disabled learner', async () => {
    const done = await person(A);
    const gone = await person(A);
    const disabled = await person(A, { enabled: false });
    const { id: courseId } = await course(A);
    const completed = await enrol(done.id, courseId, 12);
    await t.db.query(`UPDATE participations SET status = 'completed' WHERE id = $1`, [completed]);
    const unenrolled = await enrol(gone.id, courseId, 12);
    await t.db.query(`UPDATE participations SET unenrolled_at = now() WHERE id = $1`, [unenrolled]);
    await enrol(disabled.id, courseId, 12);
    await run();
    expect([...to(done.email), ...to(gone.email), ...to(disabled.email)]).toEqual([]);
  });

  it('sends each supervisor of the learner, for that course or all, a copy of their own', async () => {
    const learner = await person(A, { first: 'Noé' });
    const forAll = await person(A, { first: 'Inès' });
    const forCourse = await person(A, { first: 'Hugo', locale: 'en' });
    const otherCourse = await person(A, { first: 'Jade' });
    const past = await person(A, { first: 'Malo' });
    const { id: courseId, title } = await course(A);
    const supervise = (supervisor: number, course: number | null, ends: string | null = null) =>
      t.db.query(
        `INSERT INTO user_supervisions (supervisor_id, learner_id, course_id, ends_at, company_id) VALUES ($1, $2, $3, $4, $5)`,
        [supervisor, learner.id, course, ends, A],
      );
    await supervise(forAll.id, null);
    await supervise(forCourse.id, courseId);
    await supervise(otherCourse.id, (await course(A)).id);
    await supervise(past.id, null, '2020-01-01T00:00:00Z');
    const participation = await enrol(learner.id, courseId, 36, true);
    await run();
    await run();
    expect(to(learner.email)).toHaveLength(1);
    const [copy] = to(forAll.email);
    expect(copy.subject).toBe(`Noé Rappel — Échéance demain : « ${title} »`);
    expect(copy.text).toContain('Noé Rappel, que vous suivez, doit terminer');
    expect(copy.text).toContain(`#/learning/learners/${learner.id}`);
    expect(to(forCourse.email).map((mail) => mail.subject)).toEqual([`Noé Rappel — Due tomorrow: “${title}”`]);
    expect([...to(otherCourse.email), ...to(past.email)]).toEqual([]);
    expect(await sentStages(participation)).toEqual(['before_1', 'before_1', 'before_1']);

    // Without the enrolment asking for it, supervisors get nothing.
    mails.length = 0;
    await enrol(learner.id, (await course(A)).id, 36, false);
    await run();
    expect(to(learner.email)).toHaveLength(1);
    expect(to(forAll.email)).toEqual([]);
  });

  it('follows the learner’s structure’s own template, never another structure’s, and none when it is off', async () => {
    const inA = await person(A);
    const inB = await person(B);
    const { id: courseA } = await course(A);
    const { id: courseB } = await course(B);
    const [own] = await t.db.query<{ id: number }>(
      `INSERT INTO notification_templates (code, name, channel, subject, body, locale, enabled, company_id)
       VALUES ('learning_reminder_fr', 'Rappel de B', 'email', 'Rappel de B : {{courseTitle}}', 'Texte de B pour {{firstName}}', 'fr', true, $1)
       RETURNING id`,
      [B],
    );
    await enrol(inA.id, courseA, 12);
    await enrol(inB.id, courseB, 12);
    await run();
    expect(to(inA.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Échéance aujourd’hui : « /)]);
    expect(to(inA.email)[0].text).not.toContain('Texte de B');
    expect(to(inB.email).map((mail) => mail.text)).toEqual(['Texte de B pour Léa']);

    // B switches its template off: nothing goes to B's learners, nor is taken, while A's still are.
    mails.length = 0;
    await t.db.query('UPDATE notification_templates SET enabled = false WHERE id = $1', [own.id]);
    const againB = await enrol((await person(B)).id, courseB, 12);
    const againA = await person(A);
    await enrol(againA.id, courseA, 12);
    const result = await run();
    expect(result.disabled).toBeGreaterThanOrEqual(1);
    expect(await sentStages(againB)).toEqual([]);
    expect(to(againA.email)).toHaveLength(1);
  });

  it('falls back to the built-in French text when the platform has no template', async () => {
    await t.db.query(`DELETE FROM notification_templates WHERE code LIKE 'learning_reminder%' AND company_id IS NULL`);
    const learner = await person(A, { locale: 'en' });
    const { id: courseId, title } = await course(A);
    await enrol(learner.id, courseId, 80);
    await run();
    expect(to(learner.email).map((mail) => mail.subject)).toEqual([`Due in 3 days: “${title}”`]);
    const french = await person(A);
    await enrol(french.id, courseId, 80);
    await run();
    expect(to(french.email).map((mail) => mail.subject)).toEqual([`Échéance dans 3 jours : « ${title} »`]);
  });

  it('sends once when two runs go at once, and again after a failed send', async () => {
    const learner = await person(A);
    const { id: courseId } = await course(A);
    const participation = await enrol(learner.id, courseId, 12);
    failNext = 1;
    const first = await run();
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(to(learner.email)).toEqual([]);
    expect(await sentStages(participation)).toEqual([]);
    await Promise.all([run(), run(), run()]);
    expect(to(learner.email)).toHaveLength(1);
    expect(await sentStages(participation)).toEqual(['due_today']);
  });

  it('gives back a reminder whose process died while sending it', async () => {
    const learner = await person(A);
    const participation = await enrol(learner.id, (await course(A)).id, 12);
    await t.db.query(
      `INSERT INTO learning_reminders (company_id, participation_id, due_at, stage, recipient_id, created_at)
       SELECT company_id, id, due_at, 'due_today', user_id, now() - interval '2 hours' FROM participations WHERE id = $1`,
      [participation],
    );
    await run();
    expect(to(learner.email)).toHaveLength(1);
    expect(await sentStages(participation)).toEqual(['due_today']);
  });
});

describe('opting out', () => {
  const unsubscribe = (body: unknown) => t.request('POST', '/api/unsubscribe', { body });

  it('stops the reminders of whoever follows their link, without a session, once and for all', async () => {
    const learner = await person(A);
    const { id: courseId } = await course(A);
    await enrol(learner.id, courseId, 100);
    await run();
    const [mail] = to(learner.email);
    const token = decodeURIComponent(/[?&]token=([^\s&]+)/.exec(mail.text)![1]);
    expect(mail.text).toContain(`${t.config.appUrl}#/unsubscribe?token=`);

    const answer = await unsubscribe({ token });
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json).toEqual({ topic: 'learning_reminders', email: `${learner.email[0]}***@exemple.fr` });
    // Idempotent: the same answer, one row, one audit entry.
    expect((await unsubscribe({ token })).json).toEqual(answer.json);
    const rows = await t.db.query(`SELECT topic FROM mail_opt_outs WHERE user_id = $1`, [learner.id]);
    expect(rows).toEqual([{ topic: 'learning_reminders' }]);
    const entries = await t.db.query(
      `SELECT action FROM audit_log WHERE resource = 'users' AND record_id = $1 AND action = 'unsubscribe'`,
      [learner.id],
    );
    expect(entries).toHaveLength(1);

    mails.length = 0;
    await enrol(learner.id, (await course(A)).id, 12);
    await enrol(learner.id, (await course(A)).id, -12);
    await run();
    expect(to(learner.email)).toEqual([]);
  });

  it('takes a mail client’s one-click post, the token in the query', async () => {
    const learner = await person(A);
    const token = links.optOuts.issue(learner.id, 'learning_reminders');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await t.db.query(`SELECT topic FROM mail_opt_outs WHERE user_id = $1`, [learner.id])).toHaveLength(1);
  });

  it('refuses a forged, altered or foreign token on `token`, and keeps leaving a plan for sessions', async () => {
    const learner = await person(A);
    const good = links.optOuts.issue(learner.id, 'learning_reminders');
    const [, , signature] = good.split('.');
    const forged = [
      new OptOutTokens('another-secret').issue(learner.id, 'learning_reminders'),
      `${learner.id + 1}.learning_reminders.${signature}`,
      `${learner.id}.learning_reports.${signature}`,
      `${learner.id}.marketing.${signature}`,
      good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A'),
      'nimportequoi',
      '',
      // A user who does not exist, with a signature the server made.
      links.optOuts.issue(999_999_999, 'learning_reminders'),
    ];
    for (const token of forged) {
      const answer = await unsubscribe({ token });
      expect(answer.status, `${token}: ${answer.body}`).toBe(422);
      expect(
        answer.json.violations.map((v: { propertyPath: string }) => v.propertyPath),
        `${token}: ${answer.body}`,
      ).toEqual(['token']);
    }
    expect((await unsubscribe({ token: 42 })).status).toBe(422);
    expect(await t.db.query(`SELECT 1 FROM mail_opt_outs WHERE user_id = $1`, [learner.id])).toEqual([]);
    // Without a token, the route is still a structure leaving its plan: that needs a session.
    expect((await unsubscribe({})).status).toBe(401);
    expect((await t.request('POST', '/api/unsubscribe', { as: 'contributor', body: {} })).status).toBe(403);
  });
});
