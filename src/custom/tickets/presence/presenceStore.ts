import type { QueryClient } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { PresenceEntry, PresenceEvent } from '../../../domain/presence';

/** Someone on a ticket, with the moments (this browser's clock) their presence and typing lapse. */
export interface Presence {
  id: number;
  name: string;
  until: number;
  typingUntil: number | null;
}

/** Who is on a ticket, by user id. Kept in react-query's cache while the ticket's panel is open. */
export type TicketPresenceState = Readonly<Record<number, Presence>>;

export const presenceKey = (ticket: Identifier) => ['ticket-presence', String(ticket)] as const;

const toPresence = (entry: PresenceEntry, now: number): Presence => ({
  id: entry.user.id,
  name: entry.user.name,
  until: now + entry.expiresIn * 1000,
  typingUntil: entry.typingExpiresIn === null ? null : now + entry.typingExpiresIn * 1000,
});

/** The server's answer to a signal: who else is there now, replacing what was known. */
export function presenceOf(entries: readonly PresenceEntry[], now = Date.now()): TicketPresenceState {
  return Object.fromEntries(entries.map((entry) => [entry.user.id, toPresence(entry, now)]));
}

/** A live event, into the state of its ticket when its panel is open (else it concerns no screen). */
export function receivePresence(queryClient: QueryClient, event: PresenceEvent, now = Date.now()): void {
  queryClient.setQueryData<TicketPresenceState>(presenceKey(event.ticket), (state) => {
    if (!state) return state;
    const { [event.user.id]: previous, ...others } = state;
    if (event.state === 'left') return others;
    const next = toPresence(event, now);
    // A heartbeat while typing keeps the typing the earlier signal started.
    if (next.typingUntil === null && previous?.typingUntil && previous.typingUntil > now)
      next.typingUntil = previous.typingUntil;
    return { ...others, [event.user.id]: next };
  });
}

/** Those still there at `now`, and those of them typing, by name; the session's own user left out. */
export function presentAt(state: TicketPresenceState | undefined, now: number, self: Identifier | undefined) {
  const present = Object.values(state ?? {})
    .filter((presence) => presence.until > now && String(presence.id) !== String(self))
    .sort((a, b) => a.name.localeCompare(b.name));
  const typing = present.filter((presence) => presence.typingUntil !== null && presence.typingUntil > now);
  // The next moment something lapses: the screen is drawn again then.
  const next = Math.min(
    ...present.flatMap((presence) => [presence.until, ...(presence.typingUntil ? [presence.typingUntil] : [])]),
  );
  return { present, typing, nextChange: Number.isFinite(next) ? next : undefined };
}
