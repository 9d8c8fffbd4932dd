import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../api/support/members.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * A field whose change has its own action or right cannot be changed by a plain write,
 * and filter choices show only rows the session may list.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A course in draft whose every chapter has parts (publishable), and one with an empty chapter. */
async function draftCourses() {
  // Draft courses of the demo accounts' structure, which its contributors edit.
  const [ready] = await t.db.query<{ id: number }>(
    `SELECT c.id FROM courses c WHERE c.status = 'draft' AND c.company_id = $1 AND NOT EXISTS (
       SELECT 1 FROM modules m JOIN chapters ch ON ch.module_id = m.id
        WHERE m.course_id = c.id AND NOT EXISTS (SELECT 1 FROM chapter_parts p WHERE p.chapter_id = ch.id))
     ORDER BY c.id LIMIT 1`,
    [t.users.admin.company],
  );
  const empty = await t.request('POST', '/api/courses', { as: 'admin', body: { title: 'Avec un chapitre vide' } });
  const module = await t.request('POST', '/api/modules', {
    as: 'admin',
    body: { title: 'Module', course: empty.json['@id'] },
  });
  await t.request('POST', '/api/chapters', {
    as: 'admin',
    body: { title: 'Chapitre vide', module: module.json['@id'] },
  });
  return { ready: ready.id, empty: empty.json.id as number };
}

/** A contributor of their own (the demo contributor holds the publish right), signed in. */
async function contributorWithoutPublishRight(): Promise<string> {
  return (await signedInMember(t, { firstName: 'Sans', lastName: 'Droit', type: 'contributor', role: 'ROLE_USER' }))
    .token;
}

/** The contributor's token once the publish right is granted (the grant ends their earlier sessions). */
async function contributorWithPublishRight(): Promise<string> {
  const contributor = t.users.contributor;
  await t.db.query(
    `INSERT INTO user_access_rights (user_id, access_right_id) SELECT $1, id FROM access_rights WHERE code = 'courses.publish' ON CONFLICT DO NOTHING`,
    [contributor.id],
  );
  const [row] = await t.db.query<{ session_version: number }>('SELECT session_version FROM users WHERE id = $1', [
    contributor.id,
  ]);
  return t.tokens.sign({
    role: ['ROLE_USER'],
    company: contributor.company,
    employeeId: contributor.id,
    username: contributor.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(row.session_version),
  });
}

describe('publishing by a plain write', () => {
  it('is refused to a contributor without the publish right, on PUT and on POST', async () => {
    const { ready } = await draftCourses();
    const token = await contributorWithoutPublishRight();
    const put = await t.request('PUT', `/api/courses/${ready}`, { token, body: { status: 'published' } });
    expect(put.status).toBe(403);
    const [course] = await t.db.query<{ status: string; published_at: Date | null }>(
      'SELECT status, published_at FROM courses WHERE id = $1',
      [ready],
    );
    expect(course).toEqual({ status: 'draft', published_at: null });
    const post = await t.request('POST', '/api/courses', {
      token,
      body: { title: 'Publié d’office', status: 'published' },
    });
    expect(post.status).toBe(403);
    // A contributor still edits everything else of a course.
    expect((await t.request('PUT', `/api/courses/${ready}`, { token, body: { title: 'Nouveau titre' } })).status).toBe(
      200,
    );
  });

  it('follows the publish action’s rules with the right: no empty chapter, and publishedAt set', async () => {
    const token = await contributorWithPublishRight();
    const { ready, empty } = await draftCourses();
    const refused = await t.request('PUT', `/api/courses/${empty}`, { token, body: { status: 'published' } });
    expect(refused.status).toBe(422);
    expect(refused.json.violations[0]).toMatchObject({ propertyPath: 'modules', code: 'empty_chapter' });
    const published = await t.request('PUT', `/api/courses/${ready}`, { token, body: { status: 'published' } });
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    expect(Date.now() - Date.parse(published.json.publishedAt)).toBeLessThan(60_000);
    const draft = await t.request('PUT', `/api/courses/${ready}`, { token, body: { status: 'draft' } });
    expect(draft.json).toMatchObject({ status: 'draft' });
    expect(draft.json.publishedAt ?? null).toBeNull();
  });
});

describe('fields with their own action or right', () => {
  it('a contributor cannot give themselves roles, a type, another e-mail, access rights or a password', async () => {
    const me = t.users.contributor;
    const [right] = await t.db.query<{ id: number }>(
      'SELECT id FROM access_rights WHERE id NOT IN (SELECT access_right_id FROM user_access_rights WHERE user_id = $1) ORDER BY id LIMIT 1',
      [me.id],
    );
    const [before] = await t.db.query(
      'SELECT roles, type, email, enabled, password_hash, session_version FROM users WHERE id = $1',
      [me.id],
    );
    const answer = await t.request('PUT', `/api/users/${me.id}`, {
      as: 'contributor',
      body: {
        roles: ['ROLE_SUPER_ADMIN'],
        type: 'admin',
        email: 'pirate@demo.fr',
        enabled: true,
        password: 'Pirate2026!x',
        accessRights: [`/api/access-rights/${right.id}`],
        phone: '0600000000',
      },
    });
    expect(answer.status).toBe(200);
    const [after] = await t.db.query(
      'SELECT roles, type, email, enabled, password_hash, session_version FROM users WHERE id = $1',
      [me.id],
    );
    expect(after).toEqual(before);
    const rights = await t.db.query('SELECT 1 FROM user_access_rights WHERE user_id = $1 AND access_right_id = $2', [
      me.id,
      right.id,
    ]);
    expect(rights).toHaveLength(0);
    // The contributor's own fields are theirs.
    expect(answer.json.phone).toBe('0600000000');
  });

  it('an admin (who runs their structure’s users) cannot raise one above their own role, nor touch platform staff', async () => {
    const answer = await t.request('PUT', `/api/users/${t.users.contributor.id}`, {
      as: 'admin',
      body: { roles: ['ROLE_SUPER_ADMIN'] },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.violations[0].propertyPath).toBe('roles');
    const [row] = await t.db.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [
      t.users.contributor.id,
    ]);
    expect(row.roles).toEqual(['ROLE_USER']);
    // Platform staff are out of reach: not found, whatever the call.
    const grant = await t.request('PUT', `/api/users/${t.users.superadmin.id}/add-access-rights`, {
      as: 'admin',
      body: { accessRights: ['/api/access-rights/1'] },
    });
    expect(grant.status).toBe(404);
  });

  it('the author of a bug ticket cannot set its status, nor its thread, by a plain write or a reply', async () => {
    const created = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { type: 1, subject: 'Un bug' },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    await t.request('PUT', `/api/tickets/${id}/add-message`, {
      as: 'admin',
      body: { message: 'Corrigé', status: 'treated' },
    });
    const put = await t.request('PUT', `/api/tickets/${id}`, {
      as: 'contributor',
      body: { status: 'closed', messages: [{ body: 'faux' }] },
    });
    expect(put.status).toBe(200);
    expect(put.json.status).toBe('treated');
    expect(put.json.messages).toHaveLength(1);
    const reply = await t.request('PUT', `/api/tickets/${id}/add-message`, {
      as: 'contributor',
      body: { message: 'Toujours là', status: 'closed' },
    });
    expect(reply.json.status).toBe('created');
  });

  it('positions change only by a move that keeps the siblings dense', async () => {
    const [module] = await t.db.query<{ id: number }>(
      'SELECT module_id AS id FROM chapters GROUP BY module_id HAVING count(*) >= 3 ORDER BY module_id LIMIT 1',
    );
    const chapters = await t.db.query<{ id: number }>(
      'SELECT id FROM chapters WHERE module_id = $1 ORDER BY position',
      [module.id],
    );
    const moved = await t.request('PUT', `/api/chapters/${chapters.at(-1)!.id}`, {
      as: 'contributor',
      body: { position: 0 },
    });
    expect(moved.status).toBe(200);
    const after = await t.db.query<{ id: number; position: number }>(
      'SELECT id, position FROM chapters WHERE module_id = $1 ORDER BY position',
      [module.id],
    );
    expect(after.map((row) => row.position)).toEqual(after.map((_, index) => index));
    expect(after[0].id).toBe(chapters.at(-1)!.id);
  });
});

describe('filter choices', () => {
  it('name only the users a contributor may list', async () => {
    const answer = await t.request('GET', '/api/user-connections/filters', {
      as: 'contributor',
      accept: 'application/json',
    });
    expect(answer.status).toBe(200);
    const users = answer.json.find((filter: { field: string }) => filter.field === 'user');
    const named = (users?.choices ?? []).map((choice: { id: string }) => choice.id);
    expect(named.every((iri: string) => iri === `/api/users/${t.users.contributor.id}`)).toBe(true);
    const [{ n, own }] = await t.db.query<{ n: number; own: number }>(
      'SELECT count(*)::int AS n, (count(*) FILTER (WHERE company_id = $1))::int AS own FROM users',
      [t.users.admin.company],
    );
    expect(own).toBeGreaterThan(1);
    // An administrator may list every user of their structure: the choices name them all, and no one else.
    const admin = await t.request('GET', '/api/user-connections/filters', { as: 'admin', accept: 'application/json' });
    expect(admin.json.find((filter: { field: string }) => filter.field === 'user').choices.length).toBe(
      Math.min(own, 500),
    );
    // Platform staff list every structure's.
    const superadmin = await t.request('GET', '/api/user-connections/filters', {
      as: 'superadmin',
      accept: 'application/json',
    });
    expect(superadmin.json.find((filter: { field: string }) => filter.field === 'user').choices.length).toBe(
      Math.min(n, 500),
    );
  });
});
