/**
 * Who else has a ticket open and who is typing a reply: the signals a ticket panel sends, how long each
 * one holds without the next, and the budget they spend from (their own, apart from the write budget:
 * a panel left open must never use up its user's writes).
 */
export const PRESENCE_STATES = ['viewing', 'typing', 'left'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** The live event's topic (the event stream's `event:` line). */
export const PRESENCE_TOPIC = 'presence';

/** An open panel says so this often... */
export const PRESENCE_HEARTBEAT_SECONDS = 15;
/** ...and is taken for gone this long after its last word (a closed tab, a lost network). */
export const PRESENCE_TTL_SECONDS = 40;
/** A reply box that changes says so at most this often... */
export const TYPING_SIGNAL_SECONDS = 3;
/** ...and its author is taken for typing this long after. */
export const TYPING_TTL_SECONDS = 8;

/**
 * The presence signals one user may send at once, and how many come back an hour: a panel open with its
 * reply box busy sends 4 heartbeats and 20 typing signals a minute at most.
 */
export const PRESENCE_BUDGET = { burst: 40, perHour: 2_400 } as const;

/** Someone on a ticket, as the server answers and streams it: seconds left, from when it was sent. */
export interface PresenceEntry {
  user: { id: number; name: string };
  expiresIn: number;
  /** Null when not typing. */
  typingExpiresIn: number | null;
}

/** A presence event: someone's new state on a ticket (`left`: gone). */
export interface PresenceEvent extends PresenceEntry {
  ticket: number;
  state: PresenceState;
}
