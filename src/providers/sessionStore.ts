/**
 * The session lives in sessionStorage (spec, section 6), so closing the tab ends it. Keys carry the
 * application name so that two back-offices served from one origin keep their sessions apart.
 */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME ?? 'lms-backoffice';

const KEYS = ['token', 'refresh_token', 'roles'] as const;
type SessionKey = (typeof KEYS)[number];

const keyOf = (key: SessionKey) => `${APP_NAME}.${key}`;
const read = (key: SessionKey) => sessionStorage.getItem(keyOf(key)) ?? undefined;

export interface StoredSession {
  token: string;
  refreshToken: string;
  roles: readonly string[];
}

export const sessionStore = {
  getToken: (): string | undefined => read('token'),

  getRefreshToken: (): string | undefined => read('refresh_token'),

  getRoles(): string[] {
    try {
      const roles: unknown = JSON.parse(read('roles') ?? '[]');
      return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
    } catch {
      return [];
    }
  },

  save({ token, refreshToken, roles }: StoredSession): void {
    sessionStorage.setItem(keyOf('token'), token);
    sessionStorage.setItem(keyOf('refresh_token'), refreshToken);
    sessionStorage.setItem(keyOf('roles'), JSON.stringify(roles));
  },

  clear(): void {
    for (const key of KEYS) sessionStorage.removeItem(keyOf(key));
  },
};
