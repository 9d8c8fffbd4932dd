import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, memoryStorage } from '../../src/providers/sessionStore.ts';
import type { SessionTokens } from '../../src/providers/session.ts';
import { createTabSessions, type TabChannel, type TabMessage } from '../../src/providers/tabSessions.ts';

/** Tabs of one browser: each has its own channel end, and a message reaches every other end, later. */
function browser() {
  const ends: ((message: TabMessage) => void)[] = [];
  return (): TabChannel => {
    const listeners: ((event: { data: TabMessage }) => void)[] = [];
    const deliver = (message: TabMessage) => listeners.forEach((listener) => listener({ data: message }));
    ends.push(deliver);
    return {
      postMessage: (message) => {
        for (const end of ends) if (end !== deliver) setTimeout(() => end(structuredClone(message)), 0);
      },
      addEventListener: (_type, listener) => void listeners.push(listener),
    };
  };
}

function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}
const tokensFor = (sid: string): SessionTokens => ({
  token: jwt({ role: ['ROLE_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600, employeeId: 3, sid }),
  refresh_token: `refresh-${sid}`,
});

function tab(open: () => TabChannel, signedIn: string | undefined, answerDelay = () => Promise.resolve()) {
  const storage = memoryStorage();
  const session = createSessionStore(() => storage, 'test');
  if (signedIn) {
    const { token, refresh_token: refreshToken } = tokensFor(signedIn);
    session.save({ token, refreshToken, roles: ['ROLE_ADMIN'] });
  }
  let forks = 0;
  const fork = vi.fn(async () => tokensFor(`${signedIn}-fork-${++forks}`));
  const onSignedOutElsewhere = vi.fn();
  const tabs = createTabSessions({ channel: open(), session, fork, onSignedOutElsewhere, waitMs: 100, answerDelay });
  return { session, fork, onSignedOutElsewhere, tabs };
}

describe('sessions across the tabs of a browser', () => {
  it('hands a new tab a session of its own, forked by one open tab only', async () => {
    const open = browser();
    const first = tab(open, 'a');
    const second = tab(open, 'b', () => new Promise((resolve) => setTimeout(resolve, 20)));
    const newcomer = tab(open, undefined);
    await expect(newcomer.tabs.adopt()).resolves.toBe(true);
    expect(newcomer.session.getToken()).toBe(tokensFor('a-fork-1').token);
    expect(newcomer.session.getRefreshToken()).toBe('refresh-a-fork-1');
    expect(newcomer.session.getRoles()).toEqual(['ROLE_ADMIN']);
    // The later tab saw the request answered and opened nothing; the first kept its own session.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(first.fork).toHaveBeenCalledTimes(1);
    expect(second.fork).not.toHaveBeenCalled();
    expect(first.session.getRefreshToken()).toBe('refresh-a');
  });

  it('waits for a session that takes the server longer than the tabs take to answer', async () => {
    const open = browser();
    const slow = tab(open, 'a');
    slow.fork.mockImplementationOnce(() => new Promise((resolve) => setTimeout(() => resolve(tokensFor('slow')), 250)));
    const newcomer = tab(open, undefined);
    await expect(newcomer.tabs.adopt()).resolves.toBe(true);
    expect(newcomer.session.getRefreshToken()).toBe('refresh-slow');
  });

  it('takes a session offered after the wait, unless the tab signed in meanwhile', async () => {
    const open = browser();
    // The open tab is busy past the new tab's wait: it answers 150 ms late.
    tab(open, 'a', () => new Promise((resolve) => setTimeout(resolve, 150)));
    const newcomer = tab(open, undefined);
    const onLate = vi.fn();
    await expect(newcomer.tabs.adopt(onLate)).resolves.toBe(false);
    await vi.waitFor(() => expect(onLate).toHaveBeenCalledTimes(1));
    expect(newcomer.session.getRefreshToken()).toBe('refresh-a-fork-1');

    // Another browser, the same busy tab: this new tab's user signs in on the form before the offer comes.
    const other = browser();
    const busyThere = tab(other, 'b', () => new Promise((resolve) => setTimeout(resolve, 150)));
    const signsIn = tab(other, undefined);
    const unused = vi.fn();
    await expect(signsIn.tabs.adopt(unused)).resolves.toBe(false);
    const { token, refresh_token: refreshToken } = tokensFor('own');
    signsIn.session.save({ token, refreshToken, roles: ['ROLE_ADMIN'] });
    await vi.waitFor(() => expect(busyThere.fork).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unused).not.toHaveBeenCalled();
    expect(signsIn.session.getRefreshToken()).toBe('refresh-own');
  });

  it('leaves a tab opened alone, or among tabs without a session, to sign in', async () => {
    const open = browser();
    const signedOutTab = tab(open, undefined);
    const alone = tab(open, undefined);
    await expect(alone.tabs.adopt()).resolves.toBe(false);
    expect(alone.session.getToken()).toBeUndefined();
    expect(signedOutTab.fork).not.toHaveBeenCalled();
  });

  it('does not take a session a tab could not open', async () => {
    const open = browser();
    const refusing = tab(open, 'a');
    refusing.fork.mockResolvedValueOnce(undefined as unknown as SessionTokens);
    const newcomer = tab(open, undefined);
    await expect(newcomer.tabs.adopt()).resolves.toBe(false);
  });

  it('signs every tab with a session out when one signs out', async () => {
    const open = browser();
    const leaving = tab(open, 'a');
    const other = tab(open, 'b');
    const signedOutAlready = tab(open, undefined);
    leaving.session.clear();
    leaving.tabs.signedOut();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(other.onSignedOutElsewhere).toHaveBeenCalledTimes(1);
    expect(signedOutAlready.onSignedOutElsewhere).not.toHaveBeenCalled();
    expect(leaving.onSignedOutElsewhere).not.toHaveBeenCalled();
  });
});
