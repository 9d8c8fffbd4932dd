import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import {
  DEFAULT_RESPONSE_TARGET_HOURS,
  OPEN_TICKET_STATUS,
  responseTargetKey,
  TICKET_PRIORITIES,
} from '../../src/domain/helpdesk.ts';
import { createTestApp, type RequestOptions, type TestApp } from './support/testApp.ts';

/**
 * The support desk as agents work it: assignment (who may be assigned, who may assign), priorities and the
 * due dates PostgreSQL computes from the system configuration, the built-in views' counts, canned replies
 * (variables filled, unknown ones refused), each kept to its structure.
 */
let t: TestApp;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  const signIn = await t.request('POST', '/api/auth/token', {
    body: { login: 'admin@transports-morel.fr', password: DEMO_PASSWORD },
  });
  stranger = signIn.json.token as string;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function supportTicket(subject: string, body: Record<string, unknown> = {}) {
  const created = await t.request('POST', '/api/tickets', { as: 'admin', body: { type: 2, subject, ...body } });
  expect(created.status).toBe(201);
  return created.json as { id: number; createdAt: string; [key: string]: unknown };
}

async function expectStatus(method: string, url: string, status: number, options: RequestOptions = {}) {
  const answer = await t.request(method, url, options);
  expect(answer.status, `${method} ${url}: ${answer.body}`).toBe(status);
  return answer.json;
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

describe('assignment', () => {
  it('assigns a ticket to a staff member of its structure or to platform staff, and reassigns it', async () => {
    const ticket = await supportTicket('Assignation');
    expect(ticket).toMatchObject({ assignee: null, assigned: false, priority: 'normal' });

    const mine = await expectStatus('PUT', `/api/tickets/${ticket.id}`, 200, {
      as: 'admin',
      body: { assignee: `/api/users/${t.users.admin.id}` },
    });
    expect(mine.assignee).toMatchObject({ id: t.users.admin.id, name: expect.any(String) });
    expect(mine.assigned).toBe(true);

    // Platform staff take it from inside the structure ("Me l'attribuer").
    const staff = await expectStatus('PUT', `/api/tickets/${ticket.id}`, 200, {
      as: 'superadmin',
      headers: { 'x-structure': String(t.users.admin.company) },
      body: { assignee: t.users.superadmin.id },
    });
    expect(staff.assignee).toMatchObject({ id: t.users.superadmin.id });
    // The structure's admin still reads who has it.
    const seen = await expectStatus('GET', `/api/tickets/${ticket.id}`, 200, { as: 'admin' });
    expect(seen.assignee).toMatchObject({ id: t.users.superadmin.id });

    const unassigned = await expectStatus('PUT', `/api/tickets/${ticket.id}`, 200, {
      as: 'admin',
      body: { assignee: null },
    });
    expect(unassigned).toMatchObject({ assignee: null, assigned: false });

    // The change is in the audit log, by whom.
    const [entry] = await t.db.query<{ action: string; user_id: number }>(
      `SELECT action, user_id FROM audit_log WHERE resource = 'tickets' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
      [ticket.id],
    );
    expect(entry).toMatchObject({ action: 'update', user_id: t.users.admin.id });
  });

  it('refuses an assignee who does not handle tickets, or of another structure', async () => {
    const ticket = await supportTicket('Assignation refusée');
    const contributor = await t.request('PUT', `/api/tickets/${ticket.id}`, {
      as: 'admin',
      body: { assignee: t.users.contributor.id },
    });
    expect(contributor.status).toBe(422);
    expect(contributor.json.violations[0]).toMatchObject({ propertyPath: 'assignee', code: 'not_staff' });

    const [foreign] = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE email = 'admin@transports-morel.fr'`,
    );
    // From inside the structure, another structure's admin is no one it can name.
    const named = await t.request('PUT', `/api/tickets/${ticket.id}`, {
      as: 'admin',
      body: { assignee: foreign.id },
    });
    expect(named.status).toBe(422);
    expect(named.json.violations[0]).toMatchObject({ propertyPath: 'assignee' });
    // Platform staff in every structure see both, and still cannot cross them.
    const crossed = await t.request('PUT', `/api/tickets/${ticket.id}`, {
      as: 'superadmin',
      body: { assignee: foreign.id },
    });
    expect(crossed.status).toBe(422);
    expect(crossed.json.violations[0]).toMatchObject({ propertyPath: 'assignee', code: 'not_staff' });
  });

  it('lets only support staff assign and set priorities, never a contributor on their own bug ticket', async () => {
    const created = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { type: 1, subject: 'Bug à moi', priority: 'urgent', assignee: t.users.admin.id },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ priority: 'normal', assignee: null });
    const edited = await expectStatus('PUT', `/api/tickets/${created.json.id}`, 200, {
      as: 'contributor',
      body: { priority: 'urgent', assignee: t.users.admin.id },
    });
    expect(edited).toMatchObject({ priority: 'normal', assignee: null });
  });

  it("keeps another structure's tickets out of reach: 404, and never in its counts", async () => {
    const ticket = await supportTicket('Invisible ailleurs');
    await expectStatus('PUT', `/api/tickets/${ticket.id}`, 404, { token: stranger, body: { priority: 'high' } });
    await expectStatus('GET', `/api/tickets/${ticket.id}`, 404, { token: stranger });
    const theirs = await expectStatus('GET', '/api/tickets/views', 200, { token: stranger });
    const [count] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets WHERE company_id = (SELECT company_id FROM users WHERE email = 'admin@transports-morel.fr')`,
    );
    expect(theirs.all).toBe(count.n);
  });
});

describe('priorities and due dates', () => {
  it('computes both due dates from the system configuration, by priority, and the one that runs', async () => {
    const [config] = await t.db.query<{ id: number }>(
      `INSERT INTO system_configurations (key, value, description) VALUES ($1, '3', 'test') RETURNING id`,
      [responseTargetKey('first_reply', 'urgent')],
    );
    try {
      const ticket = await supportTicket('Urgence', { priority: 'urgent' });
      expect(ticket.priority).toBe('urgent');
      expect(hoursBetween(ticket.createdAt, ticket.firstReplyDueAt as string)).toBeCloseTo(3, 5);
      expect(hoursBetween(ticket.createdAt, ticket.resolutionDueAt as string)).toBeCloseTo(
        DEFAULT_RESPONSE_TARGET_HOURS.resolution.urgent,
        5,
      );
      expect(ticket.dueAt).toBe(ticket.firstReplyDueAt);

      // A new priority moves both, from the opening.
      const low = await expectStatus('PUT', `/api/tickets/${ticket.id}`, 200, {
        as: 'admin',
        body: { priority: 'low' },
      });
      expect(hoursBetween(ticket.createdAt, low.firstReplyDueAt)).toBeCloseTo(
        DEFAULT_RESPONSE_TARGET_HOURS.first_reply.low,
        5,
      );

      // The author's own message is no reply; support's is, and the resolution runs then; treated, nothing runs.
      await expectStatus('PUT', `/api/tickets/${ticket.id}/add-message`, 200, {
        as: 'admin',
        body: { message: 'Message de l’auteur', status: 'created' },
      });
      const ownMessage = await expectStatus('GET', `/api/tickets/${ticket.id}`, 200, { as: 'admin' });
      expect(ownMessage.firstRepliedAt).toBeNull();
      const answered = await expectStatus('PUT', `/api/tickets/${ticket.id}/add-message`, 200, {
        as: 'superadmin',
        headers: { 'x-structure': String(t.users.admin.company) },
        body: { message: 'Nous regardons.', status: 'created' },
      });
      expect(answered.firstRepliedAt).not.toBeNull();
      expect(answered.dueAt).toBe(answered.resolutionDueAt);
      const treated = await expectStatus('PUT', `/api/tickets/${ticket.id}/add-message`, 200, {
        as: 'admin',
        body: { message: 'Corrigé.', status: 'treated' },
      });
      expect(treated.dueAt).toBeNull();
    } finally {
      await t.db.query('DELETE FROM system_configurations WHERE id = $1', [config.id]);
    }
  });

  it('falls back to the default when the configured value is no number, and refuses an unknown priority', async () => {
    await t.db.query(`INSERT INTO system_configurations (key, value) VALUES ($1, 'deux heures')`, [
      responseTargetKey('first_reply', 'high'),
    ]);
    try {
      const ticket = await supportTicket('Valeur illisible', { priority: 'high' });
      expect(hoursBetween(ticket.createdAt, ticket.firstReplyDueAt as string)).toBeCloseTo(
        DEFAULT_RESPONSE_TARGET_HOURS.first_reply.high,
        5,
      );
    } finally {
      await t.db.query('DELETE FROM system_configurations WHERE key = $1', [responseTargetKey('first_reply', 'high')]);
    }
    const refused = await t.request('POST', '/api/tickets', {
      as: 'admin',
      body: { type: 2, subject: 'Priorité inconnue', priority: 'critique' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.violations[0].propertyPath).toBe('priority');
    expect(TICKET_PRIORITIES).toContain('urgent');
  });
});

describe('the built-in views', () => {
  it('counts "Mes tickets", "Non attribués", "En retard" and "Tous" in one call, as the list filters them', async () => {
    const mine = await supportTicket('Vue mes tickets', { assignee: t.users.admin.id });
    const late = await supportTicket('Vue en retard');
    // Opened two days ago at normal priority: its first reply (24 h) is late.
    await t.db.query(`UPDATE tickets SET created_at = now() - interval '2 days', priority = 'low' WHERE id = $1`, [
      late.id,
    ]);
    await t.db.query(`UPDATE tickets SET priority = 'normal' WHERE id = $1`, [late.id]);

    const counts = await expectStatus('GET', '/api/tickets/views', 200, { as: 'admin' });
    const total = async (query: string) =>
      (await expectStatus('GET', `/api/tickets?${query}`, 200, { as: 'admin' }))['hydra:totalItems'] as number;
    expect(counts.mine).toBe(await total(`assignee=${t.users.admin.id}`));
    expect(counts.unassigned).toBe(await total('assigned=false'));
    expect(counts.overdue).toBe(await total(`dueAt[strictly_before]=${encodeURIComponent(new Date().toISOString())}`));
    expect(counts.all).toBe(await total(''));
    expect(counts.mine).toBeGreaterThanOrEqual(1);
    expect(counts.overdue).toBeGreaterThanOrEqual(1);

    const overdue = await expectStatus(
      'GET',
      `/api/tickets?itemsPerPage=500&dueAt[strictly_before]=${encodeURIComponent(new Date().toISOString())}`,
      200,
      { as: 'admin', accept: 'application/json' },
    );
    const ids = (overdue as { id: number }[]).map((ticket) => ticket.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(mine.id);
  });

  it('counts the open tickets by priority in the same call, as the list filters them', async () => {
    const urgent = await supportTicket('Vue urgente');
    await expectStatus('PUT', `/api/tickets/${urgent.id}`, 200, { as: 'admin', body: { priority: 'urgent' } });
    const counts = await expectStatus('GET', '/api/tickets/views', 200, { as: 'admin' });
    const total = async (query: string) =>
      (await expectStatus('GET', `/api/tickets?${query}`, 200, { as: 'admin' }))['hydra:totalItems'] as number;
    for (const priority of TICKET_PRIORITIES)
      expect(counts.open[priority], priority).toBe(await total(`status=${OPEN_TICKET_STATUS}&priority=${priority}`));
    expect(counts.open.urgent).toBeGreaterThanOrEqual(1);
    // Another structure's staff count none of these.
    const theirs = await expectStatus('GET', '/api/tickets/views', 200, { token: stranger });
    const [count] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets WHERE priority = 'urgent' AND status = $1
          AND company_id = (SELECT company_id FROM users WHERE email = 'admin@transports-morel.fr')`,
      [OPEN_TICKET_STATUS],
    );
    expect(theirs.open.urgent).toBe(count.n);
  });

  it('answers a contributor with the counts of their own tickets only', async () => {
    const counts = await expectStatus('GET', '/api/tickets/views', 200, { as: 'contributor' });
    const own = await expectStatus('GET', '/api/tickets', 200, { as: 'contributor' });
    expect(counts.all).toBe(own['hydra:totalItems']);
    await expectStatus('GET', '/api/tickets/views', 401);
  });
});

describe('canned replies', () => {
  const create = (body: Record<string, unknown>, options: RequestOptions = { as: 'admin' }) =>
    t.request('POST', '/api/canned-replies', { ...options, body });

  it('are written by support staff and rendered for a ticket with its author, subject and agent', async () => {
    const reply = await create({
      title: 'Accusé de réception',
      shortcut: 'accuse-test',
      body: 'Bonjour {{authorFirstName}}, nous avons bien reçu « {{ ticketSubject }} ». {{agentName}}',
    });
    expect(reply.status).toBe(201);
    const ticket = await t.request('POST', '/api/tickets', { as: 'contributor', body: { type: 1, subject: 'Vidéo' } });
    const rendered = await expectStatus(
      'GET',
      `/api/canned-replies/${reply.json.id}/render?ticket=/api/tickets/${ticket.json.id}`,
      200,
      { as: 'admin' },
    );
    const [author] = await t.db.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [
      t.users.contributor.id,
    ]);
    const [agent] = await t.db.query<{ name: string }>(
      `SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`,
      [t.users.admin.id],
    );
    expect(rendered.text).toBe(`Bonjour ${author.first_name}, nous avons bien reçu « Vidéo ». ${agent.name}`);

    const found = await expectStatus('GET', '/api/canned-replies?q=accuse-test', 200, { as: 'admin' });
    expect(found['hydra:member'].map((item: { id: number }) => item.id)).toContain(reply.json.id);
  });

  it('refuse an unknown variable with a 422 on the body, a bad or taken shortcut on the shortcut', async () => {
    const unknown = await create({ title: 'Inconnue', shortcut: 'inconnue', body: 'Bonjour {{prenom}}' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.violations).toEqual([
      expect.objectContaining({ propertyPath: 'body', code: 'unknown_variable' }),
    ]);
    const spaced = await create({ title: 'Espace', shortcut: 'deux mots', body: 'Texte' });
    expect(spaced.status).toBe(422);
    expect(spaced.json.violations[0]).toMatchObject({ propertyPath: 'shortcut', code: 'invalid_shortcut' });
    expect((await create({ title: 'Un', shortcut: 'double', body: 'Un' })).status).toBe(201);
    const taken = await create({ title: 'Deux', shortcut: 'double', body: 'Deux' });
    expect(taken.status).toBe(422);
    expect(taken.json.violations[0].propertyPath).toBe('shortcut');
    // Another structure may use the same shortcut.
    expect(
      (await create({ title: 'Ailleurs', shortcut: 'double', body: 'Ailleurs' }, { token: stranger })).status,
    ).toBe(201);
  });

  it('are managed by support staff only, and kept to their structure', async () => {
    expect((await create({ title: 'Non', shortcut: 'non', body: 'Non' }, { as: 'contributor' })).status).toBe(403);
    await expectStatus('GET', '/api/canned-replies', 403, { as: 'contributor' });
    const own = await create({ title: 'Privée', shortcut: 'privee', body: 'Texte' });
    const ticket = await supportTicket('Rendu ailleurs');
    await expectStatus('GET', `/api/canned-replies/${own.json.id}`, 404, { token: stranger });
    await expectStatus('GET', `/api/canned-replies/${own.json.id}/render?ticket=${ticket.id}`, 404, {
      token: stranger,
    });
    const theirs = await expectStatus('GET', '/api/canned-replies?itemsPerPage=500', 200, {
      token: stranger,
      accept: 'application/json',
    });
    expect((theirs as { id: number }[]).map((item) => item.id)).not.toContain(own.json.id);
    // Their own reply cannot be rendered on this structure's ticket either.
    const foreign = await create({ title: 'Leur', shortcut: 'leur', body: 'Texte' }, { token: stranger });
    await expectStatus('GET', `/api/canned-replies/${foreign.json.id}/render?ticket=${ticket.id}`, 404, {
      as: 'admin',
    });
    await expectStatus('GET', `/api/canned-replies/${own.json.id}/render?ticket=${ticket.id}`, 404, {
      token: stranger,
    });
    // An administrator deletes one.
    await expectStatus('PUT', `/api/canned-replies/${own.json.id}`, 200, { as: 'admin', body: { title: 'Privée 2' } });
    await expectStatus('DELETE', `/api/canned-replies/${own.json.id}`, 204, { as: 'admin' });
    await expectStatus('GET', `/api/canned-replies/${own.json.id}`, 404, { as: 'admin' });
  });
});
