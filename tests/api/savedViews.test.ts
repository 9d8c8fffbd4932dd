import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEW_PARAMS_MAX_LENGTH, SAVED_VIEWS_PER_LIST, type SavedView } from '../../src/domain/savedViews.ts';
import { runInScope } from '../../server/db/scope.ts';
import { administratorOf, type Caller, sendAs, type Who } from '../security/support/structures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Saved views: each user keeps their own views of each list on the server; another user, of the same
 * structure or another, neither sees nor changes them; their names and sizes are bounded.
 */
let t: TestApp;
let structure: number;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp();
  structure = Number(t.users.contributor.company);
  stranger = (await administratorOf(t, structure, true)).caller;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);

const views = async (who: Who, resource: string): Promise<SavedView[]> => {
  const response = await send(who, 'GET', `/api/saved-views?resource=${resource}`);
  expect(response.status, response.body).toBe(200);
  return response.json as SavedView[];
};

async function save(who: Who, resource: string, name: string, params: unknown = { filter: {} }) {
  const response = await send(who, 'POST', '/api/saved-views', { resource, name, params });
  expect(response.status, response.body).toBe(201);
  return response.json as SavedView;
}

describe('/api/saved-views', () => {
  it("keeps a user's view of a list, renames it, changes it and deletes it", async () => {
    const params = {
      filter: { status: 'draft', q: 'sécurité' },
      sort: { field: 'title', order: 'ASC' },
      columns: ['title', 'status'],
    };
    const view = await save('contributor', 'courses', 'Mes brouillons', params);
    expect(view).toMatchObject({ resource: 'courses', name: 'Mes brouillons', params });
    expect((await views('contributor', 'courses')).map((found) => found.id)).toContain(view.id);
    expect((await views('contributor', 'modules')).map((found) => found.id)).not.toContain(view.id);

    const renamed = await send('contributor', 'PUT', `/api/saved-views/${view.id}`, { name: 'Brouillons' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Brouillons', params });
    const changed = await send('contributor', 'PUT', `/api/saved-views/${view.id}`, { params: { filter: {} } });
    expect(changed.json).toMatchObject({ name: 'Brouillons', params: { filter: {} } });

    expect((await send('contributor', 'DELETE', `/api/saved-views/${view.id}`)).status).toBe(204);
    expect((await views('contributor', 'courses')).map((found) => found.id)).not.toContain(view.id);
    expect((await send('contributor', 'DELETE', `/api/saved-views/${view.id}`)).status).toBe(404);
  });

  it("hides a user's views from every other user, of the same structure or another", async () => {
    const view = await save('contributor', 'tickets', 'En attente', { filter: { status: 'created' } });
    for (const other of ['admin', 'superadmin', stranger] as Who[]) {
      expect((await views(other, 'tickets')).map((found) => found.id)).not.toContain(view.id);
      expect((await send(other, 'PUT', `/api/saved-views/${view.id}`, { name: 'Pris' })).status).toBe(404);
      expect((await send(other, 'DELETE', `/api/saved-views/${view.id}`)).status).toBe(404);
    }
    expect((await views('contributor', 'tickets')).map((found) => found.name)).toContain('En attente');
  });

  it("lists all of a user's views without a list, by list, and none of anyone else's", async () => {
    const ticketsView = await save('contributor', 'tickets', 'Tous mes bugs', { filter: { type: 1 } });
    const coursesView = await save('contributor', 'courses', 'Tout publié', { filter: { status: 'published' } });
    const all = await send('contributor', 'GET', '/api/saved-views');
    expect(all.status, all.body).toBe(200);
    const found = all.json as SavedView[];
    expect(found.map((view) => view.id)).toEqual(expect.arrayContaining([ticketsView.id, coursesView.id]));
    const order = found.map((view) => `${view.resource}\u0000${view.name}`);
    expect(order).toEqual([...order].sort());
    for (const other of ['admin', 'superadmin', stranger] as Who[]) {
      const theirs = await send(other, 'GET', '/api/saved-views');
      expect(theirs.status, theirs.body).toBe(200);
      const ids = (theirs.json as SavedView[]).map((view) => view.id);
      expect(ids).not.toContain(ticketsView.id);
      expect(ids).not.toContain(coursesView.id);
    }
  });

  it('keeps a view to its user in the database too, whatever a statement asks', async () => {
    const view = await save('contributor', 'users', 'Actifs', { filter: { enabled: true } });
    const admin = t.users.admin;
    const asAdmin = await runInScope({ structure, platform: false, userId: Number(admin.id) }, () =>
      t.appDb.query('SELECT id FROM saved_views WHERE id = $1', [view.id]),
    );
    expect(asAdmin).toEqual([]);
    const asNoOne = await runInScope({ structure, platform: true }, () =>
      t.appDb.query('SELECT id FROM saved_views WHERE id = $1', [view.id]),
    );
    expect(asNoOne).toEqual([]);
    const asOwner = await runInScope({ structure, platform: false, userId: Number(t.users.contributor.id) }, () =>
      t.appDb.query('SELECT id FROM saved_views WHERE id = $1', [view.id]),
    );
    expect(asOwner).toEqual([{ id: view.id }]);
    // Its user's id alone is not enough: the row must be in the statement's structure too.
    const stranger = (await administratorOf(t, structure, true)).structure;
    const elsewhere = await runInScope(
      { structure: stranger, platform: false, userId: Number(t.users.contributor.id) },
      () => t.appDb.query('SELECT id FROM saved_views WHERE id = $1', [view.id]),
    );
    expect(elsewhere).toEqual([]);
  });

  it('follows platform staff from one structure they work in to another', async () => {
    const view = await save('superadmin', 'companies', 'Actives', { filter: { status: 'active' } });
    const elsewhere = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(structure) } };
    expect((await views(elsewhere, 'companies')).map((found) => found.id)).toContain(view.id);
  });

  it('refuses a second view of the same name, an unknown list, and what is too large or too many', async () => {
    await save('admin', 'documents', 'Factures');
    const twice = await send('admin', 'POST', '/api/saved-views', {
      resource: 'documents',
      name: 'Factures',
      params: { filter: {} },
    });
    expect(twice.status).toBe(422);
    expect(twice.json.violations[0]).toMatchObject({ propertyPath: 'name', code: 'unique' });
    const unknown = await send('admin', 'POST', '/api/saved-views', {
      resource: 'nope',
      name: 'x',
      params: { filter: {} },
    });
    expect(unknown.status).toBe(422);
    expect((await send('admin', 'GET', '/api/saved-views?resource=nope')).status).toBe(400);
    const blank = await send('admin', 'POST', '/api/saved-views', {
      resource: 'documents',
      name: ' ',
      params: { filter: {} },
    });
    expect(blank.json.violations[0]).toMatchObject({ propertyPath: 'name' });
    const large = await send('admin', 'POST', '/api/saved-views', {
      resource: 'documents',
      name: 'Grande',
      params: { filter: { q: 'x'.repeat(SAVED_VIEW_PARAMS_MAX_LENGTH) } },
    });
    expect(large.status).toBe(422);
    expect(large.json.violations[0]).toMatchObject({ propertyPath: 'params' });
    const badSort = await send('admin', 'POST', '/api/saved-views', {
      resource: 'documents',
      name: 'Tri',
      params: { filter: {}, sort: { field: 'name', order: 'UP' } },
    });
    expect(badSort.status).toBe(422);
    for (let index = 1; index < SAVED_VIEWS_PER_LIST; index++) await save('admin', 'documents', `Vue ${index}`);
    const tooMany = await send('admin', 'POST', '/api/saved-views', {
      resource: 'documents',
      name: 'Une de trop',
      params: { filter: {} },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.violations[0]).toMatchObject({ propertyPath: 'name', code: 'too_many' });
    expect((await t.request('GET', '/api/saved-views?resource=documents')).status).toBe(401);
  });
});
