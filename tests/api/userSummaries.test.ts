import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The user a contributor's records point at (a comment's author, a document's owner, a bug
 * ticket's author, a connection's user) comes embedded as `{"@id", id, name}` (API.md), so that no screen
 * asks for a user the session may not read. Writes still name users by IRI or id.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t?.close());

const nameOf = async (id: number) =>
  (
    await t.db.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [id])
  )[0].name;

interface Summary {
  '@id'?: string;
  id: number;
  name: string;
}

describe('embedded user summaries', () => {
  it("gives a contributor the names of comments' authors it may not read", async () => {
    // A colleague's comment: the contributor may read it, not its author.
    const structure = t.users.contributor.company;
    const [other] = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE id <> $1 AND company_id = $2 ORDER BY id LIMIT 1`,
      [t.users.contributor.id, structure],
    );
    const [course] = await t.db.query<{ id: number }>('SELECT id FROM courses ORDER BY id LIMIT 1');
    await t.db.query(
      `INSERT INTO comments (body, author_id, course_id, company_id) VALUES ('Relu, merci', $1, $2, $3)`,
      [other.id, course.id, structure],
    );

    const list = await t.request('GET', '/api/comments?itemsPerPage=500', {
      as: 'contributor',
      accept: 'application/ld+json',
    });
    expect(list.status).toBe(200);
    const members = list.json['hydra:member'] as { author: Summary | null }[];
    const authored = members.filter((comment) => comment.author?.id === other.id);
    expect(authored.length).toBeGreaterThan(0);
    expect(authored[0].author).toEqual({ '@id': `/api/users/${other.id}`, id: other.id, name: await nameOf(other.id) });
    // What the summary saves the screen from asking: the contributor may not read that user.
    expect((await t.request('GET', `/api/users/${other.id}`, { as: 'contributor' })).status).toBe(404);

    // Plain JSON is the same without the JSON-LD keys.
    const plain = await t.request('GET', `/api/comments?itemsPerPage=500`, {
      as: 'contributor',
      accept: 'application/json',
    });
    expect(
      (plain.json as { author: Summary | null }[]).find((comment) => comment.author?.id === other.id)?.author,
    ).toEqual({
      id: other.id,
      name: await nameOf(other.id),
    });
  });

  it("gives a contributor the owners' names of the documents it reads", async () => {
    const list = await t.request('GET', '/api/documents?itemsPerPage=500', {
      as: 'contributor',
      accept: 'application/json',
    });
    expect(list.status).toBe(200);
    const owned = (list.json as { owner: Summary | null }[]).filter((document) => document.owner !== null);
    expect(owned.length).toBeGreaterThan(0);
    for (const { owner } of owned) expect(owner).toEqual({ id: owner!.id, name: await nameOf(owner!.id) });
    expect(owned.some(({ owner }) => owner!.id !== t.users.contributor.id)).toBe(true);
  });

  it("names the contributor as their own bug ticket's author, and takes the author from the session", async () => {
    const created = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      // An author named in the body is ignored: the session's user writes the ticket.
      body: { type: 1, subject: 'Le bouton ne répond pas', author: `/api/users/${t.users.admin.id}` },
    });
    expect(created.status).toBe(201);
    expect(created.json.author).toEqual({
      '@id': `/api/users/${t.users.contributor.id}`,
      id: t.users.contributor.id,
      name: await nameOf(t.users.contributor.id),
    });
  });

  it('still takes IRIs and ids in writes of user references', async () => {
    const [course] = await t.db.query<{ id: number }>(
      'SELECT c.id FROM courses c WHERE NOT EXISTS (SELECT 1 FROM participations p WHERE p.course_id = c.id AND p.user_id = $1) ORDER BY c.id LIMIT 1',
      [t.users.contributor.id],
    );
    const byIri = await t.request('POST', '/api/participations', {
      as: 'admin',
      body: { user: `/api/users/${t.users.contributor.id}`, course: `/api/courses/${course.id}` },
    });
    expect(byIri.status).toBe(201);
    expect(byIri.json.user).toBe(`/api/users/${t.users.contributor.id}`);
    const note = await t.request('POST', '/api/notes-bo', {
      as: 'admin',
      body: { content: 'À rappeler', user: t.users.contributor.id },
    });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ user: `/api/users/${t.users.contributor.id}`, author: { id: t.users.admin.id } });
  });
});
