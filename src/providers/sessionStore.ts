/**
 * The session lives in sessionStorage, so closing the tab ends it and no session lingers on a shared
 * computer. Keys carry the application name so that two back-offices served from one origin keep their
 * sessions apart.
 */
// `import.meta.env` is Vite's; outside Vite (the refresh bench runs these modules in Node) it is absent.
export const APP_NAME: string = import.meta.env?.VITE_APP_NAME ?? 'lms-backoffice';

/** The side panel's history, in localStorage so that a reload and the other tabs keep it; logging out forgets it. */
export const SIDE_BLOCK_HISTORY_KEY = `${APP_NAME}.sideBlockHistory`;

const KEYS = ['token', 'refresh_token', 'roles'] as const;
type SessionKey = (typeof KEYS)[number];

/** The part of the Web Storage API the session needs, so that Node (bench, tests) can pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredSession {
  token: string;
  refreshToken: string;
  roles: readonly string[];
}

export interface SessionStore {
  getToken(): string | undefined;
  getRefreshToken(): string | undefined;
  getRoles(): string[];
  save(session: StoredSession): void;
  clear(): void;
}

/** A session store over `storage`, read at each call (the browser's may only exist once the page runs). */
export function createSessionStore(storage: () => KeyValueStorage, prefix: string = APP_NAME): SessionStore {
  const keyOf = (key: SessionKey) => `${prefix}.${key}`;
  const read = (key: SessionKey) => storage().getItem(keyOf(key)) ?? undefined;
  return {
    getToken: () => read('token'),

    getRefreshToken: () => read('refresh_token'),

    getRoles() {
      try {
        const roles: unknown = JSON.parse(read('roles') ?? '[]');
        return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
      } catch {
        return [];
      }
    },

    save({ token, refreshToken, roles }) {
      storage().setItem(keyOf('token'), token);
      storage().setItem(keyOf('refresh_token'), refreshToken);
      storage().setItem(keyOf('roles'), JSON.stringify(roles));
    },

    clear() {
      for (const key of KEYS) storage().removeItem(keyOf(key));
    },
  };
}

/** An in-memory storage, for Node. */
export function memoryStorage(): KeyValueStorage & { readonly size: number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    get size() {
      return values.size;
    },
  };
}

export const sessionStore: SessionStore = createSessionStore(() => sessionStorage);
