import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsAction } from '../../server/db/scope.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The audit log: every write leaves exactly one entry (one a transaction), with its action, its main
 * record and that record's fields before and after, whatever route wrote; a write that rolls back leaves
 * none; no secret is ever kept.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The long values are no one's to read but the log's own functions: the test reads them as the owner.
  await t.appDb.exec(`CREATE FUNCTION test_audit_texts() RETURNS TABLE (n bigint, secrets bigint)
    LANGUAGE sql SECURITY DEFINER AS $$ SELECT count(*), count(*) FILTER (WHERE value::text ~ 'scrypt\\$') FROM audit_texts $$`);
});
const auditTexts = async () => {
  const [row] = await t.db.query<{ n: number; secrets: number }>('SELECT * FROM test_audit_texts()');
  return { n: Number(row.n), secrets: Number(row.secrets) };
};
afterAll(async () => {
  await t?.close();
});

const iri = (resource: string, id: number) => `/api/${resource}/${id}`;

interface Entry {
  id: number;
  user_id: number | null;
  user_name: string | null;
  company_id: number | null;
  action: string;
  resource: string;
  record_id: number | null;
  changes: { resource: string; record_id: number; operation: string; before: unknown; after: unknown }[];
}

async function lastEntryId(): Promise<number> {
  const [row] = await t.db.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log');
  return Number(row.id ?? 0);
}

/** The entries written since `mark`, each with its changes' rows (values as stored). */
async function entriesSince(mark: number): Promise<Entry[]> {
  return t.db.query<Entry>(
    `SELECT e.id, e.user_id, e.user_name, e.company_id, e.action, e.resource, e.record_id,
            coalesce((SELECT json_agg(json_build_object('resource', c.resource, 'record_id', c.record_id,
                        'operation', c.operation, 'before', c.before, 'after', c.after) ORDER BY c.id)
                        FROM audit_changes c WHERE c.entry_id = e.id), '[]') AS changes
       FROM audit_log e WHERE e.id > $1 ORDER BY e.id`,
    [mark],
  );
}

/** Runs a write and answers the one entry it left (the test fails on none or several). */
async function oneEntryOf(write: () => Promise<unknown>): Promise<Entry & { api: Record<string, unknown> }> {
  const mark = await lastEntryId();
  await write();
  const entries = await entriesSince(mark);
  expect(
    entries.map((entry) => `${entry.action} ${entry.resource} ${entry.record_id}`),
    'exactly one entry',
  ).toHaveLength(1);
  const api = await t.request('GET', `/api/audit-log/${entries[0].id}`, { as: 'superadmin' });
  expect(api.status).toBe(200);
  return { ...entries[0], api: api.json };
}

async function expectStatus(method: string, url: string, status: number, options: Parameters<TestApp['request']>[2]) {
  const response = await t.request(method, url, options);
  expect(response.status, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(status);
  return response.json;
}

const inAcademy = () => ({ as: 'superadmin' as const, headers: { 'x-structure': String(t.users.admin.company) } });

async function create(resource: string, body: Record<string, unknown>) {
  return (await expectStatus('POST', `/api/${resource}`, 201, { ...inAcademy(), body })) as { id: number } & Record<
    string,
    unknown
  >;
}

async function moduleWithChapters(count: number) {
  const course = await create('courses', { title: 'Cours du journal' });
  const module = await create('modules', { title: 'Module du journal', course: iri('courses', course.id) });
  const chapters = [];
  for (let index = 0; index < count; index++)
    chapters.push(await create('chapters', { title: `Chapitre ${index}`, module: iri('modules', module.id) }));
  return { course, module, chapters };
}

describe('an entry for each write', () => {
  it('create: the new record, every field after, nothing before', async () => {
    let id = 0;
    const entry = await oneEntryOf(async () => {
      id = (await create('tags', { name: 'Étiquette du journal', color: '#123456' })).id;
    });
    expect(entry).toMatchObject({
      action: 'create',
      resource: 'tags',
      record_id: id,
      user_id: t.users.superadmin.id,
      company_id: t.users.admin.company,
    });
    expect(entry.api).toMatchObject({
      '@id': `/api/audit-log/${entry.id}`,
      '@type': 'AuditEntry',
      user: iri('users', t.users.superadmin.id),
      userName: 'Sophie Martin',
      action: 'create',
      resource: 'tags',
      recordId: id,
      record: iri('tags', id),
      company: { id: t.users.admin.company },
      changes: {
        name: { before: null, after: 'Étiquette du journal' },
        color: { before: null, after: '#123456' },
        company: { before: null, after: iri('companies', t.users.admin.company!) },
      },
    });
  });

  it('update: only the changed fields, before and after', async () => {
    const { chapters } = await moduleWithChapters(1);
    const part = await create('chapter-parts', {
      chapter: chapters[0].id,
      type: 'notes',
      title: 'Avant',
      content: { text: 'Premier texte' },
    });
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/chapter-parts/${part.id}`, 200, {
        as: 'contributor',
        body: { title: 'Après', content: { text: 'Second texte' } },
      }),
    );
    expect(entry).toMatchObject({ action: 'update', resource: 'chapter-parts', record_id: part.id });
    expect(entry.api.changes).toEqual({
      title: { before: 'Avant', after: 'Après' },
      content: { before: { text: 'Premier texte' }, after: { text: 'Second texte' } },
    });
    expect(entry.api.user).toBe(iri('users', t.users.contributor.id));
  });

  it('delete: every field before, nothing after; the rows it takes along beside it', async () => {
    const { chapters } = await moduleWithChapters(1);
    const part = await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'x' } });
    const entry = await oneEntryOf(() =>
      expectStatus('DELETE', `/api/chapters/${chapters[0].id}`, 204, { as: 'superadmin' }),
    );
    expect(entry).toMatchObject({ action: 'delete', resource: 'chapters', record_id: chapters[0].id });
    expect(entry.api.changes).toMatchObject({ title: { before: 'Chapitre 0', after: null } });
    // The part went with its chapter (a cascade): its delete is a change of the same entry.
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ resource: 'chapter-parts', record_id: part.id, operation: 'delete' }),
    );
  });

  it('reorder: the moved record, and its siblings beside it', async () => {
    const { chapters } = await moduleWithChapters(3);
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/chapters/${chapters[2].id}/reorder`, 200, {
        as: 'contributor',
        body: { position: 0 },
      }),
    );
    expect(entry).toMatchObject({ action: 'reorder', resource: 'chapters', record_id: chapters[2].id });
    expect(entry.api.changes).toEqual({ position: { before: 2, after: 0 } });
    const siblings = entry.changes.filter((change) => change.record_id !== chapters[2].id);
    expect(siblings.map((change) => [change.record_id, change.before, change.after])).toEqual(
      expect.arrayContaining([
        [chapters[0].id, { position: 0 }, { position: 1 }],
        [chapters[1].id, { position: 1 }, { position: 2 }],
      ]),
    );
  });

  it('copy: the copy as the record, its new rows beside it', async () => {
    const { module, chapters } = await moduleWithChapters(1);
    await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'Copié' } });
    let copy: { id: number } = { id: 0 };
    const entry = await oneEntryOf(async () => {
      copy = await expectStatus('POST', `/api/chapters/${chapters[0].id}/copy`, 201, {
        as: 'contributor',
        body: { module: iri('modules', module.id) },
      });
    });
    expect(entry).toMatchObject({ action: 'copy', resource: 'chapters', record_id: copy.id });
    expect(entry.api.changes).toMatchObject({ title: { before: null, after: 'Chapitre 0' } });
    expect(entry.changes.some((change) => change.resource === 'chapter-parts' && change.operation === 'create')).toBe(
      true,
    );
  });

  it('publish: the status and the date it was published', async () => {
    const { course, chapters } = await moduleWithChapters(1);
    await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'Contenu' } });
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/courses/${course.id}/publish`, 200, { as: 'admin', body: {} }),
    );
    expect(entry).toMatchObject({ action: 'publish', resource: 'courses', record_id: course.id });
    expect(entry.api.changes).toMatchObject({ status: { before: 'draft', after: 'published' } });
    expect((entry.api.changes as Record<string, { after: unknown }>).publishedAt.after).toEqual(expect.any(String));
  });

  it('tags and skills added and removed: the relation as lists of IRIs', async () => {
    const { course } = await moduleWithChapters(0);
    const tag = await create('tags', { name: 'Étiquette ajoutée' });
    const skill = await create('skills', { name: 'Compétence ajoutée' });
    const added = await oneEntryOf(() =>
      expectStatus('PUT', `/api/courses/${course.id}/add-tags`, 200, {
        as: 'admin',
        body: { tags: [iri('tags', tag.id)] },
      }),
    );
    expect(added).toMatchObject({ action: 'add-tags', resource: 'courses', record_id: course.id });
    expect(added.api.changes).toEqual({ tags: { before: [], after: [iri('tags', tag.id)] } });
    const removed = await oneEntryOf(() =>
      expectStatus('PUT', `/api/courses/${course.id}/remove-tags`, 200, {
        as: 'admin',
        body: { tags: [iri('tags', tag.id)] },
      }),
    );
    expect(removed).toMatchObject({ action: 'remove-tags' });
    expect(removed.api.changes).toEqual({ tags: { before: [iri('tags', tag.id)], after: [] } });
    const skills = await oneEntryOf(() =>
      expectStatus('PUT', `/api/courses/${course.id}/add-skills`, 200, {
        as: 'admin',
        body: { skills: [skill.id] },
      }),
    );
    expect(skills).toMatchObject({ action: 'add-skills' });
    expect(skills.api.changes).toEqual({ skills: { before: [], after: [iri('skills', skill.id)] } });
    // A PUT replacing the set is one change of the field, whatever rows it deleted and inserted.
    const replaced = await oneEntryOf(() =>
      expectStatus('PUT', `/api/courses/${course.id}`, 200, {
        as: 'admin',
        body: { skills: [], tags: [iri('tags', tag.id)] },
      }),
    );
    expect(replaced.api.changes).toEqual({
      skills: { before: [iri('skills', skill.id)], after: [] },
      tags: { before: [], after: [iri('tags', tag.id)] },
    });
  });

  it('a ticket message: the message and the status it set', async () => {
    const ticket = await create('tickets', { type: 2, subject: 'Question du journal' });
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/tickets/${ticket.id}/add-message`, 200, {
        as: 'admin',
        body: { message: 'Voici la réponse.', status: 'treated' },
      }),
    );
    expect(entry).toMatchObject({ action: 'add-message', resource: 'tickets', record_id: ticket.id });
    expect(entry.api.changes).toEqual({
      status: { before: 'created', after: 'treated' },
      messages: {
        before: null,
        after: { author: iri('users', t.users.admin.id), body: 'Voici la réponse.', status: 'treated' },
      },
      // Support's first reply, and the response target it ends (the database computes both).
      firstRepliedAt: { before: null, after: expect.any(String) },
      dueAt: { before: expect.any(String), after: null },
    });
  });

  it('a password change: the field changed, never its values', async () => {
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', '/api/account/password', 204, {
        as: 'contributor',
        body: { currentPassword: DEMO_PASSWORD, password: 'Nouveau2026!mot' },
      }),
    );
    expect(entry).toMatchObject({ action: 'change-password', resource: 'users', record_id: t.users.contributor.id });
    expect(entry.api.changes).toEqual({ password: { before: null, after: null, hidden: true } });
    // Put back for the other tests.
    await expectStatus('PUT', '/api/account/password', 204, {
      as: 'contributor',
      body: { currentPassword: 'Nouveau2026!mot', password: DEMO_PASSWORD },
    });
  });

  it("a role change: the user's roles before and after", async () => {
    const user = await create('users', {
      email: 'journal.roles@exemple.fr',
      firstName: 'Rôle',
      lastName: 'Changé',
      type: 'contributor',
      roles: ['ROLE_USER'],
    });
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/users/${user.id}`, 200, { ...inAcademy(), body: { roles: ['ROLE_ADMIN'] } }),
    );
    expect(entry).toMatchObject({ action: 'update', resource: 'users', record_id: user.id });
    // A user created here starts in first connection (its code, then its password), which a role change keeps.
    expect(entry.api.changes).toEqual({
      roles: { before: ['ROLE_USER', 'ROLE_FIRST_CONNECT'], after: ['ROLE_ADMIN', 'ROLE_FIRST_CONNECT'] },
    });
  });

  it('sign-in and sign-out of staff: the user as the record', async () => {
    let token = '';
    const signIn = await oneEntryOf(async () => {
      token = (
        await expectStatus('POST', '/api/auth/token', 200, {
          body: { login: 'admin@demo.fr', password: DEMO_PASSWORD },
        })
      ).token;
    });
    expect(signIn).toMatchObject({
      action: 'sign-in',
      resource: 'users',
      record_id: t.users.admin.id,
      user_id: t.users.admin.id,
      company_id: t.users.admin.company,
    });
    expect(Object.keys(signIn.api.changes as object)).toEqual(['lastConnectionAt']);
    const signOut = await oneEntryOf(() => expectStatus('POST', '/api/auth/sign-out', 204, { token, body: {} }));
    expect(signOut).toMatchObject({
      action: 'sign-out',
      resource: 'users',
      record_id: t.users.admin.id,
      user_id: t.users.admin.id,
      company_id: t.users.admin.company,
    });
    // A refused sign-in changes nothing and is no entry (the connection attempt is its own log).
    const mark = await lastEntryId();
    await expectStatus('POST', '/api/auth/token', 401, { body: { login: 'admin@demo.fr', password: 'faux' } });
    expect(await entriesSince(mark)).toEqual([]);
  });
});

describe('a write that rolls back', () => {
  it('leaves no entry: a 422 before the write, a refused statement, a failure inside a transaction', async () => {
    const { chapters } = await moduleWithChapters(1);
    const part = await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: 'x' } });
    const existing = await create('tags', { name: 'Étiquette prise' });
    const other = await create('tags', { name: 'Étiquette libre' });
    const mark = await lastEntryId();
    await expectStatus('PUT', `/api/chapter-parts/${part.id}`, 422, {
      as: 'contributor',
      body: { content: { text: 12 } },
    });
    // The UPDATE itself is refused by the unique name: its entry goes with it.
    await expectStatus('PUT', `/api/tags/${other.id}`, 422, { as: 'admin', body: { name: existing.name } });
    // A publish refused after its transaction began.
    const { course } = await moduleWithChapters(1);
    const mark2 = await lastEntryId();
    await expectStatus('PUT', `/api/courses/${course.id}/publish`, 422, { as: 'admin', body: {} });
    await expect(
      runAsAction('update', { resource: 'chapter-parts', id: part.id, userId: t.users.admin.id }, () =>
        t.db.transaction(async (tx) => {
          await tx.query(`UPDATE chapter_parts SET title = 'Jamais' WHERE id = $1`, [part.id]);
          throw new Error('refused after the write');
        }),
      ),
    ).rejects.toThrow('refused after the write');
    expect(await entriesSince(mark2)).toEqual([]);
    expect((await entriesSince(mark)).map((entry) => entry.resource)).toEqual(['courses', 'modules', 'chapters']);
  });

  it('keeps nothing of a savepoint rolled back, and the entry of what stayed', async () => {
    const { chapters } = await moduleWithChapters(1);
    const part = await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', title: 'Un' });
    const mark = await lastEntryId();
    await runAsAction('update', { resource: 'chapter-parts', id: part.id, userId: t.users.admin.id }, () =>
      t.db.transaction(async (tx) => {
        await tx.query('SAVEPOINT attempt');
        await tx.query(`UPDATE chapter_parts SET title = 'Annulé' WHERE id = $1`, [part.id]);
        await tx.query('ROLLBACK TO SAVEPOINT attempt');
        await tx.query(`UPDATE chapter_parts SET title = 'Deux' WHERE id = $1`, [part.id]);
      }),
    );
    const entries = await entriesSince(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toEqual([
      {
        resource: 'chapter-parts',
        record_id: part.id,
        operation: 'update',
        before: { title: 'Un' },
        after: { title: 'Deux' },
      },
    ]);
  });
});

describe('what the log keeps', () => {
  it('never a secret: no password hash, token or code anywhere in the log', async () => {
    const [hashes] = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_changes c, users u
        WHERE u.password_hash IS NOT NULL AND (c.before::text || coalesce(c.after::text, '')) LIKE '%' || u.password_hash || '%'`,
    );
    expect(Number(hashes.n)).toBe(0);
    const [secrets] = await t.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM audit_changes
        WHERE coalesce(before::text, '') || coalesce(after::text, '') ~ '(scrypt\\$|password_?hash|token_hash|code_hash|invitation_key)'`,
    );
    expect(Number(secrets.n)).toBe(0);
    expect((await auditTexts()).secrets).toBe(0);
  });

  it('keeps a long text once, however many revisions carry it', async () => {
    const { chapters } = await moduleWithChapters(1);
    const long = `${'Un long texte de partie. '.repeat(200)}`;
    const part = await create('chapter-parts', { chapter: chapters[0].id, type: 'notes', content: { text: long } });
    const before = await auditTexts();
    for (const title of ['Un', 'Deux', 'Trois'])
      await expectStatus('PUT', `/api/chapter-parts/${part.id}`, 200, { as: 'admin', body: { title } });
    const entry = await oneEntryOf(() =>
      expectStatus('PUT', `/api/chapter-parts/${part.id}`, 200, {
        as: 'admin',
        body: { content: { text: `${long}Fin.` } },
      }),
    );
    const after = await auditTexts();
    // The old content was kept when the part was created; only the new one is added.
    expect(after.n - before.n).toBe(1);
    const stored = entry.changes[0] as { before: { content: unknown } };
    expect(JSON.stringify(stored.before.content).length).toBeLessThan(100);
    expect(entry.api.changes).toEqual({
      content: { before: { text: long }, after: { text: `${long}Fin.` } },
    });
  });

  it('is written by its triggers only: the server role may not write it', async () => {
    const [entry] = await t.db.query<{ id: number }>('SELECT id FROM audit_log ORDER BY id DESC LIMIT 1');
    for (const statement of [
      `UPDATE audit_log SET action = 'delete' WHERE id = ${entry.id}`,
      `DELETE FROM audit_changes WHERE entry_id = ${entry.id}`,
      `INSERT INTO audit_log (action, resource) VALUES ('create', 'tags')`,
      'SELECT * FROM audit_texts',
    ])
      await expect(t.db.query(statement), statement).rejects.toThrow(/permission denied/);
    for (const method of ['POST', 'PUT', 'DELETE'])
      expect(
        (
          await t.request(method, method === 'POST' ? '/api/audit-log' : `/api/audit-log/${entry.id}`, {
            as: 'superadmin',
            body: {},
          })
        ).status,
      ).toBeGreaterThanOrEqual(404);
  });
});

/** A token of the other demo structure's administrator, signed in as a person would. */
async function otherStructureAdmin(): Promise<string> {
  return (
    await expectStatus('POST', '/api/auth/token', 200, {
      body: { login: 'admin@transports-morel.fr', password: DEMO_PASSWORD },
    })
  ).token;
}

async function partWithHistory() {
  const { chapters } = await moduleWithChapters(1);
  const part = await create('chapter-parts', {
    chapter: chapters[0].id,
    type: 'notes',
    title: 'Version 0',
    content: { text: 'Texte 0' },
  });
  for (const n of [1, 2])
    await expectStatus('PUT', `/api/chapter-parts/${part.id}`, 200, {
      as: 'contributor',
      body: { title: `Version ${n}`, content: { text: `Texte ${n}` } },
    });
  return part;
}

describe('revisions', () => {
  it("lists a record's changes, newest first, with their entries", async () => {
    const part = await partWithHistory();
    const page = await expectStatus('GET', `/api/chapter-parts/${part.id}/revisions`, 200, { as: 'contributor' });
    expect(page['@type']).toBe('hydra:Collection');
    expect(page['hydra:totalItems']).toBe(3);
    const members = page['hydra:member'] as Record<string, unknown>[];
    expect(members.map((member) => member.operation)).toEqual(['update', 'update', 'create']);
    expect(members[0]).toMatchObject({
      entry: expect.stringMatching(/^\/api\/audit-log\/\d+$/),
      at: expect.any(String),
      user: iri('users', t.users.contributor.id),
      userName: 'Camille Bernard',
      action: 'update',
      changes: {
        title: { before: 'Version 1', after: 'Version 2' },
        content: { before: { text: 'Texte 1' }, after: { text: 'Texte 2' } },
      },
    });
    expect((members[2].changes as Record<string, unknown>).title).toEqual({ before: null, after: 'Version 0' });
    const plain = await expectStatus('GET', `/api/chapter-parts/${part.id}/revisions?itemsPerPage=1&page=2`, 200, {
      as: 'contributor',
      accept: 'application/json',
    });
    expect(plain).toEqual([members[1]]);
  });

  it("shows a relation's rows on the record that owns them", async () => {
    const { course } = await moduleWithChapters(0);
    const tag = await create('tags', { name: 'Étiquette des révisions' });
    await expectStatus('PUT', `/api/courses/${course.id}/add-tags`, 200, { as: 'admin', body: { tags: [tag.id] } });
    const page = await expectStatus('GET', `/api/courses/${course.id}/revisions`, 200, { as: 'admin' });
    expect(page['hydra:member'][0]).toMatchObject({
      action: 'add-tags',
      operation: 'update',
      changes: { tags: { before: [], after: [iri('tags', tag.id)] } },
    });
  });

  it('is read by whoever reads the record, and by no one else', async () => {
    const part = await partWithHistory();
    const stranger = await otherStructureAdmin();
    await expectStatus('GET', `/api/chapter-parts/${part.id}/revisions`, 404, { token: stranger });
    await expectStatus('GET', `/api/chapter-parts/999999/revisions`, 404, { as: 'admin' });
    // A contributor reads their own user only: another's history is not found, as the user is.
    await expectStatus('GET', `/api/users/${t.users.admin.id}/revisions`, 404, { as: 'contributor' });
    await expectStatus('GET', '/api/notes-bo/1/revisions', 403, { as: 'contributor' });
    await expectStatus('GET', `/api/users/${t.users.contributor.id}/revisions`, 200, { as: 'contributor' });
  });
});

describe('the journal (GET /api/audit-log)', () => {
  it('lists entries newest first, filtered by record, action, user and period', async () => {
    const part = await partWithHistory();
    const since = new Date(Date.now() - 60_000).toISOString();
    const list = await expectStatus(
      'GET',
      `/api/audit-log?resource=chapter-parts&recordId=${part.id}&at[after]=${encodeURIComponent(since)}`,
      200,
      { as: 'admin' },
    );
    const members = list['hydra:member'] as Record<string, unknown>[];
    expect(members.map((member) => member.action)).toEqual(['update', 'update', 'create']);
    const ids = members.map((member) => member.id as number);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const byUser = await expectStatus(
      'GET',
      `/api/audit-log?resource=chapter-parts&recordId=${part.id}&action=update&user=${iri('users', t.users.contributor.id)}`,
      200,
      { as: 'admin' },
    );
    expect(byUser['hydra:totalItems']).toBe(2);
    await expectStatus('GET', '/api/audit-log', 403, { as: 'contributor' });
  });

  it('leaves sign-ins and sign-outs out with sessions=false, and lists them alone with sessions=true', async () => {
    await expectStatus('POST', '/api/auth/token', 200, { body: { login: 'admin@demo.fr', password: DEMO_PASSWORD } });
    await partWithHistory();
    const page = (flag: string) =>
      expectStatus('GET', `/api/audit-log?itemsPerPage=200&sessions=${flag}`, 200, { as: 'admin' });
    const work = (await page('false'))['hydra:member'] as { action: string }[];
    const sessions = (await page('true'))['hydra:member'] as { action: string }[];
    expect(work.length).toBeGreaterThan(0);
    expect(work.filter((entry) => ['sign-in', 'sign-out', 'sign-out-everywhere'].includes(entry.action))).toEqual([]);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((entry) => entry.action)).toContain('sign-in');
    expect(sessions.every((entry) => ['sign-in', 'sign-out', 'sign-out-everywhere'].includes(entry.action))).toBe(true);
  });

  it('keeps each structure to its own entries; platform staff read every one, X-Structure narrows', async () => {
    const part = await partWithHistory();
    const stranger = await otherStructureAdmin();
    const [own] = await t.db.query<{ id: number }>(
      `SELECT id FROM audit_log WHERE resource = 'chapter-parts' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
      [part.id],
    );
    await expectStatus('GET', `/api/audit-log/${own.id}`, 404, { token: stranger });
    const theirs = await expectStatus('GET', `/api/audit-log?resource=chapter-parts&recordId=${part.id}`, 200, {
      token: stranger,
    });
    expect(theirs['hydra:totalItems']).toBe(0);
    const [other] = await t.db.query<{ id: number }>(`SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1`, [
      t.users.admin.company,
    ]);
    const narrowed = await expectStatus('GET', `/api/audit-log?resource=chapter-parts&recordId=${part.id}`, 200, {
      as: 'superadmin',
      headers: { 'x-structure': String(other.id) },
    });
    expect(narrowed['hydra:totalItems']).toBe(0);
    const all = await expectStatus('GET', `/api/audit-log?resource=chapter-parts&recordId=${part.id}`, 200, {
      as: 'superadmin',
    });
    expect(all['hydra:totalItems']).toBe(3);
    // Every entry the stranger reads is of their structure.
    const page = await expectStatus('GET', '/api/audit-log?itemsPerPage=500', 200, { token: stranger });
    for (const entry of page['hydra:member'] as { company: { id: number } | null }[])
      expect(entry.company?.id).toBe(other.id);
  });
});

describe('restore', () => {
  const changesOf = async (resource: string, id: number) =>
    (await expectStatus('GET', `/api/${resource}/${id}/revisions`, 200, { as: 'superadmin' }))['hydra:member'] as {
      id: number;
      operation: string;
    }[];

  it('puts a chapter part back as it was after a change, as one write logged as restore', async () => {
    const part = await partWithHistory();
    const [, first] = await changesOf('chapter-parts', part.id);
    const firstVersion = await expectStatus('GET', `/api/chapter-parts/${part.id}`, 200, { as: 'contributor' });
    expect(firstVersion.title).toBe('Version 2');
    let restored: Record<string, unknown> = {};
    const entry = await oneEntryOf(async () => {
      restored = await expectStatus('POST', `/api/chapter-parts/${part.id}/revisions/${first.id}/restore`, 200, {
        as: 'contributor',
        body: { updatedAt: firstVersion.updatedAt },
      });
    });
    expect(entry).toMatchObject({ action: 'restore', resource: 'chapter-parts', record_id: part.id });
    expect(entry.api.changes).toEqual({
      title: { before: 'Version 2', after: 'Version 1' },
      content: { before: { text: 'Texte 2' }, after: { text: 'Texte 1' } },
    });
    const read = await expectStatus('GET', `/api/chapter-parts/${part.id}`, 200, { as: 'contributor' });
    expect(read).toEqual(restored);
    expect(read).toMatchObject({ title: 'Version 1', content: { text: 'Texte 1' } });
  });

  it('round-trips tags, courses with their relations, and modules', async () => {
    const tag = await create('tags', { name: 'Nom premier', color: '#000000' });
    await expectStatus('PUT', `/api/tags/${tag.id}`, 200, { as: 'admin', body: { name: 'Nom second' } });
    await expectStatus('PUT', `/api/tags/${tag.id}`, 200, {
      as: 'admin',
      body: { name: 'Nom troisième', color: '#ffffff' },
    });
    const [, second] = await changesOf('tags', tag.id);
    await expectStatus('POST', `/api/tags/${tag.id}/revisions/${second.id}/restore`, 200, { as: 'admin', body: {} });
    expect(await expectStatus('GET', `/api/tags/${tag.id}`, 200, { as: 'admin' })).toMatchObject({
      name: 'Nom second',
      color: '#000000',
    });

    const { course, module } = await moduleWithChapters(0);
    const other = await create('tags', { name: 'Étiquette du cours' });
    await expectStatus('PUT', `/api/courses/${course.id}`, 200, {
      as: 'admin',
      body: { title: 'Titre un', tags: [iri('tags', other.id)] },
    });
    const [afterOne] = await changesOf('courses', course.id);
    await expectStatus('PUT', `/api/courses/${course.id}`, 200, {
      as: 'admin',
      body: { title: 'Titre deux', tags: [] },
    });
    await expectStatus('POST', `/api/courses/${course.id}/revisions/${afterOne.id}/restore`, 200, { as: 'admin' });
    expect(await expectStatus('GET', `/api/courses/${course.id}`, 200, { as: 'admin' })).toMatchObject({
      title: 'Titre un',
      tags: [iri('tags', other.id)],
    });

    const [created] = await changesOf('modules', module.id);
    await expectStatus('PUT', `/api/modules/${module.id}`, 200, { as: 'admin', body: { title: 'Module changé' } });
    await expectStatus('POST', `/api/modules/${module.id}/revisions/${created.id}/restore`, 200, { as: 'admin' });
    expect((await expectStatus('GET', `/api/modules/${module.id}`, 200, { as: 'admin' })).title).toBe(
      'Module du journal',
    );
  });

  it('refuses a stale restore (409) and a version that can no longer apply (422, in French)', async () => {
    const part = await partWithHistory();
    const [, first] = await changesOf('chapter-parts', part.id);
    const stale = await t.request('POST', `/api/chapter-parts/${part.id}/revisions/${first.id}/restore`, {
      as: 'contributor',
      body: { updatedAt: '2020-01-01T00:00:00Z' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.reason).toBe('stale');

    const { course } = await moduleWithChapters(0);
    const gone = await create('tags', { name: 'Étiquette bientôt supprimée' });
    await expectStatus('PUT', `/api/courses/${course.id}/add-tags`, 200, { as: 'admin', body: { tags: [gone.id] } });
    const [withTag] = await changesOf('courses', course.id);
    await expectStatus('DELETE', `/api/tags/${gone.id}`, 204, { as: 'superadmin' });
    const refused = await t.request('POST', `/api/courses/${course.id}/revisions/${withTag.id}/restore`, {
      as: 'admin',
      body: {},
    });
    expect(refused.status, refused.body).toBe(422);
    expect(refused.json.violations).toEqual([expect.objectContaining({ propertyPath: 'tags', code: 'reference' })]);
    expect(refused.json.detail).toMatch(/Cette version ne peut plus être restaurée .*tags.*n’existe plus/);
  });

  it("answers 404 for a change of another record, or another structure's record", async () => {
    const part = await partWithHistory();
    const other = await partWithHistory();
    const [change] = await changesOf('chapter-parts', other.id);
    await expectStatus('POST', `/api/chapter-parts/${part.id}/revisions/${change.id}/restore`, 404, {
      as: 'admin',
      body: {},
    });
    const [own] = await changesOf('chapter-parts', part.id);
    await expectStatus('POST', `/api/chapter-parts/${part.id}/revisions/${own.id}/restore`, 404, {
      token: await otherStructureAdmin(),
      body: {},
    });
  });
});
