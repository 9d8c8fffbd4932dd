import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '../../src/domain/csvExport.ts';
import { OutboxMailer, SmtpMailer } from '../../server/auth/mailer.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The learning mails through SMTP (SMTP_URL set, so the app's own SmtpMailer), delivered by the app's own
 * periodic jobs to a real SMTP server (smtp-server) on 127.0.0.1: a reminder with its one-click opt-out
 * header fields, and the weekly report with its CSV attached, as a mail client receives them; and the outbox's
 * .eml of the same, readable as a mail.
 */
interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as { port: number };
  // A short lease: the scheduler looks for due jobs every second.
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, jobLeaseSeconds: 4 } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => smtp?.close(() => resolve(undefined)));
});

/** A message's header fields, unfolded, and its body. */
function parse(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** Quoted-printable's `=XX` escapes as the bytes they stand for. */
const unquoted = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/** A header's RFC 2047 encoded words as their text (the space between two of them is no text). */
const words = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : unquoted(text.replace(/_/g, ' '))).toString('utf8'),
    );
function decoded(part: { headers: Map<string, string>; body: string }): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return unquoted(part.body.replace(/=\r\n/g, ''));
  return Buffer.from(part.body, 'utf8');
}
function parts(message: { headers: Map<string, string>; body: string }) {
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [message];
  return (
    message.body
      .split(`--${boundary}`)
      .slice(1, -1)
      // The line break before each delimiter is the delimiter's.
      .map((part) => parse(part.replace(/^\r\n/, '').replace(/\r\n$/, '')))
  );
}

async function arrived(email: string, timeoutMs = 30_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((mail) => mail.to.includes(email));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the learning mails through SMTP', () => {
  it('delivers a reminder and a weekly report with its CSV, sent by the jobs', async () => {
    const company = Number(t.users.admin.company);
    const [learner] = await t.db.query<{ id: number; email: string }>(
      `INSERT INTO users (email, first_name, last_name, type, roles, company_id)
       VALUES ($1, 'Zoé', 'Courriel', 'contributor', '{ROLE_USER}', $2) RETURNING id, email`,
      [`zoe-${randomUUID()}@exemple.fr`, company],
    );
    const [course] = await t.db.query<{ id: number }>(
      `INSERT INTO courses (title, company_id) VALUES ('Gestes et postures', $1) RETURNING id`,
      [company],
    );
    await t.db.query(
      `INSERT INTO participations (user_id, course_id, due_at, company_id) VALUES ($1, $2, now() + interval '12 hours', $3)`,
      [learner.id, course.id, company],
    );
    await t.db.query(
      `INSERT INTO learning_course_stats (company_id, course_id, enrolled, started, completed, late, at_risk)
       VALUES ($1, $2, 12, 9, 6, 2, 1)`,
      [company, course.id],
    );
    expect((await t.request('PUT', '/api/learning/report-subscription', { as: 'admin' })).status).toBe(200);
    await t.db.query(
      `UPDATE scheduled_jobs SET due_at = now() WHERE name IN ('learning-reminders', 'learning-weekly-report')`,
    );

    const reminder = parse((await arrived(learner.email)).raw);
    expect(words(reminder.headers.get('subject') ?? '')).toBe('Échéance aujourd’hui : « Gestes et postures »');
    expect(reminder.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/);
    expect(reminder.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const text = decoded(parts(reminder)[0]).toString('utf8');
    expect(text).toContain('Votre parcours « Gestes et postures » est à terminer au plus tard le');
    // The one-click address is the API's own: posting it stops the reminders, without a session.
    const oneClick = new URL(reminder.headers.get('list-unsubscribe')!.slice(1, -1));
    const answer = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode, answer.body).toBe(200);

    const report = parse((await arrived(t.users.admin.email)).raw);
    expect(report.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(words(report.headers.get('subject') ?? '')).toMatch(/^Suivi de la formation — /);
    const [body, attachment] = parts(report);
    // The seed's own figures come with the course's (the demo structure has learners already).
    expect(decoded(body).toString('utf8')).toContain(
      '- « Gestes et postures » : 12 inscrits, 6 terminés (50 %), 2 en retard, 1 à risque',
    );
    expect(attachment.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?suivi-formation-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    expect(attachment.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = decoded(attachment).toString('utf8');
    expect(csv.startsWith(`${CSV_BOM}Parcours;Inscrits;Commencés;Terminés;En retard;À risque;`)).toBe(true);
    expect(csv).toContain('Gestes et postures;12;9;6;2;1;50\r\n');
  });
});

describe('a mail with a file and header fields', () => {
  const mail = {
    to: 'camille@exemple.fr',
    subject: 'Suivi de la formation',
    text: 'Bonjour,\nle détail est joint.',
    attachments: [
      {
        filename: 'suivi-été.csv',
        content: `${CSV_BOM}Parcours;Inscrits\r\nÉté;3\r\n`,
        contentType: 'text/csv; charset=utf-8',
      },
    ],
    headers: { 'List-Unsubscribe': '<https://exemple.fr/api/unsubscribe?token=x>' },
  };

  it('is written to the outbox as a multipart/mixed .eml', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      await new OutboxMailer(dir, () => undefined).send(mail);
      const [file] = await readdir(dir);
      const message = parse(await readFile(join(dir, file), 'utf8'));
      expect(message.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary="[^"]+"$/);
      expect(message.headers.get('list-unsubscribe')).toBe('<https://exemple.fr/api/unsubscribe?token=x>');
      const [text, csv] = parts(message);
      expect(decoded(text).toString('utf8')).toBe('Bonjour,\nle détail est joint.\r\n');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''suivi-%C3%A9t%C3%A9.csv`);
      expect(decoded(csv).toString('utf8')).toBe(mail.attachments[0].content);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a header field that would add lines of its own', async () => {
    const forged = { ...mail, headers: { 'List-Unsubscribe': '<https://x>\r\nBcc: autre@exemple.fr' } };
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      await expect(new OutboxMailer(dir, () => undefined).send(forged)).rejects.toThrow(/header/);
      await expect(new SmtpMailer('smtp://127.0.0.1:1').send(forged)).rejects.toThrow(/header/);
      await expect(
        new OutboxMailer(dir, () => undefined).send({ ...mail, headers: { Subject: 'Autre' } }),
      ).rejects.toThrow(/header/);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
