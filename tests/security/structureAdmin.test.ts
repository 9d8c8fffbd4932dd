import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administratorOf } from './support/structures.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * A structure's administrator runs their own structure: invites, imports, changes, disables and removes its
 * people, and removes its courses' content to the bin; never platform staff, another structure's people, nor
 * a role above their own. Platform staff change a structure's rights on the rights screen's calls, and the
 * API enforces the change on every process.
 */
let t: TestApp;
let structure: number;
let platformMember: number;
let stranger: number;
let strangerAdmin: string;

const email = () => `invite-${randomUUID()}@academie-demo.fr`;
const person = (roles = ['ROLE_USER']) => ({
  email: email(),
  firstName: 'Camille',
  lastName: 'Roux',
  type: 'contributor',
  roles,
  locale: 'fr',
});

beforeAll(async () => {
  t = await createTestApp();
  structure = t.users.admin.company!;
  // Platform staff may belong to a structure (the demo's Julien Robert): out of its administrator's reach.
  const staff = await t.request('POST', '/api/users', {
    as: 'superadmin',
    body: { ...person(['ROLE_SUPER_ADMIN']), company: `/api/companies/${structure}` },
  });
  platformMember = staff.json.id;
  [{ id: stranger }] = await t.db.query<{ id: number }>(
    'SELECT id FROM users WHERE company_id <> $1 ORDER BY id LIMIT 1',
    [structure],
  );
  strangerAdmin = (await administratorOf(t, structure, true)).caller.token!;
});
afterAll(async () => {
  await t?.close();
});

const cell = (body: Record<string, unknown>, headers: Record<string, string> = { 'X-Structure': String(structure) }) =>
  t.request('PUT', '/api/role-permissions', { as: 'superadmin', headers, body });

describe("a structure's administrator and their people", () => {
  it('invites a person into their structure, and mails them their code', async () => {
    const created = await t.request('POST', '/api/users', { as: 'admin', body: person(['ROLE_ADMIN']) });
    expect(created.status).toBe(201);
    expect(created.json.company.id).toBe(structure);
    expect(created.json.roles).toEqual(expect.arrayContaining(['ROLE_ADMIN', 'ROLE_FIRST_CONNECT']));
    const invited = await t.request('POST', `/api/users/${created.json.id}/send-invitation`, { as: 'admin' });
    expect(invited.status).toBe(204);
  });

  it('never gives a role above their own, on a create, an update or an import', async () => {
    const created = await t.request('POST', '/api/users', { as: 'admin', body: person(['ROLE_SUPER_ADMIN']) });
    expect(created.status).toBe(422);
    expect(created.json.violations[0]).toMatchObject({ propertyPath: 'roles', code: 'role_above' });
    expect(created.json.violations[0].message).toMatch(/supérieur/);
    const [{ id }] = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE company_id = $1 AND roles = ARRAY['ROLE_USER'] ORDER BY id LIMIT 1`,
      [structure],
    );
    const promoted = await t.request('PUT', `/api/users/${id}`, { as: 'admin', body: { roles: ['ROLE_SUPER_ADMIN'] } });
    expect(promoted.status).toBe(422);
    expect(promoted.json.violations[0].propertyPath).toBe('roles');
    const [after] = await t.db.query<{ roles: string[] }>('SELECT roles FROM users WHERE id = $1', [id]);
    expect(after.roles).toEqual(['ROLE_USER']);
    const imported = await t.request('POST', '/api/users/import', {
      as: 'admin',
      body: { rows: [person(), person(['ROLE_SUPER_ADMIN'])], dryRun: false },
    });
    expect(imported.status).toBe(422);
    expect(imported.json.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['rows[1].roles']);
  });

  it('imports people into their structure', async () => {
    const rows = [person(), person(['ROLE_ADMIN'])];
    const imported = await t.request('POST', '/api/users/import', { as: 'admin', body: { rows, dryRun: false } });
    expect(imported.status).toBe(201);
    expect(imported.json.invited).toEqual(imported.json.ids);
    const placed = await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = ANY($1::int4[])', [
      imported.json.ids,
    ]);
    expect(placed.map((row) => row.company_id)).toEqual([structure, structure]);
  });

  it('disables and removes their people', async () => {
    const created = await t.request('POST', '/api/users', { as: 'admin', body: person() });
    const path = `/api/users/${created.json.id}`;
    const disabled = await t.request('PUT', path, { as: 'admin', body: { enabled: false } });
    expect(disabled.status).toBe(200);
    expect(disabled.json.enabled).toBe(false);
    expect((await t.request('DELETE', path, { as: 'admin' })).status).toBe(204);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [created.json.id])).toHaveLength(0);
  });

  it('never touches platform staff, even of their structure', async () => {
    const path = `/api/users/${platformMember}`;
    expect((await t.request('GET', path, { as: 'admin' })).status).toBe(200);
    expect((await t.request('PUT', path, { as: 'admin', body: { enabled: false } })).status).toBe(404);
    expect((await t.request('PUT', path, { as: 'admin', body: { roles: ['ROLE_USER'] } })).status).toBe(404);
    expect((await t.request('DELETE', path, { as: 'admin' })).status).toBe(404);
    expect((await t.request('POST', `${path}/send-invitation`, { as: 'admin' })).status).toBe(404);
    const [after] = await t.db.query<{ enabled: boolean; roles: string[] }>(
      'SELECT enabled, roles FROM users WHERE id = $1',
      [platformMember],
    );
    expect(after.enabled).toBe(true);
    expect(after.roles).toContain('ROLE_SUPER_ADMIN');
  });

  it("never touches another structure's people", async () => {
    const path = `/api/users/${stranger}`;
    for (const call of [
      t.request('PUT', path, { as: 'admin', body: { enabled: false } }),
      t.request('DELETE', path, { as: 'admin' }),
      t.request('POST', `${path}/send-invitation`, { as: 'admin' }),
    ])
      expect((await call).status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1 AND enabled', [stranger])).toHaveLength(1);
  });

  it('leaves inviting to those who may change every user', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `SELECT id FROM users WHERE company_id = $1 AND 'ROLE_FIRST_CONNECT' = ANY(roles) ORDER BY id LIMIT 1`,
      [structure],
    );
    expect((await t.request('POST', `/api/users/${id}/send-invitation`, { as: 'contributor' })).status).toBe(403);
  });

  it("removes their structure's module to the bin, never the catalogue's", async () => {
    const [own] = await t.db.query<{ id: number }>(
      `SELECT m.id FROM modules m JOIN courses c ON c.id = m.course_id
        WHERE c.company_id = $1 AND c.status = 'draft' ORDER BY m.id LIMIT 1`,
      [structure],
    );
    expect((await t.request('DELETE', `/api/modules/${own.id}`, { as: 'admin' })).status).toBe(204);
    const bin = await t.request('GET', '/api/recycle-bin?resource=modules', {
      as: 'admin',
      accept: 'application/json',
    });
    expect(bin.json.map((item: { recordId: number }) => item.recordId)).toContain(own.id);
    const [catalogue] = await t.db.query<{ id: number }>(
      `SELECT m.id FROM modules m JOIN courses c ON c.id = m.course_id WHERE c.company_id IS NULL ORDER BY m.id LIMIT 1`,
    );
    expect((await t.request('DELETE', `/api/modules/${catalogue.id}`, { as: 'admin' })).status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM modules WHERE id = $1', [catalogue.id])).toHaveLength(1);
  });
});

describe("a structure's rights, as platform staff set them", () => {
  const withdraw = { role: 'ROLE_ADMIN', resource: 'users', operation: 'create', allowed: false };

  it('withdraws a right: the API refuses it on every process, in that structure only', async () => {
    const other = await t.anotherProcess();
    const token = await t.tokenFor('admin');
    const changed = await cell(withdraw);
    expect(changed.status).toBe(200);
    expect(changed.json.grants).toEqual({ 'ROLE_ADMIN users create': false });
    for (const process of [t, other]) {
      const refused = await process.request('POST', '/api/users', { token, body: person() });
      expect(refused.status).toBe(403);
      const imported = await process.request('POST', '/api/users/import', {
        token,
        body: { rows: [person()], dryRun: true },
      });
      expect(imported.status).toBe(403);
    }
    // The structure's people read what their back-office then follows.
    const read = await t.request('GET', '/api/role-permissions', { as: 'admin' });
    expect(read.json).toMatchObject({ company: structure, grants: { 'ROLE_ADMIN users create': false } });
    // Another structure keeps the rights table's defaults.
    expect((await t.request('POST', '/api/users', { token: strangerAdmin, body: person() })).status).toBe(201);
    expect((await cell({ ...withdraw, allowed: null })).json.grants).toEqual({});
    for (const process of [t, other])
      expect((await process.request('POST', '/api/users', { token, body: person() })).status).toBe(201);
  });

  it('grants a right the defaults do not give, within the structure', async () => {
    const path = `/api/users/${t.users.admin.id}`;
    expect((await t.request('GET', path, { as: 'contributor' })).status).toBe(404);
    await cell({ role: 'ROLE_USER', resource: 'users', operation: 'get', allowed: true });
    expect((await t.request('GET', path, { as: 'contributor' })).status).toBe(200);
    expect((await t.request('GET', `/api/users/${stranger}`, { as: 'contributor' })).status).toBe(404);
    await cell({ role: 'ROLE_USER', resource: 'users', operation: 'get', allowed: null });
    expect((await t.request('GET', path, { as: 'contributor' })).status).toBe(404);
  });

  it("writes each change of a structure's rights in its journal, which its administrators read", async () => {
    const entries = async () => {
      const journal = await t.request(
        'GET',
        `/api/audit-log?action=change-rights&resource=companies&recordId=${structure}`,
        { as: 'admin' },
      );
      expect(journal.status, journal.body).toBe(200);
      return journal.json as { 'hydra:totalItems': number; 'hydra:member': Record<string, unknown>[] };
    };
    const before = (await entries())['hydra:totalItems'];
    const changed = await cell({ role: 'ROLE_USER', resource: 'tags', operation: 'delete', allowed: true });
    expect(changed.status, changed.body).toBe(200);
    await cell({ role: 'ROLE_USER', resource: 'tags', operation: 'delete', allowed: null });
    const after = await entries();
    expect(after['hydra:totalItems']).toBe(before + 2);
    expect(after['hydra:member'][0]).toMatchObject({ action: 'change-rights', userName: expect.any(String) });
  });

  it('leaves the rights to platform staff, in a chosen structure, on what a structure may be given', async () => {
    const admin = await t.request('PUT', '/api/role-permissions', { as: 'admin', body: withdraw });
    expect(admin.status).toBe(403);
    expect((await cell(withdraw, {})).status).toBe(400);
    const platform = await cell({ ...withdraw, resource: 'languages' });
    expect(platform.status).toBe(422);
    expect(platform.json.violations[0].propertyPath).toBe('resource');
    const role = await cell({ ...withdraw, role: 'ROLE_SUPER_ADMIN' });
    expect(role.status).toBe(422);
    expect(role.json.violations[0].propertyPath).toBe('role');
    expect(await t.db.query('SELECT 1 FROM role_permissions')).toHaveLength(0);
  });

  it("keeps each structure's rows to itself under row-level security", async () => {
    await cell(withdraw);
    const strangerRead = await t.request('GET', '/api/role-permissions', { token: strangerAdmin });
    expect(strangerRead.json.grants).toEqual({});
    await cell({ ...withdraw, allowed: null });
  });
});
