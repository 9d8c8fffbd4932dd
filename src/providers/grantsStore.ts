import { NO_GRANTS, type Grants } from '../domain/permissions';
import { isPlatformStaff } from '../domain/tenancy';
import type { HttpClient } from './httpClient';

/** Where the back-office reads its structure's rights from: `/api/role-permissions`. */
export const ROLE_PERMISSIONS_PATH = '/api/role-permissions';

/**
 * What the session's structure changed of the rights table (the rights screen), as `canAccess` reads it
 * with the roles: read once a session (a sign-in, a reload of the app), and again when asked (the rights
 * screen after a change). Until it is read, and when it cannot be, the table's defaults; the server enforces
 * the structure's rights whatever this holds. Platform staff follow the table alone.
 */
export interface GrantsStore {
  current(): Grants;
  /** Reads the session's grants once for `session` (its user), at once when already read. */
  ensure(http: HttpClient, session: string, roles: readonly string[]): Promise<void>;
  forget(): void;
}

export function createGrantsStore(): GrantsStore {
  let grants: Grants = NO_GRANTS;
  let readFor: string | undefined;
  let reading: Promise<void> | undefined;
  return {
    current: () => grants,
    ensure(http, session, roles) {
      if (isPlatformStaff(roles)) {
        grants = NO_GRANTS;
        readFor = session;
        return Promise.resolve();
      }
      if (readFor === session) return reading ?? Promise.resolve();
      readFor = session;
      reading = Promise.resolve()
        .then(() => http(ROLE_PERMISSIONS_PATH))
        .then(({ json }) => {
          if (readFor === session) grants = Object.freeze({ ...(json?.grants ?? {}) });
        })
        .catch(() => {
          // The defaults stand; the next session (or a reload) asks again.
          if (readFor === session) grants = NO_GRANTS;
        });
      return reading;
    },
    forget() {
      grants = NO_GRANTS;
      readFor = undefined;
      reading = undefined;
    },
  };
}

export const grantsStore = createGrantsStore();
