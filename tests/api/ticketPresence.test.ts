import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { TicketPresence } from '../../server/tickets/ticketPresence.ts';
import {
  PRESENCE_BUDGET,
  PRESENCE_TOPIC,
  PRESENCE_TTL_SECONDS,
  TYPING_TTL_SECONDS,
  type PresenceEntry,
} from '../../src/domain/presence.ts';
import { listening, openEventStream, type EventStream, type Frame } from './support/eventStream.ts';
import { signedInMember } from './support/members.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Collision warnings: who else has a ticket open and who is typing, told live to the staff who may see the
 * ticket (its structure's, platform support) and to no one else; presence that expires; its own budget; and
 * the reply started before a newer message arrived, refused with that message unless forced.
 */
let t: TestApp;
let baseUrl: string;
/** Another support agent of the demo admin's structure. */
let colleague: { id: number; token: string };
/** The other structure's administrator. */
let stranger: string;
let admin: string;
let superadmin: string;
let author: string;

async function staffMember(firstName: string, lastName: string) {
  return signedInMember(t, { firstName, lastName, type: 'admin', role: 'ROLE_ADMIN' });
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listening(t);
  colleague = await staffMember('Claire', 'Moreau');
  const signIn = await t.request('POST', '/api/auth/token', {
    body: { login: 'admin@transports-morel.fr', password: DEMO_PASSWORD },
  });
  stranger = signIn.json.token as string;
  [admin, superadmin, author] = await Promise.all([
    t.tokenFor('admin'),
    t.tokenFor('superadmin'),
    t.tokenFor('contributor'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A bug ticket of the demo contributor, in the demo admin's structure. */
async function bugTicket(subject: string): Promise<number> {
  const created = await t.request('POST', '/api/tickets', { as: 'contributor', body: { type: 1, subject } });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

async function signal(ticket: number, state: string, token: string, status = 200): Promise<PresenceEntry[]> {
  const answer = await t.request('POST', `/api/tickets/${ticket}/presence`, { token, body: { state } });
  expect(answer.status, answer.body).toBe(status);
  return answer.json.present as PresenceEntry[];
}

const presenceOn =
  (ticket: number, state?: string) =>
  (frame: Frame): boolean =>
    frame.event === PRESENCE_TOPIC &&
    JSON.parse(frame.data).ticket === ticket &&
    (!state || JSON.parse(frame.data).state === state);

describe('presence', () => {
  it('tells the structure’s staff and platform support who has the ticket open and who types, never the others', async () => {
    const ticket = await bugTicket('Deux agents sur le même ticket');
    const streams: Record<'colleague' | 'platform' | 'stranger' | 'author', EventStream> = {
      colleague: await openEventStream(t, baseUrl, colleague.token),
      platform: await openEventStream(t, baseUrl, superadmin),
      stranger: await openEventStream(t, baseUrl, stranger),
      author: await openEventStream(t, baseUrl, author),
    };
    try {
      // Antoine opens it: nobody else is there yet; Claire's panel and platform support are told.
      expect(await signal(ticket, 'viewing', admin)).toEqual([]);
      for (const stream of [streams.colleague, streams.platform]) {
        const event = JSON.parse((await stream.waitFor(presenceOn(ticket, 'viewing'))).data);
        expect(event).toMatchObject({ ticket, user: { id: t.users.admin.id, name: 'Antoine Durand' } });
        expect(event.expiresIn).toBeGreaterThan(PRESENCE_TTL_SECONDS - 5);
        expect(event.expiresIn).toBeLessThanOrEqual(PRESENCE_TTL_SECONDS);
        expect(event.typingExpiresIn).toBeNull();
      }
      // The event has no id: it moves no client's Last-Event-ID, and nothing replays it.
      expect(streams.colleague.frames.find(presenceOn(ticket))!.id).toBeUndefined();

      // Claire opens it and is told Antoine is there; Antoine types, and she sees it.
      const present = await signal(ticket, 'viewing', colleague.token);
      expect(present).toEqual([
        {
          user: { id: t.users.admin.id, name: 'Antoine Durand' },
          expiresIn: expect.any(Number),
          typingExpiresIn: null,
        },
      ]);
      await signal(ticket, 'typing', admin);
      const typing = JSON.parse((await streams.colleague.waitFor(presenceOn(ticket, 'typing'))).data);
      expect(typing.typingExpiresIn).toBeGreaterThan(TYPING_TTL_SECONDS - 5);
      expect(typing.typingExpiresIn).toBeLessThanOrEqual(TYPING_TTL_SECONDS);
      // His next heartbeat keeps him typing.
      await signal(ticket, 'viewing', admin);
      expect((await signal(ticket, 'viewing', colleague.token))[0].typingExpiresIn).toBeGreaterThan(0);

      // He closes the panel: gone for Claire at once.
      await signal(ticket, 'left', admin);
      await streams.colleague.waitFor(presenceOn(ticket, 'left'));
      expect(await signal(ticket, 'viewing', colleague.token)).toEqual([]);

      // The other structure and the ticket's author got nothing of it: a later event of theirs came, not these.
      const theirs = await t.request('POST', '/api/tickets', {
        token: stranger,
        body: { type: 2, subject: 'Chez Morel' },
      });
      await streams.stranger.waitFor(
        (frame) => frame.event === 'tickets' && JSON.parse(frame.data).ticket === theirs.json.id,
      );
      await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
        token: admin,
        body: { message: 'Nous regardons.', status: 'created' },
      });
      await streams.author.waitFor((frame) => frame.event === 'tickets' && JSON.parse(frame.data).ticket === ticket);
      for (const stream of [streams.stranger, streams.author])
        expect(stream.frames.filter((frame) => frame.event === PRESENCE_TOPIC)).toEqual([]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('is support staff’s, on the tickets they may read', async () => {
    const ticket = await bugTicket('Hors de portée');
    // The author of the ticket has no presence to give.
    await signal(ticket, 'viewing', author, 403);
    // Another structure's staff find no such ticket, and paid for asking.
    await signal(ticket, 'viewing', stranger, 404);
    const paid = await t.db.query(
      `SELECT 1 FROM presence_budgets b JOIN users u ON u.id = b.user_id
        WHERE u.email = 'admin@transports-morel.fr' AND b.paid_until > now()`,
    );
    expect(paid).toHaveLength(1);
    await signal(ticket, 'dancing', admin, 422);
    expect((await t.request('POST', `/api/tickets/${ticket}/presence`, { body: { state: 'viewing' } })).status).toBe(
      401,
    );
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ticket_presence WHERE ticket_id = $1',
      [ticket],
    );
    expect(n).toBe(0);
  });

  it('expires: a panel that stopped saying so is no longer there, nor typing', async () => {
    const ticket = await bugTicket('Onglet fermé sans un mot');
    await signal(ticket, 'typing', admin);
    // The typing lapses first, the presence later (as time would pass).
    await t.db.query(`UPDATE ticket_presence SET typing_until = now() - interval '1 second' WHERE ticket_id = $1`, [
      ticket,
    ]);
    expect(await signal(ticket, 'viewing', colleague.token)).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ name: 'Antoine Durand' }), typingExpiresIn: null }),
    ]);
    await t.db.query(
      `UPDATE ticket_presence SET expires_at = now() - interval '1 second' WHERE ticket_id = $1 AND user_id = $2`,
      [ticket, t.users.admin.id],
    );
    expect(await signal(ticket, 'viewing', colleague.token)).toEqual([]);
    // The sweep drops the lapsed row, and only it.
    await TicketPresence.sweep(t.db);
    const rows = await t.db.query<{ user_id: number }>('SELECT user_id FROM ticket_presence WHERE ticket_id = $1', [
      ticket,
    ]);
    expect(rows).toEqual([{ user_id: colleague.id }]);
  });

  it('spends from a budget of its own, not from the user’s writes', async () => {
    const agent = await staffMember('Paul', 'Roux');
    const ticket = await bugTicket('Un panneau trop bavard');
    for (let index = 0; index < PRESENCE_BUDGET.burst; index++) await signal(ticket, 'typing', agent.token);
    // The burst spent, the next ones wait for the steady rate (one back every few seconds: a few may pass).
    let refused;
    for (let index = 0; index < PRESENCE_BUDGET.burst && !refused; index++) {
      const answer = await t.request('POST', `/api/tickets/${ticket}/presence`, {
        token: agent.token,
        body: { state: 'typing' },
      });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // None of the signals spent from the writes' budget: their replies still go.
    const budgetsOf = async (table: string) =>
      (await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1 AND paid_until > now()`, [agent.id])).length;
    expect(await budgetsOf('presence_budgets')).toBe(1);
    expect(await budgetsOf('write_budgets')).toBe(0);
    const reply = await t.request('PUT', `/api/tickets/${ticket}/add-message`, {
      token: agent.token,
      body: { message: 'Je prends.', status: 'created' },
    });
    expect(reply.status).toBe(200);
  });
});

describe('a reply started before a newer message', () => {
  const send = (ticket: number, token: string, body: Record<string, unknown>) =>
    t.request('PUT', `/api/tickets/${ticket}/add-message`, { token, body: { status: 'created', ...body } });
  const messagesOf = async (ticket: number) =>
    (await t.request('GET', `/api/tickets/${ticket}`, { as: 'admin' })).json.messages as { id: number; body: string }[];

  it('is refused with the newer message (409) and nothing written, then sent when forced', async () => {
    const ticket = await bugTicket('Réponses croisées');
    expect((await send(ticket, admin, { message: 'Première réponse' })).status).toBe(200);
    const started = (await messagesOf(ticket)).at(-1)!.id;
    // Claire answers while Antoine types.
    expect((await send(ticket, colleague.token, { message: 'Réponse de Claire', lastMessage: started })).status).toBe(
      200,
    );

    const refused = await send(ticket, admin, {
      message: 'Réponse d’Antoine',
      lastMessage: started,
      status: 'treated',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.newerMessages).toEqual([
      expect.objectContaining({ body: 'Réponse de Claire', author: { id: colleague.id, name: 'Claire Moreau' } }),
    ]);
    expect((await messagesOf(ticket)).map((message) => message.body)).toEqual([
      'Première réponse',
      'Réponse de Claire',
    ]);
    const [{ status }] = await t.db.query<{ status: string }>('SELECT status FROM tickets WHERE id = $1', [ticket]);
    expect(status).toBe('created');

    const forced = await send(ticket, admin, { message: 'Réponse d’Antoine', lastMessage: started, force: true });
    expect(forced.status).toBe(200);
    expect((await messagesOf(ticket)).at(-1)!.body).toBe('Réponse d’Antoine');
  });

  it('lets a reply go when nothing newer came, or only the writer’s own', async () => {
    const ticket = await bugTicket('Seul sur le ticket');
    expect((await send(ticket, admin, { message: 'Sans rien avant', lastMessage: 0 })).status).toBe(200);
    const first = (await messagesOf(ticket)).at(-1)!.id;
    expect((await send(ticket, admin, { message: 'Depuis un autre onglet' })).status).toBe(200);
    expect((await send(ticket, admin, { message: 'Suite', lastMessage: first })).status).toBe(200);
    // Another structure's staff still find no ticket, whatever they send.
    expect((await send(ticket, stranger, { message: 'Intrus', lastMessage: 0, force: true })).status).toBe(404);
  });
});
