import { endSessionLost, forkSession } from './httpClient';
import { openSession, type SessionTokens } from './session';
import { APP_NAME, sessionStore, type SessionStore } from './sessionStore';

/**
 * The tabs of one browser share the user's sign-in without sharing its tokens' storage (sessionStorage is
 * per tab, and tokens stay out of localStorage): a new tab asks the open ones, one of them opens a second
 * session of its own (POST /api/auth/fork) and hands it over, and a sign-out in any tab signs every tab out.
 * Each tab keeps its own refresh-token family, so that no tab ever spends another's token (which the
 * server takes for a leak). The messages stay within the origin (BroadcastChannel).
 */

export type TabMessage =
  | { type: 'wanted'; id: string }
  /** A tab takes the request on, at once, before it opens the session: the asking tab then waits longer. */
  | { type: 'answering'; id: string }
  /** The session opened for the asking tab; without tokens when the server refused it. */
  | { type: 'offered'; id: string; tokens?: SessionTokens }
  | { type: 'signed-out' };

/** The part of BroadcastChannel the tabs need, so that tests can link tabs in memory. */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: { data: TabMessage }) => void): void;
}

export interface TabSessionsDeps {
  /** None where the browser has no BroadcastChannel: each tab then signs in on its own. */
  channel: TabChannel | undefined;
  session: SessionStore;
  /** A second session of this tab's, for another tab; undefined when this tab cannot open one. */
  fork: () => Promise<SessionTokens | undefined>;
  /** Another tab signed out while this one has a session: this one signs out too. */
  onSignedOutElsewhere: () => void;
  /** How long a new tab waits for an open one to take its request on; it is alone after that. */
  waitMs?: number;
  /** How long it then waits for the session itself (a call to the server). */
  handoverMs?: number;
  newId?: () => string;
  /** The pause before answering: tabs that would answer together let the first one do it. */
  answerDelay?: () => Promise<void>;
}

export interface TabSessions {
  /**
   * Asks the browser's other tabs for a session; true when one was handed over (and saved) in time. A tab
   * busy past the wait may still answer: `onLate` is called once such a session is saved, if this tab has
   * none of its own by then.
   */
  adopt(onLate?: () => void): Promise<boolean>;
  /** Tells the other tabs that this one signed out. */
  signedOut(): void;
}

export const TAB_WAIT_MS = 500;
export const TAB_HANDOVER_MS = 10_000;

interface Waiting {
  taken: () => void;
  offered: (tokens: SessionTokens | undefined) => void;
}

export function createTabSessions({
  channel,
  session,
  fork,
  onSignedOutElsewhere,
  waitMs = TAB_WAIT_MS,
  handoverMs = TAB_HANDOVER_MS,
  newId = () => crypto.randomUUID(),
  answerDelay = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 40)),
}: TabSessionsDeps): TabSessions {
  /** The requests some tab has taken on: a tab that sees one taken does not open a session for it. */
  const answered = new Set<string>();
  const waiting = new Map<string, Waiting>();

  async function answer(id: string) {
    await answerDelay();
    if (answered.has(id) || !session.getToken()) return;
    answered.add(id);
    channel?.postMessage({ type: 'answering', id });
    const tokens = await fork().catch(() => undefined);
    channel?.postMessage({ type: 'offered', id, tokens });
  }

  channel?.addEventListener('message', ({ data }) => {
    if (data.type === 'wanted') void answer(data.id);
    else if (data.type === 'answering') {
      answered.add(data.id);
      waiting.get(data.id)?.taken();
    } else if (data.type === 'offered') waiting.get(data.id)?.offered(data.tokens);
    else if (data.type === 'signed-out' && session.getToken()) onSignedOutElsewhere();
  });

  return {
    adopt(onLate) {
      if (!channel || session.getToken()) return Promise.resolve(false);
      const id = newId();
      const saved = (tokens: SessionTokens | undefined) => {
        try {
          return tokens !== undefined && Boolean(openSession(tokens, session));
        } catch {
          return false;
        }
      };
      return new Promise<boolean>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let late = false;
        const forget = () => {
          clearTimeout(timer);
          waiting.delete(id);
        };
        const settle = (adopted: boolean) => {
          forget();
          resolve(adopted);
        };
        // Alone, as far as this tab can tell: it goes on without a session, still listening a while.
        timer = setTimeout(() => {
          late = true;
          resolve(false);
          timer = setTimeout(forget, handoverMs);
        }, waitMs);
        waiting.set(id, {
          taken: () => {
            if (late) return;
            clearTimeout(timer);
            timer = setTimeout(() => settle(false), handoverMs);
          },
          offered: (tokens) => {
            if (!late) return settle(saved(tokens));
            forget();
            // Signed in meanwhile (the form): that session stays, the offered one is not taken.
            if (!session.getToken() && saved(tokens)) onLate?.();
          },
        });
        channel.postMessage({ type: 'wanted', id });
      });
    },

    signedOut() {
      channel?.postMessage({ type: 'signed-out' });
    },
  };
}

/** The browser's tabs of this back-office (the channel is named after the app, as the session's keys are). */
export const tabSessions: TabSessions = createTabSessions({
  channel: typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${APP_NAME}.session`),
  session: sessionStore,
  fork: forkSession,
  onSignedOutElsewhere: () => endSessionLost('app.auth.signed_out_elsewhere'),
});
