import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** The actions of API.md beyond CRUD, on the seeded demo data plus rows each test makes for itself. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const iri = (resource: string, id: number) => `/api/${resource}/${id}`;

/** A row of the demo accounts' structure, made by platform staff working in it. */
async function create(
  resource: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number }> {
  const response = await t.request('POST', `/api/${resource}`, {
    as: 'superadmin',
    body,
    headers: { 'x-structure': String(t.users.admin.company) },
  });
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json as Record<string, unknown> & { id: number };
}

async function moduleWithChapters(count: number) {
  const course = await create('courses', { title: 'Cours de test des actions' });
  const module = await create('modules', { title: 'Module A', course: iri('courses', course.id) });
  const chapters = [];
  for (let index = 0; index < count; index++)
    chapters.push(
      await create('chapters', { title: `Chapitre ${index}`, module: iri('modules', module.id), position: index }),
    );
  return { course, module, chapters };
}

async function positions(table: string, parentColumn: string, parent: number) {
  return t.db.query<{ id: number; position: number }>(
    `SELECT id, position FROM ${table} WHERE ${parentColumn} = $1 ORDER BY position, id`,
    [parent],
  );
}

describe('reorder', () => {
  it('moves a chapter and keeps sibling positions 0..n-1', async () => {
    const { module, chapters } = await moduleWithChapters(4);
    const moved = await t.request('PUT', `/api/chapters/${chapters[3].id}/reorder`, {
      as: 'contributor',
      body: { position: 0 },
    });
    expect(moved.status).toBe(200);
    const rows = await positions('chapters', 'module_id', module.id);
    expect(rows.map((row) => row.id)).toEqual([chapters[3].id, chapters[0].id, chapters[1].id, chapters[2].id]);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  it('stays dense and unique under 20 concurrent moves', async () => {
    const { module, chapters } = await moduleWithChapters(5);
    const moves = Array.from({ length: 20 }, (_, index) =>
      t.request('PUT', `/api/chapters/${chapters[index % 5].id}/reorder`, {
        as: 'admin',
        body: { position: (index * 3) % 5 },
      }),
    );
    const answers = await Promise.all(moves);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await positions('chapters', 'module_id', module.id);
    expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(5);
  });

  it('refuses a negative position with a 422 on the field', async () => {
    const { chapters } = await moduleWithChapters(1);
    const answer = await t.request('PUT', `/api/chapters/${chapters[0].id}/reorder`, {
      as: 'admin',
      body: { position: -1 },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.violations[0].propertyPath).toBe('position');
  });
});

describe('copy', () => {
  it('copies a module deeply: chapters, parts and tags, appended to the course', async () => {
    const { course, module, chapters } = await moduleWithChapters(2);
    await create('chapter-parts', { chapter: chapters[0].id, type: 'text_markdown', content: { markdown: '# Titre' } });
    await create('chapter-parts', { chapter: chapters[1].id, type: 'notes', content: { text: 'Note' } });
    const tag = await create('tags', { name: `copie-${Date.now()}` });
    await t.request('PUT', `/api/modules/${module.id}/add-tags`, {
      as: 'admin',
      body: { tags: [iri('tags', tag.id)] },
    });

    const copy = await t.request('POST', `/api/modules/${module.id}/copy`, { as: 'admin', body: {} });
    expect(copy.status).toBe(201);
    expect(copy.json.id).not.toBe(module.id);
    expect(copy.json.course).toBe(iri('courses', course.id));
    expect(copy.json.position).toBe(1);
    expect(copy.json.tags).toEqual([iri('tags', tag.id)]);
    expect(copy.json.chapters).toHaveLength(2);
    const [parts] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id WHERE c.module_id = $1`,
      [copy.json.id],
    );
    expect(parts.n).toBe(2);
  });

  it('copies a chapter with its parts into another module', async () => {
    const source = await moduleWithChapters(1);
    const target = await moduleWithChapters(2);
    await create('chapter-parts', {
      chapter: source.chapters[0].id,
      type: 'links',
      content: { links: [{ label: 'Site', url: 'https://exemple.fr' }] },
    });
    const copy = await t.request('POST', `/api/chapters/${source.chapters[0].id}/copy`, {
      as: 'contributor',
      body: { module: iri('modules', target.module.id) },
    });
    expect(copy.status).toBe(201);
    expect(copy.json.module).toBe(iri('modules', target.module.id));
    expect(copy.json.position).toBe(2);
    expect(copy.json.parts).toHaveLength(1);
  });

  it('answers 404 for an unknown source', async () => {
    expect((await t.request('POST', '/api/modules/999999/copy', { as: 'admin', body: {} })).status).toBe(404);
  });
});

describe('relations', () => {
  it('adds and removes tags idempotently, by IRI or id', async () => {
    const course = await create('courses', { title: 'Cours étiqueté' });
    const tag = await create('tags', { name: `etiquette-${Date.now()}` });
    for (let round = 0; round < 2; round++) {
      const added = await t.request('PUT', `/api/courses/${course.id}/add-tags`, {
        as: 'admin',
        body: { tags: [tag.id] },
      });
      expect(added.status).toBe(200);
      expect(added.json.tags).toEqual([iri('tags', tag.id)]);
    }
    const removed = await t.request('PUT', `/api/courses/${course.id}/remove-tags`, {
      as: 'admin',
      body: { tags: [iri('tags', tag.id)] },
    });
    expect(removed.json.tags).toEqual([]);
    const again = await t.request('PUT', `/api/courses/${course.id}/remove-tags`, {
      as: 'admin',
      body: { tags: [iri('tags', tag.id)] },
    });
    expect(again.status).toBe(200);
  });

  it('refuses an unlock cycle with a 422', async () => {
    const { chapters } = await moduleWithChapters(3);
    const [a, b, c] = chapters.map((chapter) => chapter.id);
    expect(
      (
        await t.request('PUT', `/api/chapters/${b}/add-chapter-unlocks`, {
          as: 'admin',
          body: { chapters: [iri('chapters', a)] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', `/api/chapters/${c}/add-chapter-unlocks`, {
          as: 'admin',
          body: { chapters: [iri('chapters', b)] },
        })
      ).status,
    ).toBe(200);
    const cycle = await t.request('PUT', `/api/chapters/${a}/add-chapter-unlocks`, {
      as: 'admin',
      body: { chapters: [iri('chapters', c)] },
    });
    expect(cycle.status).toBe(422);
    expect(cycle.json.violations[0].propertyPath).toBe('chapters');
    const self = await t.request('PUT', `/api/chapters/${a}/add-chapter-unlocks`, {
      as: 'admin',
      body: { chapters: [a] },
    });
    expect(self.status).toBe(422);
  });

  it('answers 422 on the body key for a missing target, 404 for a missing record', async () => {
    const course = await create('courses', { title: 'Cours sans compétence' });
    const missing = await t.request('PUT', `/api/courses/${course.id}/add-skills`, {
      as: 'admin',
      body: { skills: [999999] },
    });
    expect(missing.status).toBe(422);
    expect(missing.json.violations[0].propertyPath).toBe('skills');
    expect(
      (await t.request('PUT', '/api/courses/999999/add-skills', { as: 'admin', body: { skills: [] } })).status,
    ).toBe(404);
  });

  it("lets a structure's administrators change their people's access rights, and not its authors", async () => {
    const [right] = await t.db.query<{ id: number }>('SELECT id FROM access_rights ORDER BY id LIMIT 1');
    const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    expect(
      (
        await t.request('PUT', `/api/users/${user.id}/add-access-rights`, {
          as: 'contributor',
          body: { accessRights: [right.id] },
        })
      ).status,
    ).toBe(403);
    const granted = await t.request('PUT', `/api/users/${user.id}/add-access-rights`, {
      as: 'admin',
      body: { accessRights: [iri('access-rights', right.id)] },
    });
    expect(granted.status).toBe(200);
    expect(granted.json.accessRights).toContain(iri('access-rights', right.id));
  });
});

describe('publish', () => {
  it('refuses a course with an empty chapter, then publishes it once filled', async () => {
    const { course, chapters } = await moduleWithChapters(1);
    const refused = await t.request('PUT', `/api/courses/${course.id}/publish`, { as: 'admin', body: {} });
    expect(refused.status).toBe(422);
    await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'Contenu' } });
    const published = await t.request('PUT', `/api/courses/${course.id}/publish`, { as: 'admin', body: {} });
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    expect(Date.parse(published.json.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs the courses.publish access right for a contributor', async () => {
    const { course, chapters } = await moduleWithChapters(1);
    await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'Contenu' } });
    const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    await t.db.query(
      `DELETE FROM user_access_rights WHERE user_id = $1 AND access_right_id IN (SELECT id FROM access_rights WHERE code = 'courses.publish')`,
      [user.id],
    );
    expect((await t.request('PUT', `/api/courses/${course.id}/publish`, { as: 'contributor', body: {} })).status).toBe(
      403,
    );
    await t.db.query(
      `INSERT INTO access_rights (code, label) VALUES ('courses.publish', 'Publier des cours') ON CONFLICT (code) DO NOTHING`,
    );
    await t.db.query(
      `INSERT INTO user_access_rights (user_id, access_right_id) SELECT $1, id FROM access_rights WHERE code = 'courses.publish'`,
      [user.id],
    );
    expect((await t.request('PUT', `/api/courses/${course.id}/publish`, { as: 'contributor', body: {} })).status).toBe(
      200,
    );
  });
});

describe('course menu and learner view', () => {
  it('gives the menu in position order', async () => {
    const { course, chapters } = await moduleWithChapters(3);
    await t.request('PUT', `/api/chapters/${chapters[2].id}/reorder`, { as: 'admin', body: { position: 0 } });
    const menu = await t.request('GET', `/api/courses/${course.id}/menu`, { as: 'contributor' });
    expect(menu.status).toBe(200);
    expect(menu.json.modules[0].chapters.map((chapter: { id: number }) => chapter.id)).toEqual([
      chapters[2].id,
      chapters[0].id,
      chapters[1].id,
    ]);
  });

  it('hides which options are correct from the learner view', async () => {
    const { chapters } = await moduleWithChapters(1);
    await create('chapter-parts', {
      chapter: chapters[0].id,
      type: 'interactive_select',
      content: {
        question: 'Capitale ?',
        options: [
          { label: 'Paris', correct: true },
          { label: 'Lyon', correct: false },
        ],
      },
    });
    const view = await t.request('GET', `/api/chapters/${chapters[0].id}/displayable`, { as: 'contributor' });
    expect(view.status).toBe(200);
    expect(view.json.parts[0].content.options).toEqual([{ label: 'Paris' }, { label: 'Lyon' }]);
  });
});

describe('tickets', () => {
  it('appends a message and sets the status; an empty message is a 422', async () => {
    const ticket = await create('tickets', { type: 2, subject: 'Accès impossible' });
    const empty = await t.request('PUT', `/api/tickets/${ticket.id}/add-message`, {
      as: 'admin',
      body: { message: '   ', status: 'treated' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.violations[0].propertyPath).toBe('message');
    const answered = await t.request('PUT', `/api/tickets/${ticket.id}/add-message`, {
      as: 'admin',
      body: { message: 'Corrigé, merci.', status: 'treated' },
    });
    expect(answered.status).toBe(200);
    expect(answered.json.status).toBe('treated');
    expect(answered.json.messages.at(-1)).toMatchObject({ body: 'Corrigé, merci.', status: 'treated' });
  });

  it("lists only the session's own tickets at /api/tickets/user", async () => {
    const mine = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { type: 2, subject: 'Bogue dans le lecteur vidéo' },
    });
    expect(mine.status).toBe(201);
    expect(mine.json.type).toBe(1);
    const list = await t.request('GET', '/api/tickets/user?type=1', {
      as: 'contributor',
      accept: 'application/ld+json',
    });
    expect(list.status).toBe(200);
    const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    expect(
      list.json['hydra:member'].every(
        (item: { author: { '@id': string } }) => item.author['@id'] === iri('users', user.id),
      ),
    ).toBe(true);
    expect(list.json['hydra:member'].some((item: { id: number }) => item.id === mine.json.id)).toBe(true);
  });
});

describe('folders', () => {
  it('gives the tree; purge drops branches without sheets', async () => {
    const empty = await create('folders', { name: 'Dossier vide', parent: iri('folders', 1) });
    const full = await create('folders', { name: 'Dossier rempli', parent: iri('folders', 1) });
    await create('sheets', { title: 'Fiche', folder: iri('folders', full.id) });
    const tree = await t.request('GET', '/api/folders/1/tree', { as: 'superadmin' });
    const purged = await t.request('GET', '/api/folders/1/tree?purge=1', { as: 'superadmin' });
    const ids = (node: { id: number; children: unknown[] }): number[] => [
      node.id,
      ...node.children.flatMap((child) => ids(child as typeof node)),
    ];
    expect(ids(tree.json)).toContain(empty.id);
    expect(ids(purged.json)).not.toContain(empty.id);
    expect(ids(purged.json)).toContain(full.id);
  });

  it('refuses to delete a folder that is not empty (409) and deletes an empty one', async () => {
    const parent = await create('folders', { name: 'Parent', parent: iri('folders', 1) });
    await create('folders', { name: 'Enfant', parent: iri('folders', parent.id) });
    expect((await t.request('DELETE', `/api/folder/${parent.id}`, { as: 'superadmin' })).status).toBe(409);
    const lonely = await create('folders', { name: 'Seul', parent: iri('folders', 1) });
    expect((await t.request('DELETE', `/api/folder/${lonely.id}`, { as: 'superadmin' })).status).toBe(204);
  });

  it('refuses to move a folder under its own subfolder', async () => {
    const parent = await create('folders', { name: 'Haut', parent: iri('folders', 1) });
    const child = await create('folders', { name: 'Bas', parent: iri('folders', parent.id) });
    const moved = await t.request('PUT', `/api/folders/${parent.id}`, {
      as: 'superadmin',
      body: { parent: iri('folders', child.id) },
    });
    expect(moved.status).toBe(422);
    expect(moved.json.violations[0].propertyPath).toBe('parent');
  });

  it('lists the direct content of a folder', async () => {
    const folder = await create('folders', { name: 'Contenu', parent: iri('folders', 1) });
    const sub = await create('folders', { name: 'Sous-dossier', parent: iri('folders', folder.id) });
    const sheet = await create('sheets', { title: 'Fiche directe', folder: iri('folders', folder.id) });
    const content = await t.request('GET', `/api/folders/${folder.id}/content`, { as: 'superadmin' });
    expect(content.json.folders.map((item: { id: number }) => item.id)).toEqual([sub.id]);
    expect(content.json.sheets.map((item: { id: number }) => item.id)).toEqual([sheet.id]);
  });
});

describe('user connections', () => {
  it("lists one user's sign-ins, newest first, as a Hydra collection", async () => {
    // The busiest sign-in history the admin may read: one of their structure's people.
    const [{ user_id: userId, n }] = await t.db.query<{ user_id: number; n: number }>(
      `SELECT c.user_id, count(*)::int AS n FROM user_connections c JOIN users u ON u.id = c.user_id
        WHERE u.company_id = $1 GROUP BY c.user_id ORDER BY count(*) DESC LIMIT 1`,
      [t.users.admin.company],
    );
    const response = await t.request('GET', `/api/users/${userId}/user-connections?itemsPerPage=500`, {
      as: 'admin',
      accept: 'application/ld+json',
    });
    expect(response.status).toBe(200);
    const members = response.json['hydra:member'] as { user: { '@id': string }; connectedAt: string }[];
    expect(response.json['hydra:totalItems']).toBe(n);
    expect(members.every((member) => member.user['@id'] === iri('users', userId))).toBe(true);
    const times = members.map((member) => Date.parse(member.connectedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers 404 for an unknown user, and keeps a contributor to their own', async () => {
    expect((await t.request('GET', '/api/users/999999/user-connections', { as: 'admin' })).status).toBe(404);
    expect(
      (await t.request('GET', `/api/users/${t.users.admin.id}/user-connections`, { as: 'contributor' })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/users/${t.users.contributor.id}/user-connections`, { as: 'contributor' })).status,
    ).toBe(200);
  });
});
