import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider, rolesAllow } from '../../src/providers/authProvider';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore';

/** The back-office offers a user's edit only where the server takes it; the account's language. */
describe('rights on a user record', () => {
  it("lets a contributor edit their own user, an admin their structure's people but platform staff", () => {
    for (const roles of [['ROLE_ADMIN'], ['ROLE_USER']])
      expect(rolesAllow(roles, 'users', 'edit', { id: 7, roles }, 7)).toBe(true);
    expect(rolesAllow(['ROLE_USER'], 'users', 'edit', { id: 8 }, 7)).toBe(false);
    expect(rolesAllow(['ROLE_ADMIN'], 'users', 'edit', { id: 8, roles: ['ROLE_USER'] }, 7)).toBe(true);
    expect(rolesAllow(['ROLE_ADMIN'], 'users', 'edit', { id: 8, roles: ['ROLE_SUPER_ADMIN'] }, 7)).toBe(false);
    expect(rolesAllow(['ROLE_ADMIN'], 'users', 'show', { id: 8 }, 7)).toBe(true);
    expect(rolesAllow(['ROLE_USER'], 'users', 'show', { id: 8 }, 7)).toBe(false);
  });

  it('lets a super admin edit anyone, and answers as the table without a record', () => {
    expect(rolesAllow(['ROLE_SUPER_ADMIN'], 'users', 'edit', { id: 8 }, 7)).toBe(true);
    expect(rolesAllow(['ROLE_ADMIN'], 'users', 'edit', undefined, 7)).toBe(true);
    expect(rolesAllow(['ROLE_USER'], 'users', 'delete', { id: 7 }, 7)).toBe(false);
    expect(rolesAllow(['ROLE_ADMIN'], 'access-rights', 'list', undefined, 7)).toBe(true);
    expect(rolesAllow(['ROLE_ADMIN'], 'access-rights', 'create', undefined, 7)).toBe(false);
  });
});

describe('the language of the account', () => {
  const jwt = (payload: Record<string, unknown>) =>
    ['{"alg":"HS256"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') +
    '.sig';

  it('is applied when the user signs in, from their user record', async () => {
    const token = jwt({
      role: ['ROLE_USER'],
      exp: Math.floor(Date.now() / 1000) + 3600,
      employeeId: 12,
      username: 'a@b.fr',
      scope: 'full',
    });
    const http = vi.fn(async (url: string) => {
      const json = url === '/api/auth/token' ? { token, refresh_token: 'r' } : { id: 12, locale: 'en' };
      return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    });
    const applyLocale = vi.fn();
    const storage = memoryStorage();
    const provider = createAuthProvider({
      http,
      session: createSessionStore(() => storage, 'test'),
      renewSession: async () => undefined,
      preferences: () => memoryStorage(),
      route: () => '/login',
      applyLocale,
    });
    await provider.login({ email: 'a@b.fr', password: 'x' });
    expect(http).toHaveBeenCalledWith('/api/users/12');
    expect(applyLocale).toHaveBeenCalledWith('en');
  });
});
