import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { runInScope } from '../../server/db/scope.ts';
import { LiveHub } from '../../server/live/liveHub.ts';
import { MENTION_MAILS_PER_RECIPIENT, MENTIONS_PER_NOTE, type MentionInbox } from '../../src/domain/mentions.ts';
import { createTestApp, type RequestOptions, type TestApp } from './support/testApp.ts';

/**
 * Mentions in a ticket's internal notes: who may be mentioned (the staff who read the ticket's notes, of
 * its structure or the platform's, never its author), the notification each mentioned colleague gets (the
 * bell, an e-mail, a live event for them alone), and the bell's rows kept to their user and structure.
 */
let t: TestApp;
const mails: Mail[] = [];
/** A second agent of the admin persona's structure ("B"), and another structure's administrator. */
let colleague: { id: number; email: string; token: string };
let stranger: { id: number; token: string; company: number };

async function signAs(email: string) {
  const [user] = await t.db.query<{ id: number; roles: string[]; company_id: number | null; session_version: number }>(
    'SELECT id, roles, company_id, session_version FROM users WHERE email = $1',
    [email],
  );
  const token = await t.tokens.sign({
    role: user.roles,
    company: user.company_id,
    employeeId: user.id,
    username: email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(user.session_version),
  });
  return { id: user.id, token, company: user.company_id as number };
}

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
  const email = 'claire.moreau@mentions.test';
  await t.db.query(
    `INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, company_id)
     VALUES ($1, 'Claire', 'Moreau', 'admin', '{ROLE_ADMIN}', true, 'fr', $2)`,
    [email, t.users.admin.company],
  );
  colleague = { ...(await signAs(email)), email };
  stranger = await signAs('admin@transports-morel.fr');
});
afterAll(async () => {
  await t?.close();
});

async function expectStatus(method: string, url: string, status: number, options: RequestOptions = {}) {
  const answer = await t.request(method, url, options);
  expect(answer.status, `${method} ${url}: ${answer.body}`).toBe(status);
  return answer.json;
}

const inboxOf = async (options: RequestOptions) =>
  (await expectStatus('GET', '/api/mentions', 200, { ...options, accept: 'application/json' })) as MentionInbox;

/** The contributor's own bug ticket: its author is no staff. */
async function bugTicket(subject: string) {
  return (await expectStatus('POST', '/api/tickets', 201, { as: 'contributor', body: { type: 1, subject } })) as {
    id: number;
  };
}

const note = (ticket: number, content: string, mentions: unknown[], options: RequestOptions = { as: 'admin' }) =>
  t.request('POST', `/api/tickets/${ticket}/notes`, { ...options, body: { content, mentions } });

describe('a note with mentions', () => {
  it('notifies exactly the mentioned staff, in the app and by e-mail, and never the ticket’s author', async () => {
    const ticket = await bugTicket('Le module 3 ne s’ouvre pas');
    const candidates = (await expectStatus('GET', `/api/tickets/${ticket.id}/mention-candidates`, 200, {
      as: 'admin',
      accept: 'application/json',
    })) as { id: number; name: string }[];
    const offered = candidates.map((candidate) => candidate.id);
    expect(offered).toContain(colleague.id);
    expect(offered).toContain(t.users.superadmin.id);
    // Neither the author (a contributor, who reads no note) nor oneself, nor another structure's staff.
    expect(offered).not.toContain(t.users.contributor.id);
    expect(offered).not.toContain(t.users.admin.id);
    expect(offered).not.toContain(stranger.id);
    const searched = (await expectStatus('GET', `/api/tickets/${ticket.id}/mention-candidates?q=claire%20mor`, 200, {
      as: 'admin',
      accept: 'application/json',
    })) as { id: number; name: string }[];
    expect(searched).toEqual([{ id: colleague.id, name: 'Claire Moreau' }]);

    mails.length = 0;
    const text = '@Claire Moreau peux-tu vérifier les droits du module 3 ? Le client attend.';
    const written = await note(ticket.id, text, [colleague.id, `/api/users/${t.users.superadmin.id}`]);
    expect(written.status, written.body).toBe(201);
    expect(written.json).toMatchObject({ content: text, ticket: `/api/tickets/${ticket.id}` });

    // The colleague's bell: one unread mention, with the ticket, who, when and an excerpt.
    const bell = await inboxOf({ token: colleague.token });
    expect(bell.unread).toBe(1);
    expect(bell.items[0]).toMatchObject({
      ticket: { id: ticket.id, subject: 'Le module 3 ne s’ouvre pas' },
      note: written.json.id,
      author: { id: t.users.admin.id, name: 'Antoine Durand' },
      excerpt: text,
      readAt: null,
    });
    expect(Date.parse(bell.items[0].createdAt)).not.toBeNaN();
    expect((await inboxOf({ as: 'superadmin' })).items.map((item) => item.note)).toContain(written.json.id);
    // The writer and the author: nothing.
    expect((await inboxOf({ as: 'admin' })).items.map((item) => item.note)).not.toContain(written.json.id);
    expect((await inboxOf({ as: 'contributor' })).items).toEqual([]);

    // One e-mail each to the mentioned, none to the author.
    expect(mails.map((mail) => mail.to).sort()).toEqual([colleague.email, t.users.superadmin.email].sort());
    expect(mails[0].subject).toContain('Le module 3 ne s’ouvre pas');
    expect(mails[0].text).toContain('peux-tu vérifier les droits');
    expect(mails[0].text).toContain(`#/tickets/${ticket.id}/show`);

    // The author reads no note: not in the list, not in the thread.
    await expectStatus('GET', `/api/notes-bo?ticket=${ticket.id}`, 403, { as: 'contributor' });
    const thread = await expectStatus('GET', `/api/tickets/${ticket.id}`, 200, { as: 'contributor' });
    expect(JSON.stringify(thread)).not.toContain('peux-tu vérifier');

    // The live event is for the colleague alone: not for the writer, nor for the author.
    const hub = new LiveHub(t.db);
    const structure = { structure: t.users.admin.company, allStructures: false };
    const mentionsFor = async (userId: number, staff: boolean) =>
      (await hub.replay(0, { userId, staff, structure })).events.filter((event) => event.topic === 'mentions');
    expect((await mentionsFor(colleague.id, true)).map((event) => event.data)).toContainEqual({
      kind: 'mention',
      ticket: ticket.id,
      mention: bell.items[0].id,
    });
    expect(await mentionsFor(t.users.admin.id, true)).toEqual([]);
    expect(await mentionsFor(t.users.contributor.id, false)).toEqual([]);
  });

  it('reaches the mentioned colleague’s live streams through NOTIFY, and nobody else’s', async () => {
    const ticket = await bugTicket('En direct');
    // A hub of its own: on PostgreSQL its LISTEN is another connection than the writer's, as another
    // server process's would be.
    const hub = new LiveHub(t.db);
    await hub.start();
    try {
      const structure = { structure: t.users.admin.company, allStructures: false };
      const heard = new Map<number, unknown[]>();
      for (const [userId, staff] of [
        [colleague.id, true],
        [t.users.admin.id, true],
        [t.users.contributor.id, false],
      ] as const) {
        heard.set(userId, []);
        hub.subscribe({ userId, staff, structure }, (event) => {
          if (event.topic === 'mentions') heard.get(userId)!.push(event.data);
        });
      }
      const written = await note(ticket.id, 'Regarde ça', [colleague.id]);
      expect(written.status).toBe(201);
      await expect.poll(() => heard.get(colleague.id)!.length, { timeout: 5_000 }).toBe(1);
      expect(heard.get(colleague.id)![0]).toMatchObject({ kind: 'mention', ticket: ticket.id });
      // An event is handed to every listener in one pass: had it been theirs, the writer and the author would
      // hold it by now.
      expect(heard.get(t.users.admin.id)).toEqual([]);
      expect(heard.get(t.users.contributor.id)).toEqual([]);
    } finally {
      await hub.stop();
    }
  });

  it('refuses to mention the ticket’s author, even staff', async () => {
    const ticket = (await expectStatus('POST', '/api/tickets', 201, {
      as: 'admin',
      body: { type: 2, subject: 'Facturation' },
    })) as { id: number };
    mails.length = 0;
    const refused = await note(ticket.id, '@Antoine Durand regarde', [t.users.admin.id], { token: colleague.token });
    expect(refused.status).toBe(422);
    expect(refused.json.violations).toEqual([expect.objectContaining({ propertyPath: 'mentions' })]);
    expect(mails).toEqual([]);
  });

  it('refuses a stranger (another structure’s staff, a learner) with a 422 on `mentions`, writing nothing', async () => {
    const ticket = await bugTicket('Étrangers');
    mails.length = 0;
    for (const who of [stranger.id, t.users.contributor.id, 999_999]) {
      const refused = await note(ticket.id, 'Une note', [who]);
      expect(refused.status, refused.body).toBe(422);
      expect(refused.json.violations).toEqual([
        {
          propertyPath: 'mentions',
          code: 'not_mentionable',
          message: 'Seuls les membres du support qui voient ce ticket peuvent être mentionnés.',
        },
      ]);
    }
    const notes = await t.db.query('SELECT id FROM notes WHERE ticket_id = $1', [ticket.id]);
    expect(notes).toEqual([]);
    expect(mails).toEqual([]);
    // A mention that names no user at all, and too many at once.
    for (const mentions of [['/api/courses/1'], Array.from({ length: MENTIONS_PER_NOTE + 1 }, () => colleague.id)]) {
      const refused = await note(ticket.id, 'Une note', mentions);
      expect(refused.status, refused.body).toBe(422);
      expect(refused.json.violations[0].propertyPath).toBe('mentions');
    }
  });

  it('bounds the mention e-mails a colleague receives; the bell still counts every mention', async () => {
    const ticket = await bugTicket('Beaucoup de mentions');
    await t.db.query(`DELETE FROM rate_buckets WHERE key LIKE 'mention-mail:%'`);
    mails.length = 0;
    const before = (await inboxOf({ token: colleague.token })).unread;
    for (let n = 0; n <= MENTION_MAILS_PER_RECIPIENT; n++)
      expect((await note(ticket.id, `Relance ${n}`, [colleague.id])).status).toBe(201);
    expect(mails.filter((mail) => mail.to === colleague.email)).toHaveLength(MENTION_MAILS_PER_RECIPIENT);
    expect((await inboxOf({ token: colleague.token })).unread).toBe(before + MENTION_MAILS_PER_RECIPIENT + 1);
    await t.request('POST', '/api/mentions/read-all', { token: colleague.token });
  });
});

describe('the bell', () => {
  it('is its user’s alone: another user can neither read nor mark it', async () => {
    const ticket = await bugTicket('Lecture');
    const written = await note(ticket.id, 'Pour Claire', [colleague.id]);
    expect(written.status).toBe(201);
    const [mine] = (await inboxOf({ token: colleague.token })).items;
    expect(mine).toMatchObject({ note: written.json.id, readAt: null });

    // The writer marks nothing of the colleague's: not the one, not all.
    await expectStatus('PUT', `/api/mentions/${mine.id}/read`, 404, { as: 'admin' });
    await expectStatus('PUT', `/api/mentions/${mine.id}/read`, 404, { as: 'superadmin' });
    await expectStatus('POST', '/api/mentions/read-all', 204, { as: 'admin' });
    expect((await inboxOf({ token: colleague.token })).items[0]).toMatchObject({ id: mine.id, readAt: null });

    // Row-level security holds it too: the writer's own statements read none of it.
    const asWriter = await runInScope(
      { structure: t.users.admin.company, platform: false, userId: t.users.admin.id },
      () => t.appDb.query('SELECT id FROM mention_notifications WHERE id = $1', [mine.id]),
    );
    expect(asWriter).toEqual([]);
    const marked = await runInScope(
      { structure: t.users.admin.company, platform: true, userId: t.users.admin.id },
      () => t.appDb.query('UPDATE mention_notifications SET read_at = now() WHERE id = $1 RETURNING id', [mine.id]),
    );
    expect(marked).toEqual([]);
    // Nor may anyone write a mention in another's name.
    await expect(
      runInScope({ structure: t.users.admin.company, platform: false, userId: t.users.admin.id }, () =>
        t.appDb.query(
          `INSERT INTO mention_notifications (user_id, company_id, note_id, ticket_id, author_id, excerpt)
           VALUES ($1, $2, $3, $4, $5, 'faux')`,
          [colleague.id, t.users.admin.company, written.json.id, ticket.id, colleague.id],
        ),
      ),
    ).rejects.toThrow();

    // Its user marks one read, then all.
    await expectStatus('PUT', `/api/mentions/${mine.id}/read`, 204, { token: colleague.token });
    const after = await inboxOf({ token: colleague.token });
    expect(after.items[0]).toMatchObject({ id: mine.id, readAt: expect.any(String) });
    expect(after.unread).toBe(0);
    expect((await note(ticket.id, 'Encore', [colleague.id])).status).toBe(201);
    expect((await inboxOf({ token: colleague.token })).unread).toBe(1);
    await expectStatus('POST', '/api/mentions/read-all', 204, { token: colleague.token });
    expect((await inboxOf({ token: colleague.token })).unread).toBe(0);
  });

  it('shows another structure nothing', async () => {
    const ticket = await bugTicket('Confidentiel');
    expect((await note(ticket.id, 'Pour la plateforme', [t.users.superadmin.id])).status).toBe(201);
    const elsewhere = { token: stranger.token };
    await expectStatus('GET', `/api/tickets/${ticket.id}/mention-candidates`, 404, elsewhere);
    expect((await note(ticket.id, 'Intrus', [], elsewhere)).status).toBe(404);
    expect((await note(ticket.id, 'Intrus', [t.users.superadmin.id], elsewhere)).status).toBe(404);
    expect((await inboxOf(elsewhere)).items).toEqual([]);
    // Platform staff working in another structure see that structure's mentions only.
    const inMorel = await inboxOf({ as: 'superadmin', headers: { 'x-structure': String(stranger.company) } });
    expect(inMorel.items.map((item) => item.ticket.id)).not.toContain(ticket.id);
    const inAcademy = await inboxOf({ as: 'superadmin', headers: { 'x-structure': String(t.users.admin.company) } });
    expect(inAcademy.items.map((item) => item.ticket.id)).toContain(ticket.id);
    // The author is no staff: a contributor may not ask for candidates nor write a note.
    await expectStatus('GET', `/api/tickets/${ticket.id}/mention-candidates`, 403, { as: 'contributor' });
    expect((await note(ticket.id, 'Moi', [], { as: 'contributor' })).status).toBe(403);
  });
});
