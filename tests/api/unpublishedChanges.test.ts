import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM } from '../../server/db/scope.ts';
import { purgeRetiredNodes } from '../../server/resources/liveVersion.ts';
import { administratorOf, type Caller, createAs, sendAs, type Who } from '../security/support/structures.ts';
import { iri } from './support/samples.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The courses' filter `unpublishedChanges`: the published courses whose draft differs from their live
 * version, exactly what the outline's draft state (`GET /api/courses/{id}/draft`) calls `changed`, kept to the
 * session's structure like every list.
 */
let t: TestApp;
let stranger: Caller;
const onPostgres = process.env.TEST_DATABASE === 'postgresql';

beforeAll(async () => {
  t = await createTestApp();
  // The recorded writes of a deleted course are no one's to read under row-level security: read as the owner.
  await t.appDb.exec(`CREATE FUNCTION test_draft_writes(course integer) RETURNS bigint
    LANGUAGE sql SECURITY DEFINER AS $$ SELECT count(*) FROM course_draft_writes WHERE course_id = course $$`);
  ({ caller: stranger } = await administratorOf(t, Number(t.users.contributor.company), true));
});
afterAll(async () => {
  await t?.close();
});

async function ok(who: Who, method: string, url: string, body?: unknown) {
  const response = await sendAs(t, who, method, url, body ?? (method === 'GET' ? undefined : {}));
  expect(response.status, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const create = async (who: Who, resource: string, body: Record<string, unknown>) =>
  (await createAs(t, who, resource, body)).id;

/** A course of one module, one chapter and one part, published unless asked otherwise. */
async function course(who: Who, publish = true) {
  const id = await create(who, 'courses', { title: `Cours ${Date.now()}-${Math.random()}` });
  const module = await create(who, 'modules', { title: 'M1', course: iri('courses', id) });
  const chapter = await create(who, 'chapters', { title: 'A', module: iri('modules', module) });
  const part = await create(who, 'chapter-parts', {
    chapter: iri('chapters', chapter),
    type: 'interactive_text',
    title: 'a1',
    content: { question: 'a1' },
  });
  if (publish) await ok(who, 'PUT', `/api/courses/${id}/publish`);
  return { id, module, chapter, part };
}

/** The ids of the courses the filter keeps (`true`) or leaves (`false`), and the list's count, as `who`. */
async function filtered(flag: boolean, who: Who = 'admin') {
  const response = await t.request('GET', `/api/courses?unpublishedChanges=${flag}&itemsPerPage=500`, {
    ...(typeof who === 'string' ? { as: who } : { token: who.token, headers: who.headers }),
    accept: 'application/ld+json',
  });
  expect(response.status, response.body).toBe(200);
  const ids = (response.json['hydra:member'] as { id: number }[]).map((member) => member.id);
  expect(response.json['hydra:totalItems']).toBe(ids.length);
  return ids;
}

/** Whether the filter keeps the course, after checking that it says what `/draft` says of it. */
async function shown(id: number, who: Who = 'admin') {
  const kept = (await filtered(true, who)).includes(id);
  const left = (await filtered(false, who)).includes(id);
  const draft = (await ok(who, 'GET', `/api/courses/${id}/draft`)).json as { changed: boolean };
  expect(kept, `course ${id}: the filter and /draft disagree`).toBe(draft.changed);
  expect(left).toBe(!kept);
  return kept;
}

describe('the unpublishedChanges filter on courses', () => {
  it('keeps a published course once edited, until it is published again', async () => {
    const made = await course('admin');
    // Listed first, so that a count kept from this list would be stale after the edit (a part's, not a course's).
    expect(await shown(made.id)).toBe(false);
    await ok('admin', 'PUT', `/api/chapter-parts/${made.part}`, { title: 'a1 modifié' });
    expect(await shown(made.id)).toBe(true);
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(await shown(made.id)).toBe(false);
  });

  it('keeps a course whose own title changed, until a discard', async () => {
    const made = await course('admin');
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { title: `Nouveau titre ${made.id}` });
    expect(await shown(made.id)).toBe(true);
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect(await shown(made.id)).toBe(false);
  });

  it('lets a discard take the course out', async () => {
    const made = await course('admin');
    await create('admin', 'chapters', { title: 'B', module: iri('modules', made.module) });
    expect(await shown(made.id)).toBe(true);
    await ok('admin', 'PUT', `/api/courses/${made.id}/discard`);
    expect(await shown(made.id)).toBe(false);
  });

  it('lets an edit reverted by hand to the live value take the course out', async () => {
    const made = await course('admin');
    await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'A modifié' });
    expect(await shown(made.id)).toBe(true);
    await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'A' });
    expect(await shown(made.id)).toBe(false);
  });

  it('keeps a course whose live node was removed from the draft', async () => {
    const made = await course('admin');
    await create('admin', 'chapter-parts', {
      chapter: iri('chapters', made.chapter),
      type: 'interactive_text',
      title: 'a2',
      content: { question: 'a2' },
    });
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    expect(await shown(made.id)).toBe(false);
    await ok('superadmin', 'DELETE', `/api/chapter-parts/${made.part}`);
    expect(await shown(made.id)).toBe(true);
  });

  it('never keeps a draft course, however edited', async () => {
    const made = await course('admin', false);
    await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'A modifié' });
    expect(await shown(made.id)).toBe(false);
    // Published then back to draft: no live version, no unpublished changes.
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'A encore' });
    expect(await shown(made.id)).toBe(true);
    await ok('admin', 'PUT', `/api/courses/${made.id}`, { status: 'draft' });
    expect(await shown(made.id)).toBe(false);
  });

  it("never keeps another structure's course", async () => {
    const theirs = await course(stranger);
    await ok(stranger, 'PUT', `/api/chapters/${theirs.chapter}`, { title: 'Autre' });
    expect(await shown(theirs.id, stranger)).toBe(true);
    expect(await filtered(true)).not.toContain(theirs.id);
    expect(await filtered(false)).not.toContain(theirs.id);
    const mine = await course('admin');
    await ok('admin', 'PUT', `/api/chapters/${mine.chapter}`, { title: 'Mien' });
    expect(await filtered(true, stranger)).not.toContain(mine.id);
  });

  it('keeps both courses when a chapter moves from one to the other', async () => {
    const from = await course('admin');
    const to = await course('admin');
    await ok('admin', 'PUT', `/api/chapters/${from.chapter}`, { module: iri('modules', to.module) });
    expect(await shown(from.id)).toBe(true);
    expect(await shown(to.id)).toBe(true);
  });

  it('keeps a course whose chapters were released in bulk, and one whose part was edited alone', async () => {
    const released = await course('admin');
    const response = await sendAs(t, 'admin', 'POST', '/api/chapters/bulk', {
      action: 'release',
      ids: [released.chapter],
      releaseAt: '2031-01-01T08:00:00Z',
    });
    expect(response.status, response.body).toBe(200);
    expect(await shown(released.id)).toBe(true);
    // The part's edit reaches its course through its chapter and module.
    const edited = await course('admin');
    await ok('admin', 'PUT', `/api/chapter-parts/${edited.part}`, { content: { question: 'a1 reformulée' } });
    expect(await shown(edited.id)).toBe(true);
  });

  it('says what /draft says of a course put back from the recycle bin, changed or not', async () => {
    const unchanged = await course('admin');
    const changed = await course('admin');
    await ok('admin', 'PUT', `/api/chapters/${changed.chapter}`, { title: 'A modifié' });
    for (const made of [unchanged, changed]) {
      await ok('superadmin', 'DELETE', `/api/courses/${made.id}`);
      const items = (await ok('superadmin', 'GET', '/api/recycle-bin?resource=courses')).json as {
        id: number;
        recordId: number;
      }[];
      await ok('superadmin', 'POST', `/api/recycle-bin/${items.find((item) => item.recordId === made.id)!.id}/restore`);
    }
    expect(await shown(unchanged.id)).toBe(false);
    expect(await shown(changed.id)).toBe(true);
  });

  it.runIf(onPostgres)('keeps an edit that commits after a publish read the draft', async () => {
    const made = await course('admin');
    // Edited and published again, so that its live version has seen a write of its own.
    await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'A modifié' });
    await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    // An edit left open while the course is published again: the publish does not see it.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const writtenOpen = new Promise<void>((resolve) => (written = resolve));
    const edit = t.db.transaction(async (tx) => {
      await tx.query(`UPDATE chapter_parts SET title = 'a1 pendant la publication' WHERE id = $1`, [made.part]);
      written();
      await committing;
    });
    await writtenOpen;
    try {
      await ok('admin', 'PUT', `/api/courses/${made.id}/publish`);
    } finally {
      commit();
    }
    await edit;
    expect(await shown(made.id)).toBe(true);
  });

  it('forgets the writes of a course once it is deleted for good, at the hourly purge', async () => {
    const recorded = async (id: number) =>
      Number((await t.db.query<{ n: string }>('SELECT test_draft_writes($1) AS n', [id]))[0].n);
    const kept = await course('admin');
    const gone = await course('admin');
    for (const made of [kept, gone]) await ok('admin', 'PUT', `/api/chapters/${made.chapter}`, { title: 'Modifié' });
    expect(await recorded(gone.id)).toBeGreaterThan(0);
    await ok('superadmin', 'DELETE', `/api/courses/${gone.id}`);
    const items = (await ok('superadmin', 'GET', '/api/recycle-bin?resource=courses')).json as {
      id: number;
      recordId: number;
    }[];
    await ok('superadmin', 'DELETE', `/api/recycle-bin/${items.find((item) => item.recordId === gone.id)!.id}`);
    await purgeRetiredNodes(t.db.scoped(PLATFORM));
    expect(await recorded(gone.id)).toBe(0);
    // A course still there keeps its writes, and its unpublished changes.
    expect(await recorded(kept.id)).toBeGreaterThan(0);
    expect(await shown(kept.id)).toBe(true);
  });

  it('refuses a value other than true or false', async () => {
    for (const value of ['maybe', 'toString', '2']) {
      const response = await sendAs(t, 'admin', 'GET', `/api/courses?unpublishedChanges=${value}`);
      expect(response.status, value).toBe(400);
    }
  });
});
