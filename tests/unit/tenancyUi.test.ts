import { memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider, rolesAllow } from '../../src/providers/authProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createSessionStore, memoryStorage, type SessionStore } from '../../src/providers/sessionStore';
import { CHOSEN_STRUCTURE_KEY, chosenStructure, structureOf } from '../../src/providers/structureChoice';

/**
 * The back-office's side of structures: the structure platform staff chose goes to the API as
 * `X-Structure` on every secured call, and `canAccess` offers no change of a record the session's
 * structure does not own (a catalogue course, read from inside a structure).
 */

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

function sessionOf(roles: string[], company: number | null): SessionStore {
  const storage = memoryStorage();
  const session = createSessionStore(() => storage, 'test');
  const token = jwt({
    role: roles,
    exp: Math.floor(Date.now() / 1000) + 3600,
    company,
    employeeId: 42,
    username: 'x@demo.fr',
    scope: 'full',
  });
  session.save({ token, refreshToken: 'r', roles });
  return session;
}

function recordingClient(session: SessionStore, structure: () => number | null | undefined) {
  const headers: Headers[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
    headers.push(new Headers(init.headers));
    return Response.json({});
  });
  const { httpClient } = createHttpClient({ fetch, session, structure });
  return { httpClient, headers };
}

describe('the structure header', () => {
  const staff = () => sessionOf(['ROLE_SUPER_ADMIN'], null);

  it('names the chosen structure on every secured call, and follows the choice at once', async () => {
    let chosen: number | null = 7;
    const { httpClient, headers } = recordingClient(staff(), () => chosen);
    await httpClient('/api/users');
    await httpClient('/api/tickets', { method: 'POST', body: '{}', headers: { 'X-Other': '1' } });
    chosen = null;
    await httpClient('/api/users');
    expect(headers.map((sent) => sent.get('X-Structure'))).toEqual(['7', '7', null]);
    expect(headers[1].get('X-Other')).toBe('1');
  });

  it("is not sent on public calls, nor on a call made across all structures (the switcher's list)", async () => {
    const { httpClient, headers } = recordingClient(staff(), () => 7);
    await httpClient('/api/auth/token', { method: 'POST', body: '{}', secured: false });
    await httpClient('/api/companies?q=acad', { listing: true, allStructures: true });
    expect(headers.map((sent) => sent.get('X-Structure'))).toEqual([null, null]);
  });

  it('is not sent when the session asks for its own user record: the profile stays readable in any structure', async () => {
    const { httpClient, headers } = recordingClient(staff(), () => 7);
    await httpClient('/api/users/42');
    await httpClient('/api/users/42', { method: 'PUT', body: '{}' });
    await httpClient('/api/users/43');
    await httpClient('/api/users/42/user-connections');
    expect(headers.map((sent) => sent.get('X-Structure'))).toEqual([null, null, '7', '7']);
  });

  it("gives the app bar the staff's own name while a structure is chosen", async () => {
    const session = staff();
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) =>
      // The server's answer to platform staff inside a structure: their own record is none of its rows.
      new Headers(init.headers).get('X-Structure')
        ? Response.json({ title: 'Not Found' }, { status: 404 })
        : Response.json({ id: 42, firstName: 'Sophie', lastName: 'Martin', url }),
    );
    const { httpClient } = createHttpClient({ fetch, session, structure: () => 7, errorCallUrl: 'http://x/none' });
    const authProvider = createAuthProvider({
      http: httpClient,
      session,
      renewSession: async () => undefined,
      preferences: memoryStorage,
      route: () => '/',
    });
    expect(await authProvider.getIdentity?.()).toMatchObject({ id: 42, fullName: 'Sophie Martin' });
  });

  it("is the platform staff's choice only: a structure's people send none, whatever the store holds", () => {
    const store = memoryStore({ [CHOSEN_STRUCTURE_KEY]: { id: 7, name: 'Transports Morel' } });
    expect(chosenStructure(store, staff())).toEqual({ id: 7, name: 'Transports Morel' });
    expect(chosenStructure(store, sessionOf(['ROLE_ADMIN'], 3))).toBeNull();
    expect(chosenStructure(memoryStore({ [CHOSEN_STRUCTURE_KEY]: { id: 'x' } }), staff())).toBeNull();
    expect(structureOf(sessionOf(['ROLE_ADMIN'], 3), 7)).toEqual({ structure: 3, allStructures: false });
    expect(structureOf(staff(), undefined)).toEqual({ structure: null, allStructures: true });
  });
});

describe("canAccess with a record and the session's structure", () => {
  const catalogueCourse = { id: 1, title: 'Excel', company: null };
  const ownCourse = { id: 2, title: 'Excel (copie)', company: { id: 3, name: 'Académie Démo' } };
  const otherCourse = { id: 3, title: 'Word', company: { id: 9, name: 'Transports Morel' } };

  const canAccess = (
    session: SessionStore,
    action: string,
    record: Record<string, unknown>,
    chosen: number | null = null,
    resource = 'courses',
  ) =>
    createAuthProvider({
      http: vi.fn(),
      session,
      renewSession: async () => undefined,
      preferences: memoryStorage,
      route: () => '/courses',
      chosenStructure: () => chosen,
    }).canAccess!({ resource, action, record });

  it("offers a structure's people their own rows to change, the catalogue's to read only", async () => {
    for (const roles of [['ROLE_ADMIN'], ['ROLE_USER']]) {
      const session = sessionOf(roles, 3);
      expect(await canAccess(session, 'show', catalogueCourse)).toBe(true);
      expect(await canAccess(session, 'edit', catalogueCourse)).toBe(false);
      expect(await canAccess(session, 'edit', ownCourse)).toBe(true);
      expect(await canAccess(session, 'edit', otherCourse)).toBe(false);
    }
    // A field's edit follows the record's.
    expect(
      rolesAllow(['ROLE_ADMIN'], 'courses.title', 'write', catalogueCourse, 42, { structure: 3, allStructures: false }),
    ).toBe(false);
    expect(
      rolesAllow(['ROLE_ADMIN'], 'courses.title', 'write', ownCourse, 42, { structure: 3, allStructures: false }),
    ).toBe(true);
  });

  it('lets platform staff change the catalogue across all structures, not from inside one', async () => {
    const staff = sessionOf(['ROLE_SUPER_ADMIN'], null);
    expect(await canAccess(staff, 'edit', catalogueCourse)).toBe(true);
    expect(await canAccess(staff, 'delete', otherCourse)).toBe(true);
    expect(await canAccess(staff, 'edit', catalogueCourse, 3)).toBe(false);
    expect(await canAccess(staff, 'delete', catalogueCourse, 3)).toBe(false);
    expect(await canAccess(staff, 'edit', ownCourse, 3)).toBe(true);
    expect(await canAccess(staff, 'show', catalogueCourse, 3)).toBe(true);
  });

  it("reads a structure's own row from the structure itself, and leaves the platform's rows to the rights table", async () => {
    const staff = sessionOf(['ROLE_SUPER_ADMIN'], null);
    expect(await canAccess(staff, 'edit', { id: 3, name: 'Académie Démo' }, 3, 'companies')).toBe(true);
    expect(await canAccess(staff, 'edit', { id: 9, name: 'Transports Morel' }, 3, 'companies')).toBe(false);
    expect(await canAccess(staff, 'edit', { id: 1, code: 'FR' }, 3, 'countries')).toBe(true);
  });
});
