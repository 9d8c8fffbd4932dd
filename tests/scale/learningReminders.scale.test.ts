import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../server/auth/mailer.ts';
import { sendDueReminders } from '../../server/learning/reminders.ts';
import { OptOutTokens } from '../../server/notify/optOuts.ts';
import { freePort } from '../support/freePort.ts';
import { sleep } from './support/client.ts';
import { startCluster, type ScaleCluster } from './support/cluster.ts';

/**
 * A due reminder leaves once across three server processes on one PostgreSQL: their job runs every second
 * (whichever process claims it), and three more runs of the same job go at once from outside, over the same
 * database, through the same SMTP server. Each learner and supervisor receives exactly one mail, and one row
 * of learning_reminders says it was sent.
 */
const LEARNERS = 24;
const JOB_LEASE_SECONDS = 4;

let cluster: ScaleCluster;
let smtp: SMTPServer;
let smtpUrl: string;
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((address) => address.address));
        callback();
      });
    },
  });
  const port = await freePort();
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpUrl = `smtp://127.0.0.1:${port}`;
  cluster = await startCluster({
    env: { SMTP_URL: smtpUrl, LEARNING_REMINDERS_SECONDS: '1', JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS) },
  });
});
afterAll(async () => {
  await cluster?.stop();
  await new Promise((resolve) => smtp?.close(() => resolve(undefined)));
});

describe('reminders over three processes', () => {
  it('sends each due reminder exactly once', async () => {
    const [{ company_id: company }] = await cluster.sql<{ company_id: number }>(
      `SELECT company_id FROM users WHERE email = 'admin@demo.fr'`,
    );
    const tag = randomUUID().slice(0, 8);
    const [supervisor] = await cluster.sql<{ id: number; email: string }>(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id)
       VALUES ($1, 'Chef', 'Équipe', 'contributor', '{ROLE_USER}', $2) RETURNING id, email`,
      [`chef-${tag}@exemple.fr`, company],
    );
    const learners = await cluster.sql<{ id: number; email: string }>(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id)
       SELECT 'apprenant-' || n || '-' || $1 || '@exemple.fr', 'Apprenant', 'N' || n, 'contributor', '{ROLE_USER}', $2
         FROM generate_series(1, $3::int) n RETURNING id, email`,
      [tag, company, LEARNERS],
    );
    const [course] = await cluster.sql<{ id: number }>(
      `INSERT INTO courses (title, company_id) VALUES ('Rappels en grappe', $1) RETURNING id`,
      [company],
    );
    await cluster.sql(
      `INSERT INTO user_supervisions (supervisor_id, learner_id, company_id)
       SELECT $1, l, $2 FROM unnest($3::int4[]) l`,
      [supervisor.id, company, learners.slice(0, 3).map((learner) => learner.id)],
    );
    // Watch which process holds the job as it runs.
    const claimers = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const [row] = await cluster.sql<{ claimed_by: string | null }>(
          `SELECT claimed_by FROM scheduled_jobs WHERE name = 'learning-reminders'`,
        );
        if (row?.claimed_by) claimers.add(row.claimed_by);
        await sleep(50);
      }
    })();
    // Due in half a day, the first three with a copy to their supervisor: all at once.
    await cluster.sql(
      `INSERT INTO participations (user_id, course_id, due_at, remind_supervisor, company_id)
       SELECT l, $1, now() + interval '12 hours', o <= 3, $2 FROM unnest($3::int4[]) WITH ORDINALITY AS x(l, o)`,
      [course.id, company, learners.map((learner) => learner.id)],
    );
    // And the same job from outside the processes, three runs at once, on the same database and SMTP server.
    const outside = { query: cluster.sql } as Parameters<typeof sendDueReminders>[0];
    const links = { appUrl: cluster.url, apiUrl: cluster.url, optOuts: new OptOutTokens(cluster.jwtSecret) };
    const mailer = new SmtpMailer(smtpUrl);
    await Promise.all([1, 2, 3].map(() => sendDueReminders(outside, mailer, links)));

    const expected = [...learners.map((learner) => learner.email), supervisor.email];
    const deadline = Date.now() + 30_000;
    while (!expected.every((email) => received.includes(email)) && Date.now() < deadline) await sleep(200);
    // Several more periods of the job, on whichever processes: nothing more goes.
    await sleep(6_000);
    watching = false;
    await watch;

    const counts = new Map<string, number>();
    for (const email of received) counts.set(email, (counts.get(email) ?? 0) + 1);
    expect(Object.fromEntries(expected.map((email) => [email, counts.get(email) ?? 0]))).toEqual(
      Object.fromEntries(expected.map((email) => [email, email === supervisor.email ? 3 : 1])),
    );
    const rows = await cluster.sql<{ stage: string; sent: boolean; n: string }>(
      `SELECT stage, sent_at IS NOT NULL AS sent, count(*) AS n FROM learning_reminders r
         JOIN participations p ON p.id = r.participation_id WHERE p.course_id = $1 GROUP BY 1, 2`,
      [course.id],
    );
    expect(rows.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { stage: 'due_today', sent: true, n: LEARNERS + 3 },
    ]);
    const [job] = await cluster.sql<{ runs_recent: boolean; last_error: string | null }>(
      `SELECT last_finished_at > now() - interval '5 seconds' AS runs_recent, last_error FROM scheduled_jobs
        WHERE name = 'learning-reminders'`,
    );
    expect(job).toEqual({ runs_recent: true, last_error: null });
    console.log(`learning-reminders was held by ${claimers.size} process(es) during the test`);
  });
});
