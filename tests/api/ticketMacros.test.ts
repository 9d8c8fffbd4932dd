import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { createTestApp, type RequestOptions, type TestApp } from './support/testApp.ts';

/**
 * Macros: a canned reply may also set the ticket's status, priority, assignee and a follow-up date some days
 * ahead; sent with the reply, all of it is one transaction and one change in the ticket's history. Each setting
 * is checked (an assignee who does not handle the structure's tickets is refused) and kept to the structure.
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

async function expectStatus(method: string, url: string, status: number, options: RequestOptions = {}) {
  const answer = await t.request(method, url, options);
  expect(answer.status, `${method} ${url}: ${answer.body}`).toBe(status);
  return answer.json;
}

const macro = (body: Record<string, unknown>, options: RequestOptions = { as: 'admin' }) =>
  t.request('POST', '/api/canned-replies', {
    ...options,
    body: {
      title: 'Macro',
      shortcut: `macro-${Date.now()}-${Math.round(Math.random() * 1e6)}`,
      body: 'Merci.',
      ...body,
    },
  });

const ticket = async () =>
  (await expectStatus('POST', '/api/tickets', 201, { as: 'admin', body: { type: 2, subject: 'Macro' } })) as {
    id: number;
  };

describe('a canned reply as a macro', () => {
  it('sets status, priority, assignee and follow-up with the reply, as one change of the ticket', async () => {
    const created = await macro({
      status: 'treated',
      priority: 'high',
      assignee: `/api/users/${t.users.admin.id}`,
      followUpDays: 3,
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({
      status: 'treated',
      priority: 'high',
      assignee: `/api/users/${t.users.admin.id}`,
      followUpDays: 3,
    });
    const { id } = await ticket();
    const before = Date.now();
    const sent = await expectStatus('PUT', `/api/tickets/${id}/add-message`, 200, {
      as: 'admin',
      body: { message: 'Merci, c’est réglé.', cannedReply: created.json['@id'] },
    });
    expect(sent).toMatchObject({ status: 'treated', priority: 'high', assignee: { id: t.users.admin.id } });
    const days = (Date.parse(sent.followUpAt as string) - before) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    expect((sent.messages as { body: string; status: string }[]).at(-1)).toMatchObject({
      body: 'Merci, c’est réglé.',
      status: 'treated',
    });
    // One entry in the ticket's history holds every change the macro made.
    const history = await expectStatus('GET', `/api/tickets/${id}/revisions`, 200, {
      as: 'admin',
      accept: 'application/json',
    });
    expect(history[0].action).toBe('add-message');
    expect(Object.keys(history[0].changes as object)).toEqual(
      expect.arrayContaining(['status', 'priority', 'assignee', 'followUpAt']),
    );
    expect(history.filter((entry: { action: string }) => entry.action === 'add-message')).toHaveLength(1);
  });

  it('leaves what it does not set as it is, and the reply’s own status when it sets none', async () => {
    const created = await macro({ priority: 'urgent' });
    const { id } = await ticket();
    await expectStatus('PUT', `/api/tickets/${id}`, 200, {
      as: 'admin',
      body: { assignee: `/api/users/${t.users.admin.id}` },
    });
    const sent = await expectStatus('PUT', `/api/tickets/${id}/add-message`, 200, {
      as: 'admin',
      body: { message: 'En cours.', status: 'created', cannedReply: created.json.id },
    });
    expect(sent).toMatchObject({ status: 'created', priority: 'urgent', assignee: { id: t.users.admin.id } });
    expect(sent.followUpAt).toBeNull();
  });

  it('refuses bad settings in French or by field, and an assignee who does not handle the structure', async () => {
    const bad = await macro({ status: 'fini', followUpDays: 0 });
    expect(bad.status).toBe(422);
    const fields = (bad.json.violations as { propertyPath: string }[]).map((violation) => violation.propertyPath);
    expect(fields).toEqual(expect.arrayContaining(['status', 'followUpDays']));
    const contributor = await macro({ assignee: `/api/users/${t.users.contributor.id}` });
    expect(contributor.status).toBe(422);
    expect(contributor.json.violations[0]).toMatchObject({ propertyPath: 'assignee', code: 'not_staff' });
  });

  it('is applied only within its structure, and only by those who read canned replies', async () => {
    const created = await macro({ priority: 'low' });
    const { id } = await ticket();
    // Another structure's administrator does not reach it: an unknown reference, nothing written.
    const other = await expectStatus('POST', '/api/tickets', 201, {
      token: stranger,
      body: { type: 2, subject: 'Ailleurs' },
    });
    const refused = await expectStatus('PUT', `/api/tickets/${other.id}/add-message`, 422, {
      token: stranger,
      body: { message: 'Essai', cannedReply: created.json.id },
    });
    expect(refused.violations[0]).toMatchObject({ propertyPath: 'cannedReply', code: 'reference' });
    expect((await expectStatus('GET', `/api/tickets/${other.id}`, 200, { token: stranger })).messages).toEqual([]);
    await expectStatus('PUT', `/api/tickets/${id}/add-message`, 422, {
      as: 'admin',
      body: { message: 'Essai', cannedReply: '/api/tags/1' },
    });
  });
});
