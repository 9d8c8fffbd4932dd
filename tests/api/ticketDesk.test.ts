import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../../server/tickets/ticketNotifier.ts';
import { listening, openEventStream, type Frame } from './support/eventStream.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * The support desk's server side: the author is notified of replies (templates, locale, outbox,
 * every delivery recorded), the agenda and notifications of a ticket, the follow-up date, and the live
 * events streamed to the back-office (stream tickets, rights, Last-Event-ID replay).
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listening(t);
});
afterAll(async () => {
  await t?.close();
});

async function bugTicket(subject: string): Promise<number> {
  const created = await t.request('POST', '/api/tickets', { as: 'contributor', body: { type: 1, subject } });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

const reply = (id: number, message: string, status: string, as: Persona = 'admin') =>
  t.request('PUT', `/api/tickets/${id}/add-message`, { as, body: { message, status } });

async function outboxMails(to: string): Promise<{ subject: string; text: string }[]> {
  const dir = join(t.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails = [];
  for (const file of files) {
    const eml = await readFile(join(dir, file), 'utf8');
    const header = (name: string) =>
      (
        /^([^:]+): (.*)$/m.exec(eml.split('\r\n').find((line) => line.startsWith(`${name}: `)) ?? '')?.[2] ?? ''
      ).replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, base64: string) => Buffer.from(base64, 'base64').toString('utf8'));
    if (header('To') === to)
      mails.push({ subject: header('Subject'), text: eml.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
  }
  return mails;
}

describe('notifications to the author', () => {
  it('fills {{variables}}, leaving unknown ones empty', () => {
    expect(
      renderTemplate('Bonjour {{firstName}}, {{ missing }}!{{ticketSubject}}', {
        firstName: 'Léa',
        ticketSubject: 'X',
      }),
    ).toBe('Bonjour Léa, !X');
  });

  it('e-mails the author from the template of each status, in their locale, and records every delivery', async () => {
    const id = await bugTicket('Notification de test');
    const to = t.users.contributor.email;
    const before = (await outboxMails(to)).length;

    expect((await reply(id, 'Nous regardons.', 'created')).status).toBe(200);
    expect((await reply(id, 'Corrigé.', 'treated')).status).toBe(200);
    await t.db.query(`UPDATE users SET locale = 'en' WHERE id = $1`, [t.users.contributor.id]);
    try {
      expect((await reply(id, 'Closing it.', 'closed')).status).toBe(200);
    } finally {
      await t.db.query(`UPDATE users SET locale = 'fr' WHERE id = $1`, [t.users.contributor.id]);
    }

    const mails = (await outboxMails(to)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Nouvelle réponse à votre demande « Notification de test »',
      'Votre demande « Notification de test » a été traitée',
      'Your request “Notification de test” is closed',
    ]);
    expect(mails[1].text).toContain('Antoine Durand a traité votre demande');
    expect(mails[1].text).toContain('Corrigé.');

    const list = await t.request('GET', `/api/tickets/${id}/notifications`, {
      as: 'admin',
      accept: 'application/json',
    });
    expect(list.status).toBe(200);
    expect(list.json.map((row: { template: string }) => row.template)).toEqual([
      'ticket_closed_en',
      'ticket_treated_fr',
      'ticket_reply_fr',
    ]);
    expect(list.json[0]).toMatchObject({
      channel: 'email',
      to,
      status: 'sent',
      error: null,
      subject: 'Your request “Notification de test” is closed',
    });
  });

  it('records a failed delivery with its reason, and never fails the reply', async () => {
    const id = await bugTicket('Sans modèle');
    await t.db.query(`UPDATE notification_templates SET enabled = false WHERE code LIKE 'ticket_treated%'`);
    try {
      expect((await reply(id, 'Traité.', 'treated')).status).toBe(200);
    } finally {
      await t.db.query(`UPDATE notification_templates SET enabled = true WHERE code LIKE 'ticket_treated%'`);
    }
    const [delivery] = (await t.request('GET', `/api/tickets/${id}/notifications`, { as: 'admin' })).json;
    expect(delivery).toMatchObject({ template: 'ticket_treated_fr', status: 'failed' });
    expect(delivery.error).toMatch(/No enabled e-mail template ticket_treated_fr/);
  });

  it("sends nothing for one's own message, and keeps the ticket's internals from contributors", async () => {
    const id = await bugTicket('Mon propre message');
    expect((await reply(id, 'Précision de ma part.', 'created', 'contributor')).status).toBe(200);
    expect((await t.request('GET', `/api/tickets/${id}/notifications`, { as: 'admin' })).json).toEqual([]);
    expect((await t.request('GET', `/api/tickets/${id}/notifications`, { as: 'contributor' })).status).toBe(403);
    expect((await t.request('GET', `/api/tickets/${id}/agenda`, { as: 'contributor' })).status).toBe(403);
    expect((await t.request('GET', '/api/tickets/999999/agenda', { as: 'admin' })).status).toBe(404);
  });
});

describe('agenda and follow-up', () => {
  it('lists the opening, messages, status changes, notes and notifications, newest first', async () => {
    const id = await bugTicket('Agenda de test');
    await reply(id, 'Premier message', 'created', 'contributor');
    await reply(id, 'Réglé', 'treated');
    expect(
      (
        await t.request('POST', '/api/notes-bo', {
          as: 'admin',
          body: { content: 'Note interne', ticket: `/api/tickets/${id}` },
        })
      ).status,
    ).toBe(201);
    const agenda = await t.request('GET', `/api/tickets/${id}/agenda`, { as: 'admin' });
    expect(agenda.status).toBe(200);
    expect(agenda.json.map((entry: { kind: string }) => entry.kind)).toEqual([
      'note',
      'notification',
      'status',
      'message',
      'message',
      'opened',
    ]);
    expect(agenda.json[2]).toMatchObject({
      kind: 'status',
      status: 'treated',
      previous: 'created',
      actor: { name: 'Antoine Durand' },
    });
    expect(agenda.json.at(-1)).toMatchObject({
      kind: 'opened',
      text: 'Agenda de test',
      actor: { name: 'Camille Bernard' },
    });
  });

  it('lets staff set a follow-up date, sort and filter on it; a contributor cannot set it', async () => {
    const id = await bugTicket('Relance de test');
    const today = new Date();
    today.setHours(9, 0, 0, 0);
    const set = await t.request('PUT', `/api/tickets/${id}`, {
      as: 'admin',
      body: { followUpAt: today.toISOString() },
    });
    expect(set.status).toBe(200);
    expect(new Date(set.json.followUpAt).getTime()).toBe(today.getTime());
    const endOfDay = new Date(today);
    endOfDay.setHours(23, 59, 59, 999);
    const due = await t.request(
      'GET',
      `/api/tickets?followUpAt[before]=${encodeURIComponent(endOfDay.toISOString())}&order[followUpAt]=asc`,
      { as: 'admin', accept: 'application/json' },
    );
    expect(due.status).toBe(200);
    expect(due.json.some((ticket: { id: number }) => ticket.id === id)).toBe(true);

    await t.request('PUT', `/api/tickets/${id}`, {
      as: 'contributor',
      body: { followUpAt: null, subject: 'Relance de test (modifié)' },
    });
    const [row] = await t.db.query<{ follow_up_at: Date | null }>('SELECT follow_up_at FROM tickets WHERE id = $1', [
      id,
    ]);
    expect(row.follow_up_at).not.toBeNull();
  });
});

/** An SSE client over fetch as a persona: the frames it received so far, and a way to wait for one. */
const openStream = async (as: Persona, lastEventId?: string) =>
  openEventStream(t, baseUrl, await t.tokenFor(as), lastEventId);

const about = (id: number, kind?: string) => (frame: Frame) =>
  frame.event === 'tickets' && JSON.parse(frame.data).ticket === id && (!kind || JSON.parse(frame.data).kind === kind);

describe('live events', () => {
  it('refuses a stream without a valid ticket, and a ticket used twice', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/events?ticket=forged.signature`)).status).toBe(401);
    expect((await t.request('POST', '/api/events/ticket')).status).toBe(401);
    const { json } = await t.request('POST', '/api/events/ticket', { as: 'admin' });
    expect(json.expiresIn).toBe(60);
    // The stream ticket is no access token.
    expect((await t.request('GET', '/api/tickets', { token: json.ticket })).status).toBe(401);
    const controller = new AbortController();
    const first = await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(json.ticket)}`, {
      signal: controller.signal,
    });
    expect(first.status).toBe(200);
    expect((await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(json.ticket)}`)).status).toBe(401);
    controller.abort();
  });

  it("streams a ticket's changes to staff, and to its author without the internal ones", async () => {
    const staff = await openStream('admin');
    const author = await openStream('contributor');
    try {
      const id = await bugTicket('Suivi en direct');
      await staff.waitFor(about(id, 'created'));
      await reply(id, 'Réponse en direct', 'treated');
      const message = JSON.parse((await staff.waitFor(about(id, 'message'))).data);
      expect(message).toMatchObject({ ticket: id, type: 1 });
      await author.waitFor(about(id, 'message'));
      await t.request('POST', '/api/notes-bo', {
        as: 'admin',
        body: { content: 'Interne', ticket: `/api/tickets/${id}` },
      });
      await staff.waitFor(about(id, 'note'));
      // The author sees the reply and its status change, never the note nor the delivery.
      await author.waitFor(about(id, 'changed'));
      expect(author.frames.filter(about(id)).map((frame) => JSON.parse(frame.data).kind)).not.toContain('note');
      expect(author.frames.filter(about(id)).map((frame) => JSON.parse(frame.data).kind)).not.toContain('notification');

      // A support ticket is not the contributor's: nothing of it reaches them.
      const [support] = await t.db.query<{ id: number }>(
        'SELECT id FROM tickets WHERE type = 2 AND company_id = $1 ORDER BY id LIMIT 1',
        [t.users.admin.company],
      );
      await reply(support.id, 'Réponse au support', 'created');
      await staff.waitFor(about(support.id, 'message'));
      expect(author.frames.some(about(support.id))).toBe(false);
    } finally {
      staff.close();
      author.close();
    }
  });

  it('replays what a client missed after its Last-Event-ID', async () => {
    const id = await bugTicket('Rejeu');
    const first = await openStream('admin');
    await reply(id, 'Avant la coupure', 'created');
    const seen = await first.waitFor(about(id, 'message'));
    first.close();
    await reply(id, 'Pendant la coupure', 'treated');
    const again = await openStream('admin', seen.id);
    const missed = again.frames.filter(about(id));
    again.close();
    expect(missed.map((frame) => JSON.parse(frame.data).kind)).toEqual(expect.arrayContaining(['message', 'changed']));
    expect(missed.every((frame) => Number(frame.id) > Number(seen.id))).toBe(true);
  });

  it('ends a stream when its session ends (a demotion, a disable, a new password)', async () => {
    const stream = await openStream('admin');
    expect(stream.ended()).toBe(false);
    await t.db.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [t.users.admin.id]);
    await expect.poll(stream.ended, { timeout: 3_000 }).toBe(true);
  });
});

describe('the agenda records every change, whichever call made it', () => {
  it('lists a status set by an admin PUT and a follow-up date, with who', async () => {
    const created = await t.request('POST', '/api/tickets', {
      as: 'admin',
      body: { type: 2, subject: 'Agenda complet' },
    });
    const id = created.json.id;
    expect((await t.request('PUT', `/api/tickets/${id}`, { as: 'admin', body: { status: 'canceled' } })).status).toBe(
      200,
    );
    await t.request('PUT', `/api/tickets/${id}/add-message`, {
      as: 'admin',
      body: { message: 'Repris', status: 'treated' },
    });
    const followUp = new Date(Date.UTC(2030, 0, 15, 9)).toISOString();
    await t.request('PUT', `/api/tickets/${id}`, { as: 'admin', body: { followUpAt: followUp } });
    const agenda = await t.request('GET', `/api/tickets/${id}/agenda`, { as: 'admin', accept: 'application/json' });
    const changes = agenda.json
      .filter((entry: { kind: string }) => entry.kind === 'status' || entry.kind === 'follow_up')
      .map((entry: { kind: string; previous: string | null; status: string | null; actor: { id: number } | null }) => ({
        kind: entry.kind,
        previous: entry.previous,
        status: entry.status,
        actor: entry.actor?.id,
      }));
    expect(changes).toEqual([
      {
        kind: 'follow_up',
        previous: null,
        status: expect.stringMatching(/^2030-01-15T09:00:00/),
        actor: t.users.admin.id,
      },
      { kind: 'status', previous: 'canceled', status: 'treated', actor: t.users.admin.id },
      { kind: 'status', previous: 'created', status: 'canceled', actor: t.users.admin.id },
    ]);
  });
});
