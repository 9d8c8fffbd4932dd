import { describe, expect, it } from 'vitest';
import { SessionVersions } from '../../server/auth/sessionVersions.ts';
import type { Database } from '../../server/db/database.ts';

/**
 * A structure's access end comes with no write, hence no notification. The standing kept per
 * user carries the date and each check compares it with the clock; a `company:<id>` notification (a plan
 * chosen, paid or left) drops everything kept.
 */
function fakeDatabase(endsAt: Date | null) {
  const reads: number[] = [];
  const listeners = new Map<string, (payload: string) => void>();
  const db = {
    kind: 'pglite',
    query: async (_sql: string, params: unknown[]) => {
      reads.push(Number(params[0]));
      return [{ session_version: 3, enabled: true, access_ends_at: endsAt }];
    },
    listen: async (channel: string, onNotify: (payload: string) => void) => {
      listeners.set(channel, onNotify);
      return async () => undefined;
    },
  } as unknown as Database;
  const notify = (payload: string) => listeners.get('session_versions')?.(payload);
  return { db, reads, notify, setEnd: (date: Date | null) => (endsAt = date) };
}

describe("a structure's access end in the session check", () => {
  it('refuses the token once the date has passed, without reading the database again', async () => {
    const now = Date.now();
    const { db, reads } = fakeDatabase(new Date(now + 60_000));
    const versions = new SessionVersions(db, 3600);
    await versions.start();
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now)).toBe(true);
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now + 59_999)).toBe(true);
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now + 60_000)).toBe(false);
    expect(reads).toEqual([7]);
  });

  it("forgets what it kept when a structure's plan changes", async () => {
    const now = Date.now();
    const { db, reads, notify, setEnd } = fakeDatabase(null);
    const versions = new SessionVersions(db, 3600);
    await versions.start();
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now)).toBe(true);
    setEnd(new Date(now - 1));
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now)).toBe(true);
    notify('company:12');
    expect(await versions.stands({ userId: 7, version: 3, family: 'session' }, now)).toBe(false);
    expect(reads).toEqual([7, 7]);
  });
});
