import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSV_BOM } from '../../src/domain/csvExport.ts';
import type { Mail, Mailer } from '../../server/auth/mailer.ts';
import type { ReminderLinks } from '../../server/learning/reminders.ts';
import { sendWeeklyReports } from '../../server/learning/weeklyReport.ts';
import { OptOutTokens } from '../../server/notify/optOuts.ts';
import { createTestApp, JWT_SECRET, type TestApp } from './support/testApp.ts';

/**
 * The weekly report (`/api/learning/report-subscription` and the job `learning-weekly-report`): a structure's
 * administrator subscribes for the structure the session works in; each subscription gets that structure's
 * figures once a week, in the body and as a French CSV, and never another structure's.
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
let bAdmin: string;
const PATH = '/api/learning/report-subscription';
const marker = `zqb${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  // The aggregates' job runs once at the start, then not while the test's own figures stand.
  t = await createTestApp({ mailer, config: { learningAggregatesSeconds: 86_400 } });
  links = { appUrl: t.config.appUrl, apiUrl: 'http://api.exemple.fr', optOuts: new OptOutTokens(JWT_SECRET) };
  A = Number(t.users.admin.company);
  const [other] = await t.db.query<{ id: number; company_id: number; email: string; session_version: number }>(
    `SELECT id, company_id, email, session_version FROM users WHERE email = 'admin@transports-morel.fr'`,
  );
  B = other.company_id;
  bAdmin = await t.tokens.sign({
    role: ['ROLE_ADMIN'],
    company: B,
    employeeId: other.id,
    username: other.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(other.session_version),
  });
  // Figures of both structures, as the aggregates' job keeps them: the test's alone, not the demo's.
  await t.db.query('DELETE FROM learning_course_stats');
  const stats = async (company: number, title: string, figures: number[]) => {
    const [course] = await t.db.query<{ id: number }>(
      `INSERT INTO courses (title, company_id) VALUES ($1, $2) RETURNING id`,
      [title, company],
    );
    await t.db.query(
      `INSERT INTO learning_course_stats (company_id, course_id, enrolled, started, completed, late, at_risk)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [company, course.id, ...figures],
    );
  };
  await stats(A, 'Accueil ; sécurité', [10, 8, 5, 2, 1]);
  await stats(A, '=Formule douteuse', [4, 1, 0, 1, 2]);
  await stats(B, `Parcours de B ${marker}`, [99, 99, 99, 0, 0]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  mails.length = 0;
  failNext = 0;
});

const run = () => sendWeeklyReports(t.db, mailer, links);
const to = (email: string) => mails.filter((mail) => mail.to === email);
const csvOf = (mail: Mail) => String(mail.attachments?.[0]?.content ?? '');
const weekAgo = (userId: number, days: number) =>
  t.db.query(
    `UPDATE report_subscriptions SET last_sent_at = now() - make_interval(secs => $2::float8 * 86400) WHERE user_id = $1`,
    [userId, days],
  );

describe('the subscription', () => {
  it('is the session’s own, in its structure: read, taken, ended, each change in the audit log', async () => {
    expect((await t.request('GET', PATH, { as: 'admin' })).json).toEqual({
      subscribed: false,
      frequency: 'weekly',
      lastSentAt: null,
    });
    const taken = await t.request('PUT', PATH, { as: 'admin' });
    expect(taken.status, taken.body).toBe(200);
    expect(taken.json).toEqual({ subscribed: true, frequency: 'weekly', lastSentAt: null });
    expect((await t.request('PUT', PATH, { as: 'admin' })).json.subscribed).toBe(true);
    const rows = await t.db.query('SELECT company_id FROM report_subscriptions WHERE user_id = $1', [t.users.admin.id]);
    expect(rows).toEqual([{ company_id: A }]);
    const entries = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE resource = 'companies' AND record_id = $1 AND user_id = $2
        AND action IN ('subscribe', 'unsubscribe') ORDER BY id`,
      [A, t.users.admin.id],
    );
    expect(entries.map((entry) => entry.action)).toEqual(['subscribe']);

    const ended = await t.request('DELETE', PATH, { as: 'admin' });
    expect(ended.status, ended.body).toBe(200);
    expect(ended.json.subscribed).toBe(false);
    expect((await t.request('DELETE', PATH, { as: 'admin' })).json.subscribed).toBe(false);
    expect((await t.request('GET', PATH, { as: 'admin' })).json.subscribed).toBe(false);
  });

  it('needs a structure’s administrator, and a structure to report on', async () => {
    expect((await t.request('GET', PATH)).status).toBe(401);
    expect((await t.request('PUT', PATH, { as: 'contributor' })).status).toBe(403);
    const everywhere = await t.request('PUT', PATH, { as: 'superadmin' });
    expect(everywhere.status, everywhere.body).toBe(422);
    expect(everywhere.json.violations[0].propertyPath).toBe('company');
    expect((await t.request('GET', PATH, { as: 'superadmin' })).status).toBe(422);
    const nowhere = await t.request('PUT', PATH, { as: 'superadmin', headers: { 'x-structure': '999999' } });
    expect(nowhere.status, nowhere.body).toBe(404);
    const inA = await t.request('PUT', PATH, { as: 'superadmin', headers: { 'x-structure': String(A) } });
    expect(inA.status, inA.body).toBe(200);
    expect((await t.request('GET', PATH, { as: 'superadmin', headers: { 'x-structure': String(B) } })).json).toEqual({
      subscribed: false,
      frequency: 'weekly',
      lastSentAt: null,
    });
    await t.request('DELETE', PATH, { as: 'superadmin', headers: { 'x-structure': String(A) } });
  });

  it('never reads nor ends another structure’s, whatever X-Structure says', async () => {
    expect((await t.request('PUT', PATH, { token: bAdmin })).json.subscribed).toBe(true);
    const headed = { as: 'admin' as const, headers: { 'x-structure': String(B) } };
    expect((await t.request('GET', PATH, headed)).json.subscribed).toBe(false);
    expect((await t.request('DELETE', PATH, headed)).json.subscribed).toBe(false);
    expect((await t.request('PUT', PATH, headed)).json.subscribed).toBe(true);
    const rows = await t.db.query<{ company_id: number; user_id: number }>(
      'SELECT company_id, user_id FROM report_subscriptions WHERE company_id = ANY($1::int4[]) ORDER BY company_id',
      [[A, B]],
    );
    expect(rows.map((row) => row.company_id).sort()).toEqual([A, B].sort());
    expect((await t.request('GET', PATH, { token: bAdmin })).json.subscribed).toBe(true);
    await t.request('DELETE', PATH, { as: 'admin' });
    await t.request('DELETE', PATH, { token: bAdmin });
  });
});

describe('the weekly report', () => {
  it('sends the structure’s figures once a week, with the CSV attached', async () => {
    await t.request('PUT', PATH, { as: 'admin' });
    await Promise.all([run(), run()]);
    const sent = to(t.users.admin.email);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.subject).toMatch(/^Suivi de la formation — .+, \d{1,2} \S+ \d{4}$/);
    expect(mail.text).toContain('- Inscrits : 14');
    expect(mail.text).toContain('- Terminés : 5 (taux de réussite : 36 %)');
    expect(mail.text).toContain('- « Accueil ; sécurité » : 10 inscrits, 5 terminés (50 %), 2 en retard, 1 à risque');
    expect(mail.text).toContain(`${t.config.appUrl}#/learning`);
    expect(mail.text).toContain(`${t.config.appUrl}#/unsubscribe?token=`);
    expect(mail.text).not.toContain(marker);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      [expect.stringMatching(/^suivi-formation-\d{4}-\d{2}-\d{2}\.csv$/), 'text/csv; charset=utf-8'],
    ]);
    expect(csvOf(mail)).toBe(
      CSV_BOM +
        [
          'Parcours;Inscrits;Commencés;Terminés;En retard;À risque;Taux de réussite (%)',
          `'=Formule douteuse;4;1;0;1;2;0`,
          '"Accueil ; sécurité";10;8;5;2;1;50',
          'Total;14;9;5;3;3;36',
          '',
        ].join('\r\n'),
    );
    expect((await t.request('GET', PATH, { as: 'admin' })).json.lastSentAt).toEqual(expect.any(String));

    mails.length = 0;
    await weekAgo(t.users.admin.id, 6.9);
    await run();
    expect(to(t.users.admin.email)).toEqual([]);
    await weekAgo(t.users.admin.id, 7.01);
    await run();
    await run();
    expect(to(t.users.admin.email)).toHaveLength(1);
  });

  it('tries a failed report again at the next run', async () => {
    await weekAgo(t.users.admin.id, 8);
    failNext = 1;
    expect((await run()).failed).toBe(1);
    expect(to(t.users.admin.email)).toEqual([]);
    await run();
    expect(to(t.users.admin.email)).toHaveLength(1);
  });

  it('goes to no one who opted out, lost the right to the figures, or ended the subscription', async () => {
    await weekAgo(t.users.admin.id, 8);
    const token = links.optOuts.issue(t.users.admin.id, 'learning_reports');
    const optedOut = await t.request('POST', '/api/unsubscribe', { body: { token } });
    expect(optedOut.status, optedOut.body).toBe(200);
    expect(optedOut.json.topic).toBe('learning_reports');
    await run();
    expect(to(t.users.admin.email)).toEqual([]);
    await t.db.query(`DELETE FROM mail_opt_outs WHERE user_id = $1`, [t.users.admin.id]);

    // A subscriber who is no longer the structure's administrator gets nothing of it.
    const [member] = await t.db.query<{ id: number; email: string }>(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id)
       VALUES ($1, 'Ex', 'Admin', 'admin', '{ROLE_USER}', $2) RETURNING id, email`,
      [`ex-admin-${randomUUID()}@exemple.fr`, A],
    );
    await t.db.query(`INSERT INTO report_subscriptions (company_id, user_id) VALUES ($1, $2)`, [A, member.id]);
    await run();
    expect(to(member.email)).toEqual([]);
    expect(to(t.users.admin.email)).toHaveLength(1);

    mails.length = 0;
    await t.request('DELETE', PATH, { as: 'admin' });
    await weekAgo(t.users.admin.id, 8);
    await run();
    expect(to(t.users.admin.email)).toEqual([]);
  });
});
