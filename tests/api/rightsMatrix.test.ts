import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../server/resources/definitions/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * API.md's "Roles and rights" matrix, written out here independently of the server's declarations, and
 * checked for every resource x operation x role. "all" for the super admin includes delete; "read, write"
 * does not.
 */
type Account = 'superadmin' | 'admin' | 'contributor';
type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
type Reach = 'all' | 'readWrite' | 'readWriteOwnDelete' | 'read' | 'readOwnWrite' | 'own' | 'none';

const AREAS: Record<string, { resources: string[]; reach: Record<Account, Reach> }> = {
  // A structure's administrators remove their own courses and outline (to the recycle bin).
  'course content': {
    resources: ['courses', 'modules', 'chapters', 'chapter-parts'],
    reach: { contributor: 'readWrite', admin: 'all', superadmin: 'all' },
  },
  content: {
    resources: ['tags', 'skills', 'comments', 'documents'],
    reach: { contributor: 'readWrite', admin: 'readWrite', superadmin: 'all' },
  },
  support: {
    resources: [
      'tickets',
      'notes-bo',
      'notification-templates',
      'participations',
      'user-supervisions',
      'chapter-validations',
      'chapter-part-responses',
      'canned-replies',
      'enrolment-rules',
    ],
    reach: { contributor: 'none', admin: 'readWrite', superadmin: 'all' },
  },
  administration: {
    resources: [
      'users',
      'access-rights',
      'user-connections',
      'sheets',
      'folders',
      'imports',
      'system-configurations',
      'error-calls',
      'audit-log',
    ],
    reach: { contributor: 'none', admin: 'none', superadmin: 'all' },
  },
  // A structure's administrators read their own structure; platform staff read and change every one.
  structures: {
    resources: ['companies'],
    reach: { contributor: 'none', admin: 'read', superadmin: 'all' },
  },
  // Everyone signed in reads the bin, which shows each the items of what they may delete (recycleBin.test.ts).
  'recycle bin': {
    resources: ['recycle-bin'],
    reach: { contributor: 'read', admin: 'read', superadmin: 'read' },
  },
};
// API.md's exceptions inside the areas: admins run their structure's users (and read their access rights and
// connections); contributors reach their own user, their own
// connections and their own bug tickets (which they may file); everyone signed in reads the country list.
// An admin is also a user (role hierarchy), so keeps what a contributor has on their own rows.
// Contributors' documents are course content and their own uploads (docs/SECURITY.md).
const EXCEPTIONS: Record<string, Partial<Record<Account, Reach>>> = {
  users: { admin: 'all', contributor: 'own' },
  // Admins read a user's page whole (its access rights' names, its sign-ins).
  'user-connections': { admin: 'read', contributor: 'own' },
  'access-rights': { admin: 'read' },
  // Admins read their structure's audit log.
  'audit-log': { admin: 'read' },
  tickets: { contributor: 'own' },
  documents: { contributor: 'own' },
  // Support staff delete their own internal notes.
  'notes-bo': { admin: 'readWriteOwnDelete' },
  // A structure's support staff manage their canned replies whole.
  'canned-replies': { admin: 'all' },
  // A structure's administrators run their enrolment rules whole.
  'enrolment-rules': { admin: 'all' },
};
const OWN_CREATE = new Set(['tickets']);

function expectedAllowed(resource: string, account: Account, operation: Operation): boolean | 'own' {
  // The platform's reference lists: everyone signed in reads them, platform staff write them.
  if (resource === 'countries' || resource === 'languages')
    return operation === 'list' || operation === 'get' || account === 'superadmin';
  const area = Object.values(AREAS).find((candidate) => candidate.resources.includes(resource));
  if (!area) throw new Error(`${resource} is in no area of the matrix`);
  const reach = EXCEPTIONS[resource]?.[account] ?? area.reach[account];
  switch (reach) {
    case 'all':
      return true;
    case 'readWrite':
      return operation !== 'delete';
    case 'readWriteOwnDelete':
      return operation === 'delete' ? 'own' : true;
    case 'read':
      return operation === 'list' || operation === 'get';
    case 'readOwnWrite':
      return operation === 'list' || operation === 'get' ? true : operation === 'update' ? 'own' : false;
    case 'own':
      if (operation === 'delete') return false;
      if (operation === 'create') return OWN_CREATE.has(resource) ? 'own' : false;
      return 'own';
    case 'none':
      return false;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function someId(table: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id DESC LIMIT 1`);
  return row?.id ?? 999_999;
}

describe('rights matrix', () => {
  it('covers every declared resource', () => {
    for (const declaration of declarations)
      expect(() => expectedAllowed(declaration.name, 'admin', 'list')).not.toThrow();
  });

  for (const declaration of declarations) {
    const operations = declaration.operations ?? ['list', 'get', 'create', 'update', 'delete'];
    for (const account of ['contributor', 'admin', 'superadmin'] as const) {
      for (const operation of operations) {
        const expected = expectedAllowed(declaration.name, account, operation);
        it(`${declaration.name} › ${operation} as ${account} is ${expected === true ? 'allowed' : expected === 'own' ? 'limited to own rows' : 'refused'}`, async () => {
          const id = await someId(declaration.table);
          const path = `/api/${operation === 'delete' ? (declaration.deletePath ?? declaration.name) : declaration.name}`;
          const call =
            operation === 'list'
              ? t.request('GET', path, { as: account })
              : operation === 'get'
                ? t.request('GET', `${path}/${id}`, { as: account })
                : operation === 'create'
                  ? t.request('POST', path, { as: account, body: {} })
                  : operation === 'update'
                    ? t.request('PUT', `${path}/${999_999}`, { as: account, body: {} })
                    : t.request('DELETE', `${path}/${999_999}`, { as: account });
          const response = await call;
          if (expected === false) {
            expect(response.status).toBe(403);
            expect(response.json.detail).toMatch(/requires/);
          } else {
            // Allowed: the call goes through to validation or lookup (200, 201, 204, 404, 422), never 403.
            expect(response.status).not.toBe(403);
            expect(response.status).toBeLessThan(500);
          }
        });
      }
    }
  }

  it('limits a contributor to their own user', async () => {
    const list = await t.request('GET', '/api/users', { as: 'contributor', accept: 'application/json' });
    expect(list.status).toBe(200);
    expect(list.json.map((user: { email: string }) => user.email)).toEqual(['contributeur@demo.fr']);
    const [other] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.fr'`);
    expect((await t.request('GET', `/api/users/${other.id}`, { as: 'contributor' })).status).toBe(404);
  });

  it("ignores a contributor's attempt to change their own roles", async () => {
    const [me] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    const response = await t.request('PUT', `/api/users/${me.id}`, {
      as: 'contributor',
      body: { roles: ['ROLE_SUPER_ADMIN'], phone: '0601020304' },
    });
    expect(response.status).toBe(200);
    expect(response.json.roles).toEqual(['ROLE_USER']);
    expect(response.json.phone).toBe('0601020304');
  });

  it("lets an admin delete their own notes, not another's", async () => {
    const [own] = await t.db.query<{ id: number }>(
      'SELECT id FROM tickets WHERE company_id = $1 ORDER BY id DESC LIMIT 1',
      [t.users.admin.company],
    );
    const ticket = `/api/tickets/${own.id}`;
    const mine = await t.request('POST', '/api/notes-bo', { as: 'admin', body: { content: 'La mienne', ticket } });
    const theirs = await t.request('POST', '/api/notes-bo', {
      as: 'superadmin',
      body: { content: 'La sienne', ticket, company: `/api/companies/${t.users.admin.company}` },
    });
    expect((await t.request('DELETE', `/api/notes-bo/${theirs.json.id}`, { as: 'admin' })).status).toBe(404);
    expect((await t.request('DELETE', `/api/notes-bo/${mine.json.id}`, { as: 'admin' })).status).toBe(204);
  });

  it('gives a contributor only their own bug tickets, and files theirs as bugs', async () => {
    const list = await t.request('GET', '/api/tickets', { as: 'contributor', accept: 'application/json' });
    const [me] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'contributeur@demo.fr'`);
    expect(
      list.json.every(
        (ticket: { type: number; author: { id: number } }) => ticket.type === 1 && ticket.author.id === me.id,
      ),
    ).toBe(true);
    const [support] = await t.db.query<{ id: number }>('SELECT id FROM tickets WHERE type = 2 ORDER BY id LIMIT 1');
    if (support) expect((await t.request('GET', `/api/tickets/${support.id}`, { as: 'contributor' })).status).toBe(404);
  });
});
